/** The secret of a demo cart link: the base64 form of the event's id. */

/** The text of a base64 secret (standard or URL-safe alphabet, padding optional); null when it is not base64. */
export function decodeDemoSecret(secret: string | null | undefined): string | null {
  const raw = (secret ?? "").trim();
  if (raw === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  const standard = raw.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (standard.length % 4 === 1) return null;
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** True when the secret of a demo cart link is the base64 form of the event's id. */
export function isDemoSecretFor(secret: string | null | undefined, eventId: string): boolean {
  const decoded = decodeDemoSecret(secret);
  return decoded !== null && decoded.trim().toLowerCase() === eventId.toLowerCase();
}
