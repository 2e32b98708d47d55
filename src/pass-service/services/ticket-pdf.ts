/**
 * Tickets as a PDF: one A4 page per ticket with the event, the ticket's details, its code and a QR code
 * drawn as vector squares (sharp at any zoom and on any printer). Page, fonts and colours are the shared
 * ones of pdf-doc.ts. Labels live here in the four languages: the service renders the PDF in the order's
 * language without the storefront's dictionaries.
 */
import type { Locale } from "../../lib/i18n/config.ts";
import { formatDateRange } from "../../lib/i18n/format.ts";
import { type CurrencyId, formatMoney } from "../../lib/money.ts";
import { QR_QUIET_ZONE, type QrMatrix, qrMatrix, TICKET_QR_ERROR_CORRECTION } from "../../lib/qr.ts";
import { SERVICE_BRAND } from "../brand.ts";
import {
  COLORS,
  CONTENT_WIDTH,
  type Doc,
  drawBrandHeader,
  drawFooter,
  MARGIN,
  MM,
  renderPdf,
} from "./pdf-doc.ts";

/** Language of a ticket PDF. */
export type TicketPdfLanguage = Locale;

/** One ticket to print. */
export interface TicketPdfTicket {
  /** Printed code, e.g. VST-8F3K-2Q9M. */
  code: string;
  /** What the QR code encodes. */
  qrCode: string;
  ticketTypeName: string;
  groupName: string | null;
  /** Price in minor units of `currencyId`. */
  price: number;
  currencyId: number;
  seat: { sectorName: string; row: string; number: number } | null;
  holderName: string | null;
}

/** Everything a ticket PDF shows. */
export interface TicketPdfInput {
  language: TicketPdfLanguage;
  orderNumber: number;
  buyerName: string;
  event: {
    name: string;
    startsAt: string;
    endsAt: string;
    timezone: string;
    venueName: string | null;
    venueCity: string | null;
    organizerName: string;
  };
  tickets: TicketPdfTicket[];
}

/** Options of {@link renderTicketsPdf}. */
export interface TicketPdfOptions {
  /** CreationDate of the document info (default: now). Fix it for byte-identical output. */
  creationDate?: Date;
}

/** Width of the dark-module area of the QR code, in millimetres (the quiet zone comes on top). */
export const TICKET_QR_MM = 56;

interface Labels {
  ticket: string;
  title: (event: string) => string;
  when: string;
  venue: string;
  organizer: string;
  ticketType: string;
  seat: string;
  seatValue: (sector: string, row: string, number: number) => string;
  holder: string;
  buyer: string;
  price: string;
  free: string;
  order: string;
  code: string;
  note: string;
  page: (n: number, total: number) => string;
}

const LABELS: Record<TicketPdfLanguage, Labels> = {
  cs: {
    ticket: "Vstupenka",
    title: (event) => `Vstupenky – ${event}`,
    when: "Datum a čas",
    venue: "Místo konání",
    organizer: "Pořadatel",
    ticketType: "Typ vstupenky",
    seat: "Sedadlo",
    seatValue: (sector, row, number) => `${sector}, řada ${row}, místo ${number}`,
    holder: "Držitel",
    buyer: "Kupující",
    price: "Cena",
    free: "Zdarma",
    order: "Objednávka",
    code: "Kód vstupenky",
    note: "Vstupenku ukažte u vstupu vytištěnou nebo v telefonu. Každý kód platí pro jeden vstup – nikomu ho neposílejte.",
    page: (n, total) => `Vstupenka ${n} z ${total}`,
  },
  en: {
    ticket: "Ticket",
    title: (event) => `Tickets – ${event}`,
    when: "Date and time",
    venue: "Venue",
    organizer: "Organizer",
    ticketType: "Ticket type",
    seat: "Seat",
    seatValue: (sector, row, number) => `${sector}, row ${row}, seat ${number}`,
    holder: "Ticket holder",
    buyer: "Buyer",
    price: "Price",
    free: "Free",
    order: "Order",
    code: "Ticket code",
    note: "Show this ticket at the entrance, printed or on your phone. Each code admits one person once – do not share it.",
    page: (n, total) => `Ticket ${n} of ${total}`,
  },
  de: {
    ticket: "Eintrittskarte",
    title: (event) => `Eintrittskarten – ${event}`,
    when: "Datum und Uhrzeit",
    venue: "Veranstaltungsort",
    organizer: "Veranstalter",
    ticketType: "Ticketart",
    seat: "Sitzplatz",
    seatValue: (sector, row, number) => `${sector}, Reihe ${row}, Platz ${number}`,
    holder: "Inhaber",
    buyer: "Käufer",
    price: "Preis",
    free: "Kostenlos",
    order: "Bestellung",
    code: "Ticketcode",
    note: "Zeigen Sie diese Eintrittskarte am Eingang ausgedruckt oder auf dem Handy vor. Jeder Code gilt für einen Einlass – geben Sie ihn nicht weiter.",
    page: (n, total) => `Eintrittskarte ${n} von ${total}`,
  },
  sk: {
    ticket: "Vstupenka",
    title: (event) => `Vstupenky – ${event}`,
    when: "Dátum a čas",
    venue: "Miesto konania",
    organizer: "Organizátor",
    ticketType: "Typ vstupenky",
    seat: "Sedadlo",
    seatValue: (sector, row, number) => `${sector}, rad ${row}, miesto ${number}`,
    holder: "Držiteľ",
    buyer: "Kupujúci",
    price: "Cena",
    free: "Zadarmo",
    order: "Objednávka",
    code: "Kód vstupenky",
    note: "Vstupenku ukážte pri vstupe vytlačenú alebo v telefóne. Každý kód platí na jeden vstup – nikomu ho neposielajte.",
    page: (n, total) => `Vstupenka ${n} z ${total}`,
  },
};

/** A seat as printed on tickets and receipts: sector, row and seat in the language given. */
export function seatText(
  language: TicketPdfLanguage,
  seat: { sectorName: string; row: string; number: number },
): string {
  return LABELS[language].seatValue(seat.sectorName, seat.row, seat.number);
}

/** Side of a ticket QR code with its quiet zone, in points. */
function qrSide(matrix: QrMatrix): number {
  return ((TICKET_QR_MM * MM) / matrix.size) * (matrix.size + 2 * QR_QUIET_ZONE);
}

/** Draws a QR code with its quiet zone at (x, y): one filled path of dark-module runs. */
function drawQr(doc: Doc, matrix: QrMatrix, x: number, y: number): void {
  const module = (TICKET_QR_MM * MM) / matrix.size;
  const quiet = QR_QUIET_ZONE * module;
  const side = qrSide(matrix);
  doc.save();
  doc.rect(x, y, side, side).fill("#ffffff");
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(col, row)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(col, row)) col++;
      doc.rect(x + quiet + start * module, y + quiet + row * module, (col - start) * module, module);
    }
  }
  doc.fill("#000000");
  doc.restore();
}

/** Writes a small label and its value below it; returns the y under the value. */
function field(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  doc.text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.font("bold").fontSize(13).fillColor(COLORS.text);
  doc.text(value, x, doc.y + 2, { width });
  return doc.y + 12;
}

/** Font size at which `text` fits `width` in the current font, from `max` down to `min`. */
function fittingSize(doc: Doc, text: string, width: number, max: number, min: number): number {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  return size;
}

function drawPage(doc: Doc, input: TicketPdfInput, ticket: TicketPdfTicket, index: number): void {
  const t = LABELS[input.language];
  const { event } = input;
  const total = input.tickets.length;

  drawBrandHeader(doc, t.ticket);

  // Event.
  doc.font("bold").fontSize(26).fillColor(COLORS.text);
  doc.text(event.name, MARGIN, 96, { width: CONTENT_WIDTH, height: 3 * 32, ellipsis: true, lineGap: 2 });
  const when = formatDateRange(event.startsAt, event.endsAt, input.language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: event.timezone,
  });
  doc.font("regular").fontSize(13).fillColor(COLORS.text);
  doc.text(when, MARGIN, doc.y + 10, { width: CONTENT_WIDTH });
  const venue = [event.venueName, event.venueCity].filter((part): part is string => Boolean(part)).join(", ");
  doc.fontSize(12).fillColor(COLORS.muted);
  if (venue) doc.text(venue, MARGIN, doc.y + 4, { width: CONTENT_WIDTH });
  doc.text(`${t.organizer}: ${event.organizerName}`, MARGIN, doc.y + 4, { width: CONTENT_WIDTH });

  // Ticket card: details on the left, QR code and code on the right.
  const cardTop = doc.y + 24;
  const pad = 20;
  const matrix = qrMatrix(ticket.qrCode, TICKET_QR_ERROR_CORRECTION);
  const side = qrSide(matrix);
  const qrLeft = MARGIN + CONTENT_WIDTH - pad - side;
  drawQr(doc, matrix, qrLeft, cardTop + pad);
  const codeTop = cardTop + pad + side + 6;
  doc.font("mono");
  const codeSize = fittingSize(doc, ticket.code, side, 22, 10);
  doc.fontSize(codeSize).fillColor(COLORS.text);
  doc.text(ticket.code, qrLeft, codeTop, { width: side, align: "center", lineBreak: false });
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  doc.text(t.code.toUpperCase(), qrLeft, codeTop + codeSize + 6, {
    width: side,
    align: "center",
    characterSpacing: 0.6,
  });
  const qrBottom = doc.y;

  const detailsX = MARGIN + pad;
  const detailsWidth = qrLeft - detailsX - pad;
  let y = cardTop + pad;
  const typeName = ticket.groupName
    ? `${ticket.ticketTypeName} (${ticket.groupName})`
    : ticket.ticketTypeName;
  y = field(doc, t.ticketType, typeName, detailsX, y, detailsWidth);
  if (ticket.seat) {
    const { sectorName, row, number } = ticket.seat;
    y = field(doc, t.seat, t.seatValue(sectorName, row, number), detailsX, y, detailsWidth);
  }
  y = ticket.holderName
    ? field(doc, t.holder, ticket.holderName, detailsX, y, detailsWidth)
    : field(doc, t.buyer, input.buyerName, detailsX, y, detailsWidth);
  const price =
    ticket.price === 0 ? t.free : formatMoney(ticket.price, ticket.currencyId as CurrencyId, input.language);
  y = field(doc, t.price, price, detailsX, y, detailsWidth);
  y = field(doc, t.order, String(input.orderNumber), detailsX, y, detailsWidth);

  const cardBottom = Math.max(y, qrBottom) + pad - 8;
  doc.save();
  doc
    .roundedRect(MARGIN, cardTop, CONTENT_WIDTH, cardBottom - cardTop, 12)
    .lineWidth(1)
    .stroke(COLORS.line);
  doc.restore();

  // What to do with it.
  doc.font("regular").fontSize(10).fillColor(COLORS.muted);
  doc.text(t.note, MARGIN, cardBottom + 20, { width: CONTENT_WIDTH, lineGap: 2 });

  drawFooter(doc, `${SERVICE_BRAND} · ${t.order} ${input.orderNumber}`, t.page(index + 1, total));
}

/** Renders the tickets of an order as a PDF: one A4 page per ticket, in the order's language. */
export async function renderTicketsPdf(
  input: TicketPdfInput,
  options: TicketPdfOptions = {},
): Promise<Uint8Array> {
  if (input.tickets.length === 0) throw new RangeError("A ticket PDF needs at least one ticket");
  const t = LABELS[input.language];
  return renderPdf(
    {
      language: input.language,
      title: t.title(input.event.name),
      subject: `${t.order} ${input.orderNumber}`,
      creationDate: options.creationDate,
    },
    (doc) => {
      input.tickets.forEach((ticket, index) => {
        doc.addPage({ size: "A4", margin: 0 });
        drawPage(doc, input, ticket, index);
      });
    },
  );
}
