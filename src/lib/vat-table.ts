/**
 * The VAT table of a receipt: for each rate, the total, the base without VAT and the VAT, in minor units.
 * Prices are gross (VAT included), so each rate's VAT is computed from its total once — not per line — and
 * rounded to the minor unit; base = total − VAT, so the columns always add up to the receipt's total.
 */

/** One line of a receipt: its gross amount (minor units) and its VAT rate in percent (e.g. 21, 12, 0). */
export interface VatLine {
  total: number;
  rate: number;
}

/** One row of the VAT table. */
export interface VatRow {
  rate: number;
  base: number;
  vat: number;
  total: number;
}

/** VAT contained in a gross amount at a rate: total × rate / (100 + rate), rounded half away from zero. */
export function vatOfGross(total: number, rate: number): number {
  if (!Number.isInteger(total)) throw new Error(`A total must be whole minor units, not ${total}`);
  if (!(rate >= 0 && rate < 100)) throw new Error(`A VAT rate must be 0–99 %, not ${rate}`);
  const exact = (Math.abs(total) * rate) / (100 + rate);
  return Math.sign(total) * Math.round(exact + 1e-9);
}

/** Groups receipt lines by rate (highest rate first) into rows of rate, base, VAT and total. */
export function vatTable(lines: readonly VatLine[]): VatRow[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.rate, (totals.get(line.rate) ?? 0) + line.total);
  return [...totals.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, total]) => {
      const vat = vatOfGross(total, rate);
      return { rate, base: total - vat, vat, total };
    });
}

/** The sums of a VAT table: base, VAT and total over every rate. */
export function vatTableSums(rows: readonly VatRow[]): { base: number; vat: number; total: number } {
  return rows.reduce(
    (sum, row) => ({ base: sum.base + row.base, vat: sum.vat + row.vat, total: sum.total + row.total }),
    {
      base: 0,
      vat: 0,
      total: 0,
    },
  );
}
