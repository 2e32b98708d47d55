/**
 * Random ids and digests made in the browser and in Node alike, with the Web Crypto API of
 * `globalThis.crypto` (its one home in the product).
 */

/**
 * A new random version 4 UUID, e.g. an Idempotency-Key. Browsers offer `crypto.randomUUID` only on secure
 * pages (HTTPS, localhost); elsewhere the UUID is made from `crypto.getRandomValues`, which they always offer.
 */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The SHA-256 of a text (UTF-8) as lowercase hex; rejects where the Web Crypto API is missing (insecure pages). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
