/**
 * UUIDs for deep-link ids (spec §2, §5): the RFC 9562 (formerly RFC 4122) text form, versions 1 to 8 with
 * the RFC variant (`10xx`), or the nil UUID. Hex digits may be upper or lower case (RFC 9562 §4).
 */

/** Anchored pattern of a UUID of versions 1 to 8 with the RFC 9562 variant, or the nil UUID. */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000)$/i;

/** True when `value` is a string in UUID text form (versions 1 to 8, or nil). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** Throws an Error naming the parameter when `value` is not a UUID. */
export function assertUuid(name: string, value: unknown): asserts value is string {
  if (!isUuid(value)) {
    const shown = typeof value === "string" ? `"${value}"` : String(value);
    throw new Error(`Parameter "${name}" must be a UUID, got ${shown}`);
  }
}
