/**
 * The clients of islands: the pass service's (the page names its public URL on `<html data-pass-url>`, see
 * BaseLayout), one per language, and the storefront's own `/api/auth/*` calls on the page's origin. Every
 * pass client shares one token store, which the session store fills (spec §4: the token goes to the
 * clients; there is no separate tickets client in the browser, the pass client serves both).
 */
import { type ApiClient, createPassClient, createTokenStore } from "../client/index.ts";
import type { Locale } from "../lib/i18n/config.ts";
import { passUrl } from "./page.ts";

const clients = new Map<Locale, ApiClient>();

/** The bearer token of the browser's session, shared by every pass client of the page. */
export const browserTokenStore = /* @__PURE__ */ createTokenStore();

/** The pass client of a language, for islands (created once per language). */
export function browserPass(locale: Locale): ApiClient {
  let client = clients.get(locale);
  if (!client) {
    client = createPassClient({
      baseUrl: passUrl(),
      locale,
      context: "browser",
      tokenStore: browserTokenStore,
    });
    clients.set(locale, client);
  }
  return client;
}

/** A client of the storefront's own calls (`/api/auth/*`, contract area `web`) on the page's origin. */
export function storefrontApi(locale: Locale): ApiClient {
  return createPassClient({ baseUrl: "", locale, context: "browser" });
}
