import { describe, expect, it } from "vitest";
import type { ReceiptSource } from "../../src/lib/receipt-view.ts";
import { vatTable } from "../../src/lib/vat-table.ts";
import { renderReceiptPdf } from "../../src/pass-service/services/receipt-pdf.ts";
import { pdfTextLines } from "../support/pdf-text.ts";

const CREATED = new Date("2026-05-01T10:00:00Z");
const lines = [
  { name: "Třídenní vstupenka", count: 2, unitPrice: 189000, total: 378000, vatRate: 12 },
  { name: "Parkování", count: 1, unitPrice: 25000, total: 25000, vatRate: 21 },
];
const receipt: ReceiptSource = {
  receiptNumber: "2026-000123",
  issuedAt: "2026-05-01T10:00:00Z",
  currencyId: 1,
  seller: {
    name: "Louka s.r.o.",
    address: "Dlouhá 1, 110 00 Praha",
    companyId: "27604977",
    vatId: "CZ27604977",
  },
  buyerName: "Jana Nováková",
  billing: null,
  paymentMethodId: 1,
  lines,
  vatTable: vatTable(lines.map((l) => ({ rate: l.vatRate, total: l.total }))),
  total: 403000,
};
const input = { language: "cs" as const, orderNumber: 260042, receipt };
const pages = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString("latin1")
    .match(/\/Type \/Page\b(?!s)/g)?.length;
const plain = (pdf: Uint8Array) => pdfTextLines(pdf).map((l) => l.replace(/\s/g, " "));

describe("renderReceiptPdf", () => {
  it("writes the receipt on one A4 page in the order's language, the same bytes for the same input", async () => {
    const pdf = await renderReceiptPdf(input, CREATED);
    expect(pages(pdf)).toBe(1);
    const text = plain(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        "Daňový doklad 2026-000123",
        "IČO: 27604977",
        "Jana Nováková",
        "Třídenní vstupenka",
        "1 890 Kč",
        "Celkem zaplaceno",
        "4 030 Kč",
        "Rekapitulace DPH",
      ]),
    );
    expect(text.some((l) => l.includes("Objednávka: 260042"))).toBe(true);
    const again = await renderReceiptPdf(input, CREATED);
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
  });

  it("labels every language", async () => {
    const titles = { cs: "Daňový doklad", en: "Receipt", de: "Rechnung", sk: "Daňový doklad" } as const;
    for (const language of ["cs", "en", "de", "sk"] as const) {
      const text = plain(await renderReceiptPdf({ ...input, language }, CREATED));
      expect(text).toContain(`${titles[language]} 2026-000123`);
    }
  });

  it("continues on further pages when the lines do not fit one", async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      name: `Položka ${i + 1}`,
      count: 1,
      unitPrice: 100,
      total: 100,
      vatRate: 21,
    }));
    const long = { ...receipt, lines: many, vatTable: vatTable([{ rate: 21, total: 8000 }]), total: 8000 };
    const pdf = await renderReceiptPdf({ ...input, receipt: long }, CREATED);
    expect(pages(pdf)).toBe(3);
    const text = plain(pdf);
    for (const line of many) expect(text).toContain(line.name);
    expect(text).toContain("Součet");
  });
});
