/**
 * The pass-service client of islands: the page names the service's public URL on `<html data-pass-url>`
 * (see BaseLayout), and each island asks for the client of its page's language.
 */
import { type ApiClient, createPassClient } from "../client/index.ts";
import type { Locale } from "../lib/i18n/config.ts";

/** Version sent as X-Agent-Version by islands (same as pages). */
const AGENT_VERSION = "0.1.0";

const clients = new Map<Locale, ApiClient>();

/** Base URL of the pass service for the browser, from `<html data-pass-url>`. */
export function passUrl(): string {
  const url = typeof document === "undefined" ? undefined : document.documentElement.dataset.passUrl;
  if (!url) throw new Error("The page does not name the pass service (<html data-pass-url>)");
  return url.replace(/\/+$/, "");
}

/** The pass client of a language, for islands (created once per language). */
export function browserPass(locale: Locale): ApiClient {
  let client = clients.get(locale);
  if (!client) {
    client = createPassClient({
      baseUrl: passUrl(),
      agentVersion: AGENT_VERSION,
      agentSource: "web",
      language: locale,
      timeoutMs: 20_000,
    });
    clients.set(locale, client);
  }
  return client;
}
