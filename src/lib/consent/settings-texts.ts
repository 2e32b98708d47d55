/**
 * The texts of the cookie settings dialog (`common::consent.*`), translated through i18next for the plural
 * forms of the cookies' lifetimes; loaded with the dialog only (the banner uses `texts.ts`).
 */
import type { Dictionary, Locale } from "../i18n/config.ts";
import { createI18nInstance } from "../i18n/core.ts";
import { type CookieInfo, OWN_COOKIE_PROVIDER } from "./cookies.ts";

/** Translates a key under `consent.` of one language, with values (a `count` picks the plural form). */
export type ConsentT = (key: string, values?: Record<string, unknown>) => string;

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
