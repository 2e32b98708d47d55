import type { Locale } from "./config.ts";

/** A CLDR plural category, the suffix of a plural key (`tickets.count_few`). */
export type PluralCategory = Intl.LDMLPluralRule;

/** Plural categories each language's plural key families must provide (spec §9). */
export const PLURAL_CATEGORIES: Readonly<Record<Locale, readonly PluralCategory[]>> = {
  cs: ["one", "few", "many", "other"],
  sk: ["one", "few", "many", "other"],
  en: ["one", "other"],
  de: ["one", "other"],
};

const rules = new Map<Locale, Intl.PluralRules>();

/** Plural category of a number in a language: the category i18next picks a plural key by. */
export function pluralCategory(locale: Locale, count: number): PluralCategory {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}
