import { describe, expect, it, vi } from "vitest";
import {
  createI18n,
  DEFAULT_LOCALE,
  DEFAULT_NS,
  FALLBACK_LOCALE,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
  getT,
  isLocale,
  LOCALES,
  type Locale,
  NAMESPACES,
  NS_SEPARATOR,
  PLURAL_CATEGORIES,
  pluralCategory,
  type Resources,
  resourcesFor,
} from "../../src/lib/i18n/index.ts";

/** Replaces the no-break spaces Intl uses with plain ones so expectations stay readable. */
const plain = (text: string): string => text.replace(/\s/g, " ");

const spyLogger = () => ({ warn: vi.fn<(message: string, meta?: Record<string, unknown>) => void>() });

const injected: Resources = {
  cs: {
    main: { onlyCzech: "Jen česky", both: "Obojí", empty: "Prázdné v angličtině", greet: "Ahoj {{name}}" },
    common: { labels: { close: "Zavřít" } },
  },
  en: {
    main: { both: "Both", empty: "", greet: "Hello {{name}}, you have {{count}} new messages" },
    common: { labels: { close: "Close" } },
  },
};

describe("config", () => {
  it("lists the four languages with Czech as the default and the fallback", () => {
    expect(LOCALES).toEqual(["cs", "en", "de", "sk"]);
    expect(DEFAULT_LOCALE).toBe("cs");
    expect(FALLBACK_LOCALE).toBe("cs");
    expect(isLocale("sk")).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("uses the main namespace by default and :: as separator", () => {
    expect(DEFAULT_NS).toBe("main");
    expect(NAMESPACES).toEqual(["main", "common"]);
    expect(NS_SEPARATOR).toBe("::");
  });
});

describe("plural forms (spec §9)", () => {
  const numbers = [0, 1, 2, 4, 5, 1.5] as const;
  const expected: Record<Locale, { categories: string[]; texts: string[] }> = {
    cs: {
      categories: ["other", "one", "few", "few", "other", "many"],
      texts: ["0 vstupenek", "1 vstupenka", "2 vstupenky", "4 vstupenky", "5 vstupenek", "1,5 vstupenky"],
    },
    sk: {
      categories: ["other", "one", "few", "few", "other", "many"],
      texts: ["0 vstupeniek", "1 vstupenka", "2 vstupenky", "4 vstupenky", "5 vstupeniek", "1,5 vstupenky"],
    },
    en: {
      categories: ["other", "one", "other", "other", "other", "other"],
      texts: ["0 tickets", "1 ticket", "2 tickets", "4 tickets", "5 tickets", "1.5 tickets"],
    },
    de: {
      categories: ["other", "one", "other", "other", "other", "other"],
      texts: ["0 Tickets", "1 Ticket", "2 Tickets", "4 Tickets", "5 Tickets", "1,5 Tickets"],
    },
  };

  for (const locale of LOCALES) {
    it(`picks the spec's category and text in ${locale}`, () => {
      const logger = spyLogger();
      const t = createI18n(locale, { logger }).getFixedT(locale);
      expect(numbers.map((n) => pluralCategory(locale, n))).toEqual(expected[locale].categories);
      expect(numbers.map((n) => t("tickets.count", { count: n }))).toEqual(expected[locale].texts);
      expect(logger.warn).not.toHaveBeenCalled();
    });
  }

  it("declares the categories each language needs", () => {
    expect(PLURAL_CATEGORIES.cs).toEqual(["one", "few", "many", "other"]);
    expect(PLURAL_CATEGORIES.sk).toEqual(["one", "few", "many", "other"]);
    expect(PLURAL_CATEGORIES.en).toEqual(["one", "other"]);
    expect(PLURAL_CATEGORIES.de).toEqual(["one", "other"]);
    for (const locale of LOCALES) {
      expect([...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort()).toEqual(
        [...PLURAL_CATEGORIES[locale]].sort(),
      );
    }
  });

  it("renders the events count family too", () => {
    expect(getT("cs")("events.count", { count: 3 })).toBe("3 akce");
    expect(getT("cs")("events.count", { count: 12 })).toBe("12 akcí");
    expect(getT("sk")("events.count", { count: 1 })).toBe("1 podujatie");
    expect(getT("en")("events.count", { count: 1 })).toBe("1 event");
    expect(getT("de")("events.count", { count: 7 })).toBe("7 Veranstaltungen");
  });
});

describe("missing keys", () => {
  it("uses the Czech text when a key is missing in English and warns", () => {
    const logger = spyLogger();
    const i18n = createI18n("en", { resources: injected, logger });
    expect(i18n.t("both")).toBe("Both");
    expect(logger.warn).not.toHaveBeenCalled();
    expect(i18n.t("onlyCzech")).toBe("Jen česky");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('"main::onlyCzech" in en'),
      expect.objectContaining({ locale: "en", namespace: "main", key: "onlyCzech", fallback: "cs" }),
    );
  });

  it("treats an empty string as missing and falls back to Czech", () => {
    const logger = spyLogger();
    const i18n = createI18n("en", { resources: injected, logger });
    expect(i18n.t("empty")).toBe("Prázdné v angličtině");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ key: "empty", fallback: "cs" }),
    );
  });

  it("returns the key itself when no language has it and warns", () => {
    const logger = spyLogger();
    const i18n = createI18n("en", { resources: injected, logger });
    expect(i18n.t("nowhere.at.all")).toBe("nowhere.at.all");
    expect(i18n.t("common::labels.missing")).toBe("labels.missing");
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenNthCalledWith(
      1,
      expect.stringContaining("main::nowhere.at.all"),
      expect.objectContaining({ locale: "en", key: "nowhere.at.all", fallback: "key" }),
    );
    expect(logger.warn).toHaveBeenNthCalledWith(
      2,
      expect.stringContaining("common::labels.missing"),
      expect.objectContaining({ namespace: "common", fallback: "key" }),
    );
  });

  it("warns for a key missing in Czech itself", () => {
    const logger = spyLogger();
    const i18n = createI18n("cs", { resources: injected, logger });
    expect(i18n.t("onlyCzech")).toBe("Jen česky");
    expect(i18n.t("unknownKey")).toBe("unknownKey");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ locale: "cs", key: "unknownKey" }),
    );
  });
});

describe("interpolation", () => {
  it("leaves a missing value's placeholder as written and warns", () => {
    const logger = spyLogger();
    const i18n = createI18n("en", { resources: injected, logger });
    expect(i18n.t("greet", { count: 3 })).toBe("Hello {{name}}, you have 3 new messages");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('"name"'),
      expect.objectContaining({ locale: "en", placeholder: "{{name}}" }),
    );
  });

  it("fills given values without escaping them (the renderer escapes)", () => {
    const logger = spyLogger();
    const i18n = createI18n("cs", { resources: injected, logger });
    expect(i18n.t("greet", { name: "<Eva & Petr>" })).toBe("Ahoj <Eva & Petr>");
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("gives each call its own text when the translate function remembers texts with options", () => {
    const t = getT("en");
    const i18n = createI18n("en");
    const calls: [string, Record<string, string | number | boolean>][] = [
      ["tickets.count", { count: 1 }],
      ["tickets.count", { count: 5 }],
      ["tickets.count", { count: 1 }],
      ["card.priceFrom", { price: "€10" }],
      ["card.priceFrom", { price: "€12" }],
      ["card.priceFrom", { price: "€10" }],
      ["common::footer.rights", { year: 2026 }],
      ["common::footer.rights", { year: "2027" }],
    ];
    const texts = calls.map(([key, options]) => t(key, options));
    expect(texts).toEqual(calls.map(([key, options]) => i18n.t(key, options)));
    expect(texts.slice(0, 5)).toEqual(["1 ticket", "5 tickets", "1 ticket", "from €10", "from €12"]);
    expect(t("tickets", { returnObjects: true })).toEqual({
      count_one: "{{count, number}} ticket",
      count_other: "{{count, number}} tickets",
    });
  });

  it("fills the shipped footer and language switcher texts", () => {
    expect(getT("cs")("common::footer.rights", { year: 2026 })).toBe("© 2026 Vstupio");
    expect(getT("de")("common::languageSwitcher.current", { language: "Deutsch" })).toBe(
      "Aktuelle Sprache: Deutsch",
    );
  });
});

describe("namespaces", () => {
  it("reads the common namespace through the two-colon separator", () => {
    expect(getT("cs")("common::labels.close")).toBe("Zavřít");
    expect(getT("en")("common::labels.close")).toBe("Close");
    expect(getT("de")("common::labels.close")).toBe("Schließen");
    expect(getT("sk")("common::labels.close")).toBe("Zavrieť");
  });

  it("uses main as the default namespace and the brand everywhere", () => {
    expect(getT("en")("index.empty")).toBe("No events are on sale right now.");
    for (const locale of LOCALES) expect(getT(locale)("common::brand")).toBe("Vstupio");
  });

  it("does not treat a single colon as a namespace separator", () => {
    const logger = spyLogger();
    const i18n = createI18n("en", { resources: injected, logger });
    expect(i18n.t("common:labels.close")).toBe("common:labels.close");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ namespace: "main" }),
    );
  });

  it("caches one translate function per language", () => {
    expect(getT("sk")).toBe(getT("sk"));
    expect(getT("sk")).not.toBe(getT("cs"));
  });
});

describe("resources", () => {
  it("gives only the requested language plus the Czech fallback", () => {
    const en = resourcesFor("en");
    expect(Object.keys(en).sort()).toEqual(["cs", "en"]);
    const text = JSON.stringify(en);
    expect(text).toContain("Close");
    expect(text).toContain("Zavřít");
    expect(text).not.toContain("Schließen");
    expect(text).not.toContain("Zavrieť");
    expect(Object.keys(resourcesFor("cs"))).toEqual(["cs"]);
    expect(Object.keys(resourcesFor("sk")).sort()).toEqual(["cs", "sk"]);
  });

  it("keeps the shared resources untouched when an instance changes its own", () => {
    const i18n = createI18n("en", { logger: spyLogger() });
    i18n.addResource("en", "common", "labels.close", "Changed");
    expect(i18n.t("common::labels.close")).toBe("Changed");
    expect(createI18n("en", { logger: spyLogger() }).t("common::labels.close")).toBe("Close");
    expect(JSON.stringify(resourcesFor("en"))).not.toContain("Changed");
  });
});

describe("date formatting", () => {
  // 18:30 UTC is 20:30 in Prague in summer time.
  const moment = "2025-06-12T18:30:00Z";

  it("formats a long date per language in Prague time", () => {
    expect(plain(formatDate(moment, "cs"))).toBe("12. června 2025");
    expect(plain(formatDate(moment, "en"))).toBe("12 June 2025");
    expect(plain(formatDate(moment, "de"))).toBe("12. Juni 2025");
    expect(plain(formatDate(moment, "sk"))).toBe("12. júna 2025");
    expect(plain(formatDate("2025-06-12T22:30:00Z", "cs"))).toBe("13. června 2025");
  });

  it("formats times on the 24-hour clock in Prague unless another zone is asked for", () => {
    for (const locale of LOCALES) expect(formatTime(moment, locale)).toBe("20:30");
    expect(formatTime(moment, "en", { timeStyle: "short", timeZone: "UTC" })).toBe("18:30");
    expect(formatTime(new Date("2025-01-15T18:30:00Z"), "cs")).toBe("19:30");
    expect(formatTime(Date.parse(moment), "de")).toBe("20:30");
  });

  it("formats a date with its time and custom options", () => {
    expect(plain(formatDateTime(moment, "cs"))).toBe("12. června 2025 v 20:30");
    expect(plain(formatDateTime(moment, "en"))).toBe("12 June 2025 at 20:30");
    expect(plain(formatDate(moment, "de", { weekday: "long", day: "numeric", month: "long" }))).toBe(
      "Donnerstag, 12. Juni",
    );
  });

  it("formats ranges sharing the common parts", () => {
    const end = "2025-06-14T18:30:00Z";
    expect(plain(formatDateRange(moment, end, "en"))).toBe("12 – 14 June 2025");
    expect(plain(formatDateRange(moment, end, "de"))).toBe("12.–14. Juni 2025");
    expect(plain(formatDateRange(moment, end, "cs"))).toBe("12.–14. 6. 2025");
    expect(plain(formatDateRange(moment, "2025-06-12T20:30:00Z", "sk", { timeStyle: "short" }))).toBe(
      "20:30 – 22:30",
    );
  });

  it("refuses an invalid date", () => {
    expect(() => formatDate("not a date", "cs")).toThrow(RangeError);
  });
});
