/**
 * Codes a buyer types or a link carries (coupon, discount code, supercoupon): their longest length and the
 * comma-separated list an app link's or a cart address's `codes` parameter holds. No zod: the cart's first
 * paint reads a list from its address with this alone.
 */

/** Most characters of a code a buyer types or a scanner reads (coupon, discount code, ticket or chip code). */
export const CODE_MAX_LENGTH = 64;

/** One code of a code list: letters, digits, `-` and `_`, 1 to 64 characters. */
const CODE = `[A-Za-z0-9_-]{1,${CODE_MAX_LENGTH}}`;

/** Anchored pattern of a non-empty comma-separated code list (its source is handed to inline scripts). */
export const CODE_LIST_PATTERN = new RegExp(`^${CODE}(?:,${CODE})*$`);

/** The query parameter of a cart's or a tour page's address that carries codes (`?codes=A,B`). */
export const CODES_PARAM = "codes";

/** The codes of a list (`A,B`), each once, in order; none when the text is not a valid list. */
export function parseCodeList(text: string | null | undefined): string[] {
  if (!text || !CODE_LIST_PATTERN.test(text)) return [];
  return [...new Set(text.split(","))];
}
