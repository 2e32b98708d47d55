import type { TFunction } from "i18next";
import { rememberIn } from "../bounded-memo.ts";
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

/** Texts with options a translate function keeps at most (then it starts over: `rememberIn`). */
const OPTION_TEXTS_MAX = 5_000;

/**
 * The key under which a call with options is remembered, or undefined when its options are not all strings,
 * numbers and booleans (objects to interpolate, functions) or ask for an object (`returnObjects`), which go to
 * i18next each time.
 */
function optionsKey(key: string, options: object): string | undefined {
  let out = key;
  for (const [name, value] of Object.entries(options)) {
    if (name === "returnObjects") return undefined;
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return undefined;
    out += `\u0000${name}\u0000${type[0]}${String(value)}`;
  }
  return out;
}

/**
 * A translate function that remembers its texts: those of plain keys, and those of calls whose options are
 * plain values (a count, a name to interpolate). The same labels, counts and names are looked up on every page
 * a build renders, and i18next's interpolation and plural rules cost several microseconds a call. The
 * resources of a language never change in a running process.
 */
function rememberTexts(t: Translate): Translate {
  const texts = new Map<string, string>();
  const withOptions = new Map<string, string>();
  const remembering = (...args: Parameters<Translate>): string => {
    const [key, options] = args;
    if (typeof key !== "string" || args.length > 2) return t(...args) as string;
    if (options === undefined) {
      let text = texts.get(key);
      if (text === undefined) {
        text = t(key) as string;
        texts.set(key, text);
      }
      return text;
    }
    const memoKey = typeof options === "object" && options !== null ? optionsKey(key, options) : undefined;
    if (memoKey === undefined) return t(...args) as string;
    return rememberIn(withOptions, memoKey, OPTION_TEXTS_MAX, () => t(...args) as string);
  };
  return Object.assign(remembering, t) as unknown as Translate;
}

/** Cached translate function of a language over the bundled resources (`t("common::nav.home")`). */
export function getT(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = rememberTexts(createI18n(locale).getFixedT(locale));
    translators.set(locale, t);
  }
  return t;
}
