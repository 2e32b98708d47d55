import { describe, expect, it } from "vitest";
import { formatVatRate, type ReceiptSource, receiptView } from "../../src/lib/receipt-view.ts";
import { vatTable } from "../../src/lib/vat-table.ts";

/** Every kind of space (Intl writes no-break spaces) as a plain one. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, " "));

const lines = [
  { name: "Třídenní vstupenka", count: 2, unitPrice: 189000, total: 378000, vatRate: 12 },
  { name: "Parkování", count: 1, unitPrice: 25050, total: 25050, vatRate: 21 },
];

const receipt: ReceiptSource = {
  receiptNumber: "2026-000123",
  issuedAt: "2026-07-01T22:30:00Z",
  currencyId: 1,
  seller: {
    name: "Louka s.r.o.",
    address: "Dlouhá 1, 110 00 Praha",
    companyId: "27604977",
    vatId: "CZ27604977",
  },
  buyerName: "Jana Nováková",
  billing: null,
  paymentMethodId: 2,
  lines,
  vatTable: vatTable(lines.map((l) => ({ rate: l.vatRate, total: l.total }))),
  total: 403050,
};

describe("receiptView", () => {
  it("formats the lines, the VAT table with its sums and the total in the receipt's currency", () => {
    const view = plain(receiptView(receipt, "cs"));
    expect(view.lines).toEqual([
      { name: "Třídenní vstupenka", count: 2, unitPrice: "1 890 Kč", total: "3 780 Kč", vatRate: "12 %" },
      { name: "Parkování", count: 1, unitPrice: "250,50 Kč", total: "250,50 Kč", vatRate: "21 %" },
    ]);
    // Highest rate first; base + VAT = total per row and in the sums.
    expect(view.vatRows).toEqual([
      { rate: "21 %", base: "207,02 Kč", vat: "43,48 Kč", total: "250,50 Kč" },
      { rate: "12 %", base: "3 375 Kč", vat: "405 Kč", total: "3 780 Kč" },
    ]);
    expect(view.vatSums).toEqual({ base: "3 582,02 Kč", vat: "448,48 Kč", total: "4 030,50 Kč" });
    expect(view.total).toBe("4 030,50 Kč");
  });

  it("dates the receipt in Prague time and names the payment method in the language", () => {
    // 22:30 UTC on 1 July is 00:30 on 2 July in Prague.
    expect(receiptView(receipt, "en")).toMatchObject({
      issuedOn: "2 July 2026",
      paymentMethod: "Bank transfer",
    });
    expect(receiptView(receipt, "de").paymentMethod).toBe("Banküberweisung");
    expect(receiptView({ ...receipt, paymentMethodId: null }, "sk").paymentMethod).toBeNull();
  });

  it("shows the buyer's name alone without a company invoice", () => {
    const view = receiptView(receipt, "en");
    expect(view.companyInvoice).toBe(false);
    expect(view.buyer).toEqual({ name: "Jana Nováková", address: [], companyId: null, vatId: null });
    expect(view.seller).toEqual({
      name: "Louka s.r.o.",
      address: ["Dlouhá 1, 110 00 Praha"],
      companyId: "27604977",
      vatId: "CZ27604977",
    });
  });

  it("shows the billing data of a company invoice: company, address with the country, ids", () => {
    const billing = {
      companyName: "Žluťoučký kůň a.s.",
      companyId: "12345678",
      vatId: "SK2020123456",
      address: "Hlavná 5, 811 01 Bratislava",
      countryId: 2,
    };
    const view = receiptView({ ...receipt, billing }, "sk");
    expect(view.companyInvoice).toBe(true);
    expect(view.buyer).toEqual({
      name: "Žluťoučký kůň a.s.",
      address: ["Hlavná 5, 811 01 Bratislava", "Slovensko"],
      companyId: "12345678",
      vatId: "SK2020123456",
    });
    // A billing address without a company name is printed under the buyer's name.
    expect(receiptView({ ...receipt, billing: { ...billing, companyName: null } }, "sk").buyer.name).toBe(
      "Jana Nováková",
    );
  });

  it("writes VAT rates as percentages of the language, decimals included", () => {
    expect(plain(formatVatRate(21, "cs"))).toBe("21 %");
    expect(formatVatRate(21, "en")).toBe("21%");
    expect(plain(formatVatRate(5.5, "de"))).toBe("5,5 %");
    expect(plain(formatVatRate(0, "sk"))).toBe("0 %");
  });
});
