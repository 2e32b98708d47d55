/**
 * The pass-service client of islands: the page names the service's public URL on `<html data-pass-url>`
 * (see BaseLayout), and each island asks for the client of its page's language.
 */
import { type ApiClient, createPassClient } from "../client/index.ts";
import type { Locale } from "../lib/i18n/config.ts";
import { passUrl } from "./page.ts";

const clients = new Map<Locale, ApiClient>();

/** The pass client of a language, for islands (created once per language). */
export function browserPass(locale: Locale): ApiClient {
  let client = clients.get(locale);
  if (!client) {
    client = createPassClient({ baseUrl: passUrl(), locale, context: "browser" });
    clients.set(locale, client);
  }
  return client;
}
