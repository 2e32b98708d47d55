/**
 * The pass-service client of pre-rendered pages: one per locale, memoized so that an entity is fetched once
 * per build however many locales and pages show it. The service's base URL comes from PASS_API_URL (set by
 * `npm run build` / `npm start`, which start the embedded service when it is missing).
 */
import type { LocaleCode } from "../contract/common.ts";
import { type ApiClient, createTokenStore, resolveHref } from "./http.ts";
import { createPassClient } from "./pass.ts";

/** Version sent as X-Agent-Version by the storefront. */
export const STOREFRONT_VERSION = "0.1.0";

/** The locales pages are pre-rendered in; one request fetches an entity in all of them. */
const SITE_LOCALES: readonly LocaleCode[] = ["cs", "en", "de", "sk"];

const clients = new Map<LocaleCode, ApiClient>();

/** Base URL of the pass service for pages (PASS_API_URL); an error names the variable when it is missing. */
export function passBaseUrl(): string {
  const url = typeof process !== "undefined" ? process.env.PASS_API_URL : undefined;
  if (!url) {
    throw new Error(
      "PASS_API_URL is not set: build with `npm run build` (it starts the pass service) or set it",
    );
  }
  return url.replace(/\/+$/, "");
}

/** The memoized pass client of a locale, for pages. */
export function sitePass(locale: LocaleCode): ApiClient {
  let client = clients.get(locale);
  if (!client) {
    client = createPassClient({
      baseUrl: passBaseUrl(),
      agentVersion: STOREFRONT_VERSION,
      agentSource: "web",
      language: locale,
      memoizeGet: true,
      batchLanguages: SITE_LOCALES,
      timeoutMs: 30_000,
      tokenStore: createTokenStore(),
    });
    clients.set(locale, client);
  }
  return client;
}

/** An absolute URL for a link or image the service answered with (paths are on the service). */
export function serviceHref(href: string): string {
  return resolveHref(passBaseUrl(), href);
}
