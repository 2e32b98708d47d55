/** Summaries of a benchmark's repeated measurements. */

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return Number.NaN;
  return Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
    : (sorted[Math.floor(middle)] ?? Number.NaN);
}

/** "median (lowest–highest) ms", whole numbers with thousands separators; no unit for `unit: ""`. */
export function spread(values: readonly number[], unit = "ms"): string {
  const round = (n: number) => Math.round(n).toLocaleString("en");
  const range = `${round(median(values))} (${round(Math.min(...values))}–${round(Math.max(...values))})`;
  return unit ? `${range} ${unit}` : range;
}
