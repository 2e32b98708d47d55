/**
 * Deterministic ids of the catalog: name-based UUIDs (RFC 9562 version 5, SHA-1), so the demo catalog and
 * the seats the importer generates get the same ids on every run and machine.
 */
import { createHash } from "node:crypto";

/** Namespace of every id made by `stableId` (a fixed random UUID; never change it, ids would change). */
export const STABLE_ID_NAMESPACE = "5b0e7c2a-93d4-4f61-8a2e-7c1d9e4b3f08";

/** Separator between the parts given to `stableId`. */
export const STABLE_ID_SEPARATOR = "/";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bytes of a UUID in text form; throws when the text is not a UUID. */
function uuidBytes(uuid: string): Buffer {
  if (!UUID_PATTERN.test(uuid)) throw new Error(`Not a UUID: ${uuid}`);
  return Buffer.from(uuid.replaceAll("-", ""), "hex");
}

/** A name-based UUID version 5 (RFC 9562 §5.5): SHA-1 of the namespace bytes and the UTF-8 name. */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash("sha1").update(uuidBytes(namespace)).update(name, "utf8").digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A deterministic UUID of the parts joined by `/` in `STABLE_ID_NAMESPACE`, e.g.
 * `stableId("event", "louka-open-air")`; the same parts give the same id everywhere.
 */
export function stableId(...parts: string[]): string {
  if (parts.length === 0) throw new Error("stableId needs at least one part");
  return uuidV5(STABLE_ID_NAMESPACE, parts.join(STABLE_ID_SEPARATOR));
}
