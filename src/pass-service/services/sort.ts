/** Orders of catalog rows that do not depend on the runtime's locale, as PostgreSQL orders them. */

/** Compares texts by code point (as PostgreSQL compares uuids), independent of the runtime's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator by display order, then by the key (an id) for rows of the same display order. */
export function byDisplayOrder<T extends { displayOrder: number }>(key: (x: T) => string) {
  return (a: T, b: T) => a.displayOrder - b.displayOrder || compareText(key(a), key(b));
}
