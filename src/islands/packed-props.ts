/**
 * An island's large props as one JSON text. Astro writes an island's props in a form of its own, each value
 * a `[type, value]` pair, and on the server it builds that form twice per island (once for the island's id,
 * once for the page); the browser then revives it value by value. A cart's props (its catalog and texts,
 * about 15 KB) made that most of what an island cost a cart page. Packed, Astro sees one string, and the
 * island parses it once, on the server and in the browser alike, so both render from the same values. (The
 * cart's texts, the same on every cart page of a language, now go in an element of their own: ./page-texts.ts.)
 * Only for values JSON keeps as they are: no dates, maps, sets or `undefined` in arrays.
 */

/** A value packed as JSON text; the type parameter says what `unpack` gives back. */
export type Packed<T> = string & { readonly packedValue?: T };

/** The value as one JSON text, for an island's prop. */
export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

/** The value a page packed. */
export function unpack<T>(packed: Packed<T>): T {
  return JSON.parse(packed) as T;
}
