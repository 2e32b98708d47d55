import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale, NAMESPACES, NS_SEPARATOR } from "../../src/lib/i18n/config.ts";
import { PLURAL_CATEGORIES } from "../../src/lib/i18n/plural.ts";

type Texts = Record<string, string | undefined>;
type LocaleTexts = Record<Locale, Texts>;
type Report = Record<Locale, string[]>;

const LOCALES_DIR = new URL("../../locales/", import.meta.url);
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*-?\s*([^,}\s]+)[^}]*\}\}/g;

/** Flattens a namespace file into `ns::a.b.c` keys; a non-string leaf is kept as undefined (reported as empty). */
function flatten(value: unknown, prefix: string, out: Texts): Texts {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix.endsWith(NS_SEPARATOR) ? `${prefix}${key}` : `${prefix}.${key}`, out);
    }
  } else {
    out[prefix] = typeof value === "string" ? value : undefined;
  }
  return out;
}

function readLocales(): LocaleTexts {
  const all = {} as LocaleTexts;
  for (const locale of LOCALES) {
    const texts: Texts = {};
    for (const ns of NAMESPACES) {
      const json: unknown = JSON.parse(readFileSync(new URL(`${locale}/${ns}.json`, LOCALES_DIR), "utf8"));
      flatten(json, `${ns}${NS_SEPARATOR}`, texts);
    }
    all[locale] = texts;
  }
  return all;
}

const emptyReport = (): Report => ({ cs: [], en: [], de: [], sk: [] });

/** Groups keys into logical entries: a plain key, or a plural family `base_*` named by its base. */
function entries(texts: Texts): Map<string, Map<string, string | undefined>> {
  const result = new Map<string, Map<string, string | undefined>>();
  for (const [key, text] of Object.entries(texts)) {
    const plural = PLURAL_KEY.exec(key);
    const name = plural?.[1] ? `${plural[1]} (plural)` : key;
    const forms = result.get(name) ?? new Map<string, string | undefined>();
    forms.set(plural?.[2] ?? "", text);
    result.set(name, forms);
  }
  return result;
}

/** Per language: keys another language has but this one lacks, empty texts, and missing or foreign plural forms. */
function missingKeys(all: LocaleTexts): Report {
  const report = emptyReport();
  const perLocale = LOCALES.map((locale) => [locale, entries(all[locale])] as const);
  const names = new Set(perLocale.flatMap(([, found]) => [...found.keys()]));
  for (const [locale, found] of perLocale) {
    for (const name of [...names].sort()) {
      const forms = found.get(name);
      if (!forms) {
        report[locale].push(`${name}: missing`);
        continue;
      }
      const isPlural = name.endsWith(" (plural)");
      const required: readonly string[] = isPlural ? PLURAL_CATEGORIES[locale] : [""];
      for (const form of required) {
        const label = form ? `${name} ${form}` : name;
        if (!forms.has(form)) report[locale].push(`${label}: missing`);
        else if (!forms.get(form)?.trim()) report[locale].push(`${label}: empty`);
      }
      for (const form of forms.keys()) {
        if (!required.includes(form))
          report[locale].push(`${name} ${form || "(plain)"}: not a form of ${locale}`);
      }
    }
  }
  return report;
}

function placeholders(text: string | undefined): Set<string> {
  return new Set([...(text ?? "").matchAll(PLACEHOLDER)].map((match) => match[1] ?? ""));
}

/** Per language: `{{placeholders}}` another language uses in an entry that this language leaves out. */
function missingPlaceholders(all: LocaleTexts): Report {
  const report = emptyReport();
  const used = new Map<Locale, Map<string, Set<string>>>();
  for (const locale of LOCALES) {
    const perEntry = new Map<string, Set<string>>();
    for (const [name, forms] of entries(all[locale])) {
      perEntry.set(name, new Set([...forms.values()].flatMap((text) => [...placeholders(text)])));
    }
    used.set(locale, perEntry);
  }
  for (const locale of LOCALES) {
    const own = used.get(locale) ?? new Map<string, Set<string>>();
    for (const [name, mine] of own) {
      const users = new Map<string, Locale[]>();
      for (const other of LOCALES) {
        if (other === locale) continue;
        for (const variable of used.get(other)?.get(name) ?? []) {
          if (!mine.has(variable)) users.set(variable, [...(users.get(variable) ?? []), other]);
        }
      }
      for (const [variable, others] of users) {
        report[locale].push(`${name}: {{${variable}}} (used in ${others.join(", ")})`);
      }
    }
  }
  return report;
}

describe("locale checks", () => {
  const broken: LocaleTexts = {
    cs: {
      "main::a": "A",
      "main::n_one": "{{count}} x",
      "main::n_few": "{{count}} x",
      "main::n_many": "{{count}} x",
      "main::n_other": "{{count}} x",
      "main::g": "Ahoj {{name}}",
    },
    en: { "main::a": "A", "main::n_one": "{{count}} x", "main::n_other": "{{count}} x", "main::g": "Hi" },
    de: { "main::a": "", "main::n_one": "{{count}} x", "main::g": "Hallo {{name}} {{extra}}" },
    sk: {
      "main::n_one": "{{count}} x",
      "main::n_few": "{{count}} x",
      "main::n_other": "{{count}} x",
      "main::g": "Ahoj {{ name }}",
      "main::b": "B",
    },
  };

  it("reports missing and empty keys and plural forms per language", () => {
    expect(missingKeys(broken)).toEqual({
      cs: ["main::b: missing"],
      en: ["main::b: missing"],
      de: ["main::a: empty", "main::b: missing", "main::n (plural) other: missing"],
      sk: ["main::a: missing", "main::n (plural) many: missing"],
    });
  });

  it("reports foreign plural forms", () => {
    const extra: LocaleTexts = {
      cs: { "main::n_one": "1", "main::n_few": "2", "main::n_many": "1,5", "main::n_other": "5" },
      en: { "main::n_one": "1", "main::n_few": "2", "main::n_other": "5" },
      de: { "main::n_one": "1", "main::n_other": "5" },
      sk: { "main::n_one": "1", "main::n_few": "2", "main::n_many": "1,5", "main::n_other": "5" },
    };
    expect(missingKeys(extra)).toEqual({
      cs: [],
      en: ["main::n (plural) few: not a form of en"],
      de: [],
      sk: [],
    });
  });

  it("reports placeholders left out of a language", () => {
    expect(missingPlaceholders(broken)).toEqual({
      cs: ["main::g: {{extra}} (used in de)"],
      en: ["main::g: {{name}} (used in cs, de, sk)", "main::g: {{extra}} (used in de)"],
      de: [],
      sk: ["main::g: {{extra}} (used in de)"],
    });
  });
});

describe("locale files", () => {
  it("has one folder per language, each with one file per namespace", () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(readdirSync(new URL(`${locale}/`, LOCALES_DIR)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  const all = readLocales();

  it("has every key in every language, none empty, with each language's plural forms", () => {
    expect(missingKeys(all)).toEqual(emptyReport());
  });

  it("uses the same placeholders in every language", () => {
    expect(missingPlaceholders(all)).toEqual(emptyReport());
  });

  it("holds the keys the site shell needs", () => {
    const shell = [
      "common::brand",
      "common::skipToContent",
      "common::nav.primary",
      "common::nav.home",
      "common::nav.events",
      "common::nav.organizers",
      "common::nav.account",
      "common::languageSwitcher.label",
      "common::languageSwitcher.current",
      "common::footer.rights",
      "common::labels.close",
      "common::errors.network",
      "main::index.title",
      "main::index.description",
      "main::index.heading",
      "main::index.lead",
      "main::index.searchCta",
      "main::index.empty",
      "main::notFound.back",
      "main::tickets.count_other",
      "main::events.count_one",
    ];
    for (const locale of LOCALES) {
      expect(shell.filter((key) => !all[locale][key])).toEqual([]);
      for (const lng of LOCALES)
        expect(all[locale][`common::languages.${lng}`]).toBe(all.cs[`common::languages.${lng}`]);
      expect(all[locale]["common::brand"]).toBe("Vstupio");
    }
  });
});
