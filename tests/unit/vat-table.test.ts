import { describe, expect, it } from "vitest";
import { vatOfGross, vatTable, vatTableSums } from "../../src/lib/vat-table.ts";

describe("vatOfGross", () => {
  it("takes the VAT out of a gross amount and rounds to the minor unit", () => {
    expect(vatOfGross(12100, 21)).toBe(2100);
    expect(vatOfGross(89000, 21)).toBe(15446); // 890 Kč incl. 21 %: 154.463…
    expect(vatOfGross(11200, 12)).toBe(1200);
    expect(vatOfGross(5000, 0)).toBe(0);
    expect(vatOfGross(-12100, 21)).toBe(-2100);
  });

  it("refuses fractional totals and impossible rates", () => {
    expect(() => vatOfGross(10.5, 21)).toThrow(/whole minor units/);
    expect(() => vatOfGross(100, -1)).toThrow(/0–99/);
    expect(() => vatOfGross(100, 100)).toThrow(/0–99/);
  });
});

describe("vatTable", () => {
  it("groups lines by rate, highest first, and computes each rate once from its total", () => {
    const rows = vatTable([
      { total: 89000, rate: 21 },
      { total: 89000, rate: 21 },
      { total: 11200, rate: 12 },
      { total: 2500, rate: 0 },
    ]);
    expect(rows).toEqual([
      { rate: 21, base: 147107, vat: 30893, total: 178000 },
      { rate: 12, base: 10000, vat: 1200, total: 11200 },
      { rate: 0, base: 2500, vat: 0, total: 2500 },
    ]);
  });

  it("sorts rates highest first whatever the order of the lines", () => {
    const rows = vatTable([
      { total: 1000, rate: 0 },
      { total: 1120, rate: 12 },
      { total: 1210, rate: 21 },
      { total: 1100, rate: 10 },
    ]);
    expect(rows.map((row) => row.rate)).toEqual([21, 12, 10, 0]);
  });

  it("takes the base as total − VAT, also when the VAT is a half-unit tie", () => {
    // 14 at 12 %: VAT 1.5 rounds to 2, so the base is 12; a base rounded by itself (12.5 → 13) would not add up.
    expect(vatTable([{ total: 14, rate: 12 }])).toEqual([{ rate: 12, base: 12, vat: 2, total: 14 }]);
    expect(vatOfGross(14, 12)).toBe(2);
    expect(vatOfGross(-14, 12)).toBe(-2);
  });

  it("always adds up: base + VAT = total per row and over the table", () => {
    const lines = [333, 1999, 12345, 7, 89000].flatMap((total) =>
      [21, 12, 10].map((rate) => ({ total, rate })),
    );
    const rows = vatTable(lines);
    for (const row of rows) expect(row.base + row.vat).toBe(row.total);
    const sums = vatTableSums(rows);
    expect(sums.total).toBe(lines.reduce((s, l) => s + l.total, 0));
    expect(sums.base + sums.vat).toBe(sums.total);
  });

  it("is empty for no lines", () => {
    expect(vatTable([])).toEqual([]);
    expect(vatTableSums([])).toEqual({ base: 0, vat: 0, total: 0 });
  });
});
