/**
 * A receipt as a PDF, in the order's language: seller, receipt number and date, order number, payment
 * method, buyer (with the billing data of a company invoice), the lines, the VAT table per rate and the
 * total. The text is the receipt view of src/lib/receipt-view.ts (shared with the storefront); page and
 * fonts are those of pdf-doc.ts. Labels live here in the four languages, as for the tickets' PDF.
 */
import type { Locale } from "../../lib/i18n/config.ts";
import { type ReceiptPartyView, type ReceiptSource, receiptView } from "../../lib/receipt-view.ts";
import { SERVICE_BRAND } from "../brand.ts";
import {
  COLORS,
  CONTENT_WIDTH,
  type Doc,
  drawBrandHeader,
  drawFooter,
  MARGIN,
  PAGE,
  renderPdf,
} from "./pdf-doc.ts";

/** Everything a receipt PDF shows. */
export interface ReceiptPdfInput {
  language: Locale;
  orderNumber: number;
  receipt: ReceiptSource;
}

interface Labels {
  receipt: string;
  title: (number: string) => string;
  issuedOn: string;
  order: string;
  payment: string;
  seller: string;
  buyer: string;
  companyId: string;
  vatId: string;
  columns: [item: string, count: string, unitPrice: string, vat: string, amount: string];
  vatTable: string;
  vatColumns: [rate: string, base: string, vat: string, total: string];
  sum: string;
  total: string;
}

const LABELS: Record<Locale, Labels> = {
  cs: {
    receipt: "Daňový doklad",
    title: (n) => `Daňový doklad ${n}`,
    issuedOn: "Datum vystavení",
    order: "Objednávka",
    payment: "Způsob platby",
    seller: "Prodávající",
    buyer: "Kupující",
    companyId: "IČO",
    vatId: "DIČ",
    columns: ["Položka", "Počet", "Cena za kus", "DPH", "Celkem"],
    vatTable: "Rekapitulace DPH",
    vatColumns: ["Sazba", "Základ", "DPH", "Celkem"],
    sum: "Součet",
    total: "Celkem zaplaceno",
  },
  en: {
    receipt: "Receipt",
    title: (n) => `Receipt ${n}`,
    issuedOn: "Issued on",
    order: "Order",
    payment: "Payment method",
    seller: "Seller",
    buyer: "Buyer",
    companyId: "Company ID",
    vatId: "VAT ID",
    columns: ["Item", "Qty", "Unit price", "VAT", "Amount"],
    vatTable: "VAT summary",
    vatColumns: ["Rate", "Base", "VAT", "Total"],
    sum: "Sum",
    total: "Total paid",
  },
  de: {
    receipt: "Rechnung",
    title: (n) => `Rechnung ${n}`,
    issuedOn: "Ausgestellt am",
    order: "Bestellung",
    payment: "Zahlungsart",
    seller: "Verkäufer",
    buyer: "Käufer",
    companyId: "Firmennummer",
    vatId: "USt-IdNr.",
    columns: ["Posten", "Menge", "Einzelpreis", "MwSt.", "Betrag"],
    vatTable: "MwSt.-Übersicht",
    vatColumns: ["Satz", "Netto", "MwSt.", "Brutto"],
    sum: "Summe",
    total: "Bezahlt insgesamt",
  },
  sk: {
    receipt: "Daňový doklad",
    title: (n) => `Daňový doklad ${n}`,
    issuedOn: "Dátum vystavenia",
    order: "Objednávka",
    payment: "Spôsob platby",
    seller: "Predávajúci",
    buyer: "Kupujúci",
    companyId: "IČO",
    vatId: "IČ DPH",
    columns: ["Položka", "Počet", "Cena za kus", "DPH", "Spolu"],
    vatTable: "Rekapitulácia DPH",
    vatColumns: ["Sadzba", "Základ", "DPH", "Spolu"],
    sum: "Súčet",
    total: "Spolu zaplatené",
  },
};

const BOTTOM = PAGE.height - 80;

/** Writes a party block (label, name, address, ids) at x; answers the y under it. */
function party(doc: Doc, t: Labels, label: string, p: ReceiptPartyView, x: number, y: number): number {
  const width = CONTENT_WIDTH / 2 - 12;
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  doc.text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.font("bold").fontSize(12).fillColor(COLORS.text);
  doc.text(p.name, x, doc.y + 3, { width });
  doc.font("regular").fontSize(10);
  for (const line of p.address) doc.text(line, x, doc.y + 2, { width });
  if (p.companyId) doc.text(`${t.companyId}: ${p.companyId}`, x, doc.y + 2, { width });
  if (p.vatId) doc.text(`${t.vatId}: ${p.vatId}`, x, doc.y + 2, { width });
  return doc.y;
}

/** Column x positions and widths of a table of `widths` (fractions of the content width); the first is text. */
function columns(widths: number[]): { x: number; width: number }[] {
  let x = MARGIN;
  return widths.map((w) => {
    const col = { x, width: w * CONTENT_WIDTH - 6 };
    x += w * CONTENT_WIDTH;
    return col;
  });
}

/** Writes one table row (the first cell left, the others right aligned); answers the y under it. */
function row(
  doc: Doc,
  cols: { x: number; width: number }[],
  cells: string[],
  y: number,
  bold = false,
): number {
  doc
    .font(bold ? "bold" : "regular")
    .fontSize(10)
    .fillColor(COLORS.text);
  let bottom = y;
  cells.forEach((cell, i) => {
    const col = cols[i];
    if (!col) return;
    doc.text(cell, col.x, y, { width: col.width, align: i === 0 ? "left" : "right" });
    bottom = Math.max(bottom, doc.y);
  });
  return bottom + 5;
}

/** Draws a thin rule across the content at y. */
function rule(doc: Doc, y: number, color = COLORS.line): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke(color);
}

/** Adds a page with the brand header and the footer. */
function page(doc: Doc, t: Labels, input: ReceiptPdfInput): void {
  doc.addPage({ size: "A4", margin: 0 });
  drawBrandHeader(doc, t.receipt);
  drawFooter(
    doc,
    `${SERVICE_BRAND} · ${t.title(input.receipt.receiptNumber)}`,
    `${t.order} ${input.orderNumber}`,
  );
}

/** Starts a new page when y is too low for another row; answers the y to go on at. */
function room(doc: Doc, t: Labels, input: ReceiptPdfInput, y: number): number {
  if (y < BOTTOM) return y;
  page(doc, t, input);
  return 96;
}

function draw(doc: Doc, input: ReceiptPdfInput): void {
  const t = LABELS[input.language];
  const v = receiptView(input.receipt, input.language);
  page(doc, t, input);

  doc.font("bold").fontSize(22).fillColor(COLORS.text);
  doc.text(t.title(v.number), MARGIN, 92, { width: CONTENT_WIDTH });
  doc.font("regular").fontSize(10).fillColor(COLORS.muted);
  const facts = [`${t.issuedOn}: ${v.issuedOn}`, `${t.order}: ${input.orderNumber}`];
  if (v.paymentMethod) facts.push(`${t.payment}: ${v.paymentMethod}`);
  doc.text(facts.join("   ·   "), MARGIN, doc.y + 6, { width: CONTENT_WIDTH });

  const top = doc.y + 24;
  const left = party(doc, t, t.seller, v.seller, MARGIN, top);
  const right = party(doc, t, t.buyer, v.buyer, MARGIN + CONTENT_WIDTH / 2 + 12, top);

  const lineCols = columns([0.46, 0.1, 0.17, 0.1, 0.17]);
  let y = Math.max(left, right) + 28;
  y = row(doc, lineCols, t.columns, y, true);
  rule(doc, y - 2);
  y += 4;
  for (const l of v.lines) {
    y = room(doc, t, input, y);
    y = row(doc, lineCols, [l.name, String(l.count), l.unitPrice, l.vatRate, l.total], y);
  }
  rule(doc, y - 2, COLORS.text);
  y = row(doc, lineCols, [t.total, "", "", "", v.total], y + 4, true);

  y = room(doc, t, input, y + 20);
  doc.font("bold").fontSize(12).fillColor(COLORS.text);
  doc.text(t.vatTable, MARGIN, y, { width: CONTENT_WIDTH });
  const vatCols = columns([0.34, 0.22, 0.22, 0.22]);
  y = row(doc, vatCols, t.vatColumns, doc.y + 6, true);
  rule(doc, y - 2);
  y += 4;
  for (const r of v.vatRows) {
    y = room(doc, t, input, y);
    y = row(doc, vatCols, [r.rate, r.base, r.vat, r.total], y);
  }
  rule(doc, y - 2, COLORS.text);
  row(doc, vatCols, [t.sum, v.vatSums.base, v.vatSums.vat, v.vatSums.total], y + 4, true);
}

/** Renders a receipt as a PDF in the given language. */
export function renderReceiptPdf(input: ReceiptPdfInput, creationDate?: Date): Promise<Uint8Array> {
  const t = LABELS[input.language];
  return renderPdf(
    {
      language: input.language,
      title: t.title(input.receipt.receiptNumber),
      subject: `${t.order} ${input.orderNumber}`,
      creationDate,
    },
    (doc) => draw(doc, input),
  );
}
