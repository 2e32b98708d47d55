/**
 * The interface languages and how translations are organised (spec §1, §9). This is the one list of the
 * storefront's locales: Astro's i18n routing (astro.config.mjs), the route table, the pages' static paths
 * and the clients all take it from here.
 */

/** Supported interface languages, in the order the language switcher shows them; the first one is the default and the fallback. */
export const LOCALES = ["cs", "en", "de", "sk"] as const;

/** One supported interface language code. */
export type Locale = (typeof LOCALES)[number];

/** Default language (spec §9: Czech): its pages are unprefixed. */
export const DEFAULT_LOCALE = LOCALES[0];

/** Language whose texts are used when a key is missing in the requested language (spec §8, §9: Czech). */
export const FALLBACK_LOCALE = LOCALES[0];

/** Translation namespaces, one JSON file each per language. */
export const NAMESPACES = ["main", "common"] as const;

/** One translation namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** Namespace used when a key names none. */
export const DEFAULT_NS = "main" satisfies Namespace;

/** Separator between namespace and key, as in `t("common::nav.home")`. */
export const NS_SEPARATOR = "::";

/** Separator between the segments of a nested key. */
export const KEY_SEPARATOR = ".";

/** Time zone used for dates and times unless a caller asks for another. */
export const DEFAULT_TIME_ZONE = "Europe/Prague";

/** BCP 47 tag handed to `Intl` formatters per language (English uses the European 24-hour style). */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = {
  cs: "cs-CZ",
  en: "en-GB",
  de: "de-DE",
  sk: "sk-SK",
};

/** Whether a value is one of the supported language codes. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A nested translation dictionary as stored in one namespace file. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

/** Both namespaces of one language. */
export type LocaleResources = Readonly<Record<Namespace, Dictionary>>;

/** Translation resources keyed by language; only the languages an instance needs are present. */
export type Resources = Partial<Record<Locale, LocaleResources>>;
