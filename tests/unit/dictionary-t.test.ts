/**
 * The islands' translate function (src/lib/i18n/dictionary-t.ts) answers as i18next (src/lib/i18n/core.ts)
 * for every text of the islands that use it, in every language: plain keys, interpolated values, plural
 * forms for many counts, a missing key and a missing value.
 */
import { describe, expect, it } from "vitest";
import { type Dictionary, LOCALES, type Locale } from "../../src/lib/i18n/config.ts";
import { createI18nInstance } from "../../src/lib/i18n/core.ts";
import { dictionaryT } from "../../src/lib/i18n/dictionary-t.ts";
import { resourcesFor } from "../../src/lib/i18n/index.ts";

const quiet = { warn: () => {} };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 101, 1.5];

/** Every key of a dictionary (plural families once, without their suffix) with its texts' placeholders. */
function keysOf(dictionary: Dictionary, prefix = ""): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [name, value] of Object.entries(dictionary)) {
    const key = `${prefix}${name}`;
    if (typeof value !== "string") {
      for (const [k, v] of keysOf(value, `${key}.`)) keys.set(k, v);
      continue;
    }
    const family = key.replace(PLURAL_SUFFIX, "");
    const names = keys.get(family) ?? new Set<string>();
    for (const m of value.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) names.add(m[1] ?? "");
    keys.set(family, names);
  }
  return keys;
}

/**
 * i18next's answer over the same dictionary, as the islands used it (a missing key, which i18next answers
 * with the key prefixed by the dictionary's place in the resources, without that prefix).
 */
function i18nextT(locale: Locale, dictionary: Dictionary) {
  const i18n = createI18nInstance(locale, { [locale]: { main: { island: dictionary }, common: {} } }, quiet);
  const t = i18n.getFixedT(locale, "main", "island");
  return (key: string, values?: Record<string, unknown>) =>
    String(values ? t(key, values) : t(key)).replace(/^island\./, "");
}

describe("dictionaryT", () => {
  for (const locale of LOCALES) {
    for (const area of ["cart", "seating"] as const) {
      it(`answers as i18next for every ${area} text in ${locale}`, () => {
        const dictionary = resourcesFor(locale)[locale]?.main[area] as Dictionary;
        const ours = dictionaryT(locale, dictionary, quiet);
        const theirs = i18nextT(locale, dictionary);
        const keys = keysOf(dictionary);
        expect(keys.size).toBeGreaterThan(5);
        for (const [key, names] of keys) {
          const values = Object.fromEntries([...names].map((name) => [name, `<${name}>`]));
          expect(ours(key), key).toBe(theirs(key));
          expect(ours(key, values), key).toBe(theirs(key, values));
          if (!names.has("count")) continue;
          for (const count of COUNTS)
            expect(ours(key, { ...values, count }), `${key} ${count}`).toBe(
              theirs(key, { ...values, count }),
            );
        }
      });
    }

    it(`answers a missing key with the key and keeps a missing value's placeholder in ${locale}`, () => {
      const dictionary = { greeting: "Hello {{name}}", nested: { empty: "" } };
      const ours = dictionaryT(locale, dictionary, quiet);
      const theirs = i18nextT(locale, dictionary);
      for (const key of ["nope", "nested.nope", "nested", "nested.empty", "greeting.deeper"])
        expect(ours(key), key).toBe(theirs(key));
      expect(ours("greeting", { other: 1 })).toBe(theirs("greeting", { other: 1 }));
      expect(ours("greeting", { name: null })).toBe(theirs("greeting", { name: null }));
      expect(ours("greeting", { name: 42 })).toBe(theirs("greeting", { name: 42 }));
    });
  }
});
