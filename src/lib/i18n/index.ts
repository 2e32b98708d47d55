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

/** Cached translate function of a language over the bundled resources (`t("common::nav.home")`). */
export function getT(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale).getFixedT(locale);
    translators.set(locale, t);
  }
  return t;
}
