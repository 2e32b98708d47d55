/**
 * The cart's modules that call the service, loaded on first use (a dynamic `import()`): with them come the
 * pass client and the contract's schemas, which the first paint of a cart does not need.
 */

import { CODES_PARAM, parseCodeList } from "../../lib/validation/code-list.ts";

/** The hold's requests (`hold.store.ts`): live availability, holding, releasing, holding again. */
export function holdRequests(): Promise<typeof import("./hold.store.ts")> {
  return import("./hold.store.ts");
}

/** Applying and removing codes (`codes.store.ts`). */
export function codeRequests(): Promise<typeof import("./codes.store.ts")> {
  return import("./codes.store.ts");
}

/**
 * Applies the codes of the cart's address (`?codes=A,B`, where an app link's web page lands), one after the
 * other as if typed; an invalid list is ignored. Resolves with the address without the parameter, or null
 * when it had none.
 */
export async function applyAddressCodes(eventId: string, href: string): Promise<string | null> {
  const url = new URL(href);
  if (!url.searchParams.has(CODES_PARAM)) return null;
  const codes = parseCodeList(url.searchParams.get(CODES_PARAM));
  url.searchParams.delete(CODES_PARAM);
  if (codes.length > 0) {
    const { applyCode } = await codeRequests();
    for (const code of codes) await applyCode(eventId, code);
  }
  return url.href;
}
