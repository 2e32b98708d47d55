/**
 * The islands' translate function over one language's dictionary, without shipping i18next to the browser
 * (~16 KB gzip): it does what the islands' texts use of i18next (with the options of ./core.ts) and answers
 * exactly as i18next does (tests/unit/dictionary-t.test.ts compares them on every text of the islands):
 * nested keys, `{{name}}` interpolation, and plural keys (`key_one`, `key_few`, …) picked by `count`.
 * A missing key answers the key, a missing value keeps its placeholder; both are logged.
 */
import { type Dictionary, KEY_SEPARATOR, type Locale } from "./config.ts";
import { pluralCategory } from "./plural.ts";

/** Translates a key of the dictionary, with values (a numeric `count` picks the plural form). */
export type DictionaryT = (key: string, values?: Readonly<Record<string, unknown>>) => string;

/** The text at a dotted key of a dictionary (an empty text counts as missing, as in i18next). */
function lookup(dictionary: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" && node !== "" ? node : undefined;
}

/** A translate function over one language's dictionary (see the module comment). */
export function dictionaryT(
  locale: Locale,
  dictionary: Dictionary,
  logger: { warn(message: string): void } = console,
): DictionaryT {
  return (key, values) => {
    const count = values?.count;
    const text =
      (typeof count === "number"
        ? lookup(dictionary, `${key}_${pluralCategory(locale, count)}`)
        : undefined) ?? lookup(dictionary, key);
    if (text === undefined) {
      logger.warn(`Missing translation "${key}" in ${locale}; showing the key`);
      return key;
    }
    if (!values) return text;
    return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (placeholder, name: string) => {
      const value = values[name];
      if (value === undefined) {
        logger.warn(`Missing interpolation value "${name}" in "${text}"`);
        return placeholder;
      }
      return value === null ? "" : String(value);
    });
  };
}
