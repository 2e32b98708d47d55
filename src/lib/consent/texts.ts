/**
 * The texts of the consent banner and the cookie settings (`common::consent.*` of the locale files). The
 * page hands the island its language's `consent` dictionary; the banner reads its few texts directly
 * (`consentText`), so its code carries no i18next, while the settings dialog, loaded on demand, translates
 * through i18next for the plural forms of the cookies' expirations.
 */
import type { Dictionary, Locale } from "../i18n/config.ts";
import { createI18nInstance } from "../i18n/core.ts";
import { type CookieInfo, OWN_COOKIE_PROVIDER } from "./cookies.ts";

/** Translates a key under `consent.` of one language, with values (a `count` picks the plural form). */
export type ConsentT = (key: string, values?: Record<string, unknown>) => string;

/** The text at a dotted key of the `consent` dictionary (the key itself when missing, as i18next shows it). */
export function consentText(messages: Dictionary, key: string): string {
  let node: string | Dictionary | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : key;
}

/** A translate function over the `consent` texts of one language (plural forms and interpolation of i18next). */
export function createConsentT(locale: Locale, messages: Dictionary): ConsentT {
  const i18n = createI18nInstance(locale, { [locale]: { common: { consent: messages }, main: {} } });
  const t = i18n.getFixedT(locale, "common", "consent");
  return (key, values) => String(values ? t(key, values) : t(key));
}

/** How long a cookie lasts, in words of the language: "365 days", "2 roky", "13 Monate". */
export function expirationText(t: ConsentT, cookie: Pick<CookieInfo, "expiration">): string {
  const { count, unit } = cookie.expiration;
  return t(`unit.${unit}`, { count });
}

/** Who sets a cookie, as the settings show it: the site's own name for the shop's cookies. */
export function cookieProviderName(cookie: Pick<CookieInfo, "provider">, siteName: string): string {
  return cookie.provider === OWN_COOKIE_PROVIDER ? siteName : cookie.provider;
}
