/** Helpers for catalog rows: orders that do not depend on the runtime's locale, and a row that must exist. */

/** Compares texts by code point (as PostgreSQL compares uuids), independent of the runtime's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator by display order, then by the key (an id) for rows of the same display order. */
export function byDisplayOrder<T extends { displayOrder: number }>(key: (x: T) => string) {
  return (a: T, b: T) => a.displayOrder - b.displayOrder || compareText(key(a), key(b));
}

/** A related row that must exist (a foreign key guarantees it): fails loudly if it does not. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Missing ${what}`);
  return value;
}

/** Keeps the order of `ids` (first occurrence), dropping ids without a row. */
export function inIdOrder<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  const seen = new Set<string>();
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

/** The ids without repeats, in the order of their first occurrence. */
export const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
