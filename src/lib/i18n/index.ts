import type { TFunction } from "i18next";
import type { Locale, Resources } from "./config.ts";
import { createI18nInstance, type I18n, type I18nLogger } from "./core.ts";
import { resourcesFor } from "./resources.ts";

export * from "./config.ts";
export type { I18n, I18nLogger } from "./core.ts";
export * from "./format.ts";
export * from "./plural.ts";
export { resourcesFor } from "./resources.ts";

/** Options of `createI18n`: resources (default: the bundled language plus Czech) and a logger (default: console). */
export interface CreateI18nOptions {
  resources?: Resources;
  logger?: I18nLogger;
}

/** A translate function bound to one language. */
export type Translate = TFunction;

/** Creates an initialised i18next instance for a language: Czech fallback, then the key; warnings on gaps. */
export function createI18n(locale: Locale, options: CreateI18nOptions = {}): I18n {
  return createI18nInstance(locale, options.resources ?? resourcesFor(locale), options.logger ?? console);
}

const translators = new Map<Locale, Translate>();

/**
 * A translate function that remembers the texts of plain keys (no options: nothing to interpolate or pluralize),
 * as the same labels are looked up on every page a build renders; calls with options go to i18next.
 */
function rememberPlainKeys(t: Translate): Translate {
  const texts = new Map<string, string>();
  const remembering = (...args: Parameters<Translate>): string => {
    const [key, options] = args;
    if (typeof key !== "string" || args.length > 1 || options !== undefined) return t(...args) as string;
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key) as string;
      texts.set(key, text);
    }
    return text;
  };
  return Object.assign(remembering, t) as unknown as Translate;
}

/** Cached translate function of a language over the bundled resources (`t("common::nav.home")`). */
export function getT(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = rememberPlainKeys(createI18n(locale).getFixedT(locale));
    translators.set(locale, t);
  }
  return t;
}
