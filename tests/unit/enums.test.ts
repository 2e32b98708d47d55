import { describe, expect, it } from "vitest";
import {
  AUTH_PROVIDER_KINDS,
  baseLanguage,
  baseLanguageId,
  basePaymentMethodId,
  COMMON_LABELS,
  CUSTOM_ID_THRESHOLD,
  chipType,
  commonLabel,
  country,
  currency,
  DEFAULT_ENUM_LOCALE,
  defineEnum,
  ENUM_LOCALES,
  eventCategory,
  eventKind,
  eventSize,
  eventType,
  findCountryByIso,
  findCurrencyByCode,
  findLanguageByCode,
  isAuthProviderKind,
  isCustomId,
  isPartnerReqSource,
  isWebLanguageCode,
  itemType,
  language,
  paymentMethod,
  productCategory,
  REQ_SOURCE_PARAM,
  region,
  regionsOfCountry,
  reqProvider,
  reqSource,
  resolveEnumLocale,
  sectionType,
  systemWideCountries,
  UnknownEnumValueError,
  venueType,
  webLanguage,
  yesNoLabel,
} from "../../src/lib/enums/index.ts";

const ALL_ENUMS = [
  language,
  webLanguage,
  chipType,
  country,
  currency,
  reqProvider,
  eventCategory,
  eventKind,
  eventSize,
  eventType,
  itemType,
  paymentMethod,
  productCategory,
  region,
  sectionType,
  venueType,
  reqSource,
];

describe("defineEnum", () => {
  const sample = defineEnum("sample", [
    { id: 1, key: "ONE", label: { cs: "Jedna", sk: "Jeden", en: "One", de: "Eins" } },
    { id: 2, key: "TWO", label: { cs: "Dva", sk: "Dva", en: "Two", de: "Zwei" } },
  ]);

  it("looks entries up by id and key", () => {
    expect(sample.get(2).key).toBe("TWO");
    expect(sample.getByKey("ONE").id).toBe(1);
    expect(sample.id.TWO).toBe(2);
    expect(sample.ids).toEqual([1, 2]);
    expect(sample.find(1)?.key).toBe("ONE");
  });

  it("throws UnknownEnumValueError for an id or key that does not exist", () => {
    expect(() => sample.get(3)).toThrow(UnknownEnumValueError);
    expect(() => sample.getByKey("THREE")).toThrow(UnknownEnumValueError);
    try {
      sample.get(42);
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownEnumValueError);
      expect((error as UnknownEnumValueError).enumName).toBe("sample");
      expect((error as UnknownEnumValueError).value).toBe(42);
      expect((error as Error).message).toContain("42");
    }
    expect.assertions(6);
  });

  it("find and has do not throw", () => {
    expect(sample.find(3)).toBeUndefined();
    expect(sample.find(null)).toBeUndefined();
    expect(sample.find(undefined)).toBeUndefined();
    expect(sample.has(1)).toBe(true);
    expect(sample.has(3)).toBe(false);
    expect(sample.has("1")).toBe(false);
  });

  it("labels in each locale, falls back to Czech, and shows unknown when the value is not set", () => {
    expect(sample.label(1, "de")).toBe("Eins");
    expect(sample.label(1, "sk")).toBe("Jeden");
    expect(sample.label(1, "en-GB")).toBe("One");
    expect(sample.label(1, "fr")).toBe("Jedna");
    expect(sample.label(1)).toBe("Jedna");
    expect(sample.label(null, "en")).toBe("Unknown");
    expect(sample.label(undefined, "cs")).toBe("Neznámé");
    expect(() => sample.label(9, "en")).toThrow(UnknownEnumValueError);
  });

  it("builds select options in order", () => {
    expect(sample.options("en")).toEqual([
      { value: 1, label: "One" },
      { value: 2, label: "Two" },
    ]);
  });

  it("counts undefined ids above 1000 as custom by default", () => {
    expect(sample.customThreshold).toBe(CUSTOM_ID_THRESHOLD);
    expect(sample.isCustom(1001)).toBe(true);
    expect(sample.isCustom(1000)).toBe(false);
    expect(sample.isCustom(2)).toBe(false);
    expect(sample.isCustom(1.5)).toBe(false);
    const noCustom = defineEnum(
      "noCustom",
      [{ id: 5000, key: "BIG", label: { cs: "a", sk: "b", en: "c", de: "d" } }],
      { customThreshold: null },
    );
    expect(noCustom.isCustom(5000)).toBe(false);
    expect(noCustom.isCustom(9999)).toBe(false);
  });

  it("rejects repeated ids, repeated keys, bad ids and missing labels", () => {
    const l = { cs: "a", sk: "b", en: "c", de: "d" };
    expect(() =>
      defineEnum("bad", [
        { id: 1, key: "A", label: l },
        { id: 1, key: "B", label: l },
      ]),
    ).toThrow(/id 1 repeats/);
    expect(() =>
      defineEnum("bad", [
        { id: 1, key: "A", label: l },
        { id: 2, key: "A", label: l },
      ]),
    ).toThrow(/key "A"/);
    expect(() => defineEnum("bad", [{ id: 0, key: "A", label: l }])).toThrow(/positive integer/);
    expect(() => defineEnum("bad", [{ id: 1, key: "A", label: { ...l, de: " " } }])).toThrow(/no de label/);
  });

  it("freezes the definition", () => {
    expect(Object.isFrozen(sample)).toBe(true);
    expect(Object.isFrozen(sample.entries)).toBe(true);
    expect(Object.isFrozen(sample.id)).toBe(true);
  });
});

describe("locales and custom ids", () => {
  it("knows the four label locales with Czech as default", () => {
    expect(ENUM_LOCALES).toEqual(["cs", "sk", "en", "de"]);
    expect(DEFAULT_ENUM_LOCALE).toBe("cs");
  });

  it("resolves requested locales", () => {
    expect(resolveEnumLocale("DE")).toBe("de");
    expect(resolveEnumLocale("sk_SK")).toBe("sk");
    expect(resolveEnumLocale("ru")).toBe("cs");
    expect(resolveEnumLocale(null)).toBe("cs");
    expect(resolveEnumLocale("")).toBe("cs");
  });

  it("treats ids above 1000 as custom by default", () => {
    expect(isCustomId(1000)).toBe(false);
    expect(isCustomId(1001)).toBe(true);
    expect(isCustomId(1001, 5000)).toBe(false);
    expect(isCustomId(Number.NaN)).toBe(false);
  });
});

describe("every shared enumeration", () => {
  it.each(ALL_ENUMS.map((e) => [e.name, e] as const))(
    "%s has unique ids and four non-empty labels",
    (_, e) => {
      expect(e.entries.length).toBeGreaterThan(0);
      expect(new Set(e.ids).size).toBe(e.entries.length);
      for (const entry of e.entries) {
        expect(e.get(entry.id)).toBe(entry);
        for (const locale of ENUM_LOCALES) expect(entry.label[locale].trim()).not.toBe("");
      }
    },
  );

  it("has the sizes the spec lists", () => {
    expect(language.entries).toHaveLength(9);
    expect(chipType.entries).toHaveLength(6);
    expect(country.entries).toHaveLength(33);
    expect(currency.entries).toHaveLength(5);
    expect(reqProvider.entries).toHaveLength(4);
    expect(eventCategory.entries).toHaveLength(12);
    expect(eventKind.entries).toHaveLength(2);
    expect(eventSize.entries).toHaveLength(3);
    expect(eventType.entries).toHaveLength(3);
    expect(itemType.entries).toHaveLength(9);
    expect(paymentMethod.entries).toHaveLength(15);
    expect(productCategory.entries).toHaveLength(7);
    expect(sectionType.entries).toHaveLength(7);
    expect(venueType.entries).toHaveLength(7);
    expect(reqSource.entries).toHaveLength(8);
    expect(region.entries).toHaveLength(14 + 8 + 9 + 6 + 16 + 13);
  });

  it("numbers the enumerations without listed ids from 1 in spec order", () => {
    for (const e of [chipType, eventCategory, eventSize, productCategory, sectionType, venueType]) {
      expect(e.ids).toEqual(e.entries.map((_, index) => index + 1));
    }
    expect(chipType.label(chipType.id.VIP, "en")).toBe("VIP chip");
    expect(chipType.label(6, "en")).toBe("Guest chip");
    expect(eventCategory.label(12, "en")).toBe("Beer");
    expect(eventCategory.label(6, "en")).toBe("Serial event");
    expect(eventSize.label(eventSize.id.LARGE, "de")).toBe("Groß");
    expect(productCategory.label(7, "en")).toBe("Supplementary assortment");
    expect(sectionType.label(sectionType.id.NEAR_ME, "en")).toBe("Near me");
    expect(venueType.label(venueType.id.MUSIC_CLUB, "cs")).toBe("Hudební klub");
  });
});

describe("language", () => {
  it("has the spec ids and codes", () => {
    expect(language.entries.map((entry) => [entry.id, entry.code])).toEqual([
      [1, "cs"],
      [2, "sk"],
      [3, "en"],
      [4, "de"],
      [5, "fr"],
      [6, "es"],
      [7, "ru"],
      [8, "no"],
      [9, "sv"],
    ]);
  });

  it("marks only cs, sk, en and de as supported", () => {
    expect(language.entries.filter((entry) => entry.supported).map((entry) => entry.code)).toEqual([
      "cs",
      "sk",
      "en",
      "de",
    ]);
    expect(language.get(language.id.FR).supported).toBe(false);
  });

  it("labels languages in the UI locale", () => {
    expect(language.label(language.id.DE, "cs")).toBe("Němčina");
    expect(language.label(language.id.CS, "en")).toBe("Czech");
    expect(language.get(2).nativeName).toBe("Slovenčina");
  });

  it("finds a language by code", () => {
    expect(findLanguageByCode("EN-us")?.id).toBe(3);
    expect(findLanguageByCode("sv")?.id).toBe(9);
    expect(findLanguageByCode("pl")).toBeUndefined();
    expect(findLanguageByCode(undefined)).toBeUndefined();
  });

  it("gives the base language of a custom id from the thousands digit of id modulo 100000", () => {
    expect(baseLanguageId(3)).toBe(3);
    expect(baseLanguageId(3042)).toBe(3);
    expect(baseLanguageId(102042)).toBe(2);
    expect(baseLanguageId(1001)).toBe(1);
    expect(baseLanguage(4999).code).toBe("de");
    expect(baseLanguage(9001).code).toBe("sv");
    expect(() => baseLanguage(100500)).toThrow(UnknownEnumValueError);
    expect(() => baseLanguage(1000)).toThrow(UnknownEnumValueError);
  });

  it("lists the web shop languages cs, en, sk, de with flags", () => {
    expect(webLanguage.entries.map((entry) => entry.code)).toEqual(["cs", "en", "sk", "de"]);
    expect(webLanguage.entries.map((entry) => entry.flag)).toEqual(["cz", "gb", "sk", "de"]);
    for (const entry of webLanguage.entries) {
      expect(language.get(entry.id).code).toBe(entry.code);
      expect(entry.label).toEqual(language.get(entry.id).label);
    }
    expect(isWebLanguageCode("sk")).toBe(true);
    expect(isWebLanguageCode("fr")).toBe(false);
    expect(isWebLanguageCode(3)).toBe(false);
  });
});

describe("country", () => {
  const ISO3 =
    "CZE SVK AUT GBR SRB BEL BGR HRV CYP DNK EST FIN FRA DEU GRC HUN IRL ITA LVA LTU LUX MLT POL PRT ROU SVN ESP SWE NLD ISL LIE NOR CHE";

  it("has ids 1 to 33 in the spec order of ISO 3-letter codes", () => {
    expect(country.entries.map((entry) => entry.iso3)).toEqual(ISO3.split(" "));
    expect(country.ids).toEqual(Array.from({ length: 33 }, (_, index) => index + 1));
    expect(country.entries.every((entry) => entry.key === entry.iso3)).toBe(true);
  });

  it("names countries in the spec order", () => {
    expect(country.label(1, "en")).toBe("Czech Republic");
    expect(country.label(4, "en")).toBe("United Kingdom");
    expect(country.label(29, "en")).toBe("Netherlands");
    expect(country.label(33, "en")).toBe("Switzerland");
    expect(country.label(14, "de")).toBe("Deutschland");
  });

  it("has ISO 2-letter and numeric codes", () => {
    expect(country.get(country.id.CZE).iso2).toBe("CZ");
    expect(country.get(country.id.CZE).numericCode).toBe(203);
    expect(country.get(country.id.GRC).iso2).toBe("GR");
    expect(country.get(country.id.AUT).numericCode).toBe(40);
    expect(country.get(country.id.CHE).numericCode).toBe(756);
    expect(new Set(country.entries.map((entry) => entry.iso2)).size).toBe(33);
    expect(new Set(country.entries.map((entry) => entry.numericCode)).size).toBe(33);
  });

  it("marks the 27 EU members", () => {
    const nonEu = country.entries.filter((entry) => !entry.eu).map((entry) => entry.iso3);
    expect(nonEu).toEqual(["GBR", "SRB", "ISL", "LIE", "NOR", "CHE"]);
  });

  it("supports CZE, SVK, AUT, SRB, DEU and GRC system-wide", () => {
    expect(systemWideCountries().map((entry) => entry.iso3)).toEqual([
      "CZE",
      "SVK",
      "AUT",
      "SRB",
      "DEU",
      "GRC",
    ]);
  });

  it("has the VAT id patterns of the spec", () => {
    const vat = (iso3: string, value: string) => findCountryByIso(iso3)?.vatPattern?.test(value);
    expect(vat("CZE", "CZ12345678")).toBe(true);
    expect(vat("CZE", "CZ1234567890")).toBe(true);
    expect(vat("CZE", "CZ1234567")).toBe(false);
    expect(vat("CZE", "CZ12345678901")).toBe(false);
    expect(vat("SVK", "SK1234567890")).toBe(true);
    expect(vat("SVK", "SK123456789")).toBe(false);
    expect(vat("AUT", "ATU12345678")).toBe(true);
    expect(vat("AUT", "AT12345678")).toBe(false);
    expect(vat("DEU", "DE123456789")).toBe(true);
    expect(vat("DEU", "DE12345678")).toBe(false);
    expect(vat("POL", "PL1234567890")).toBe(true);
    expect(vat("POL", "PL123456789")).toBe(false);
    expect(vat("CHE", "CHE123456789MWST")).toBe(true);
    expect(vat("CHE", "CHE123456789TVA")).toBe(true);
    expect(vat("CHE", "CHE123456789IVA")).toBe(true);
    expect(vat("CHE", "CHE123456789")).toBe(false);
    expect(vat("CHE", "CHE123456789VAT")).toBe(false);
  });

  it("has a VAT id pattern for most countries", () => {
    const withPattern = country.entries.filter((entry) => entry.vatPattern !== null);
    expect(withPattern.length).toBeGreaterThanOrEqual(30);
    expect(country.entries.filter((entry) => entry.eu).every((entry) => entry.vatPattern !== null)).toBe(
      true,
    );
  });

  it("has a tax id pattern of 9 to 10 digits for SVK only", () => {
    const svk = country.get(country.id.SVK);
    expect(svk.taxIdPattern?.test("123456789")).toBe(true);
    expect(svk.taxIdPattern?.test("1234567890")).toBe(true);
    expect(svk.taxIdPattern?.test("12345678")).toBe(false);
    expect(svk.taxIdPattern?.test("12345678901")).toBe(false);
    expect(country.entries.filter((entry) => entry.taxIdPattern !== null).map((entry) => entry.iso3)).toEqual(
      ["SVK"],
    );
  });

  it("finds a country by 2- or 3-letter code", () => {
    expect(findCountryByIso("cz")?.id).toBe(1);
    expect(findCountryByIso(" deu ")?.id).toBe(14);
    expect(findCountryByIso("XX")).toBeUndefined();
    expect(findCountryByIso("CZEC")).toBeUndefined();
    expect(findCountryByIso(null)).toBeUndefined();
  });
});

describe("currency", () => {
  it("has the spec ids, codes and numeric codes", () => {
    expect(currency.entries.map((entry) => [entry.id, entry.code, entry.numericCode])).toEqual([
      [1, "CZK", 203],
      [2, "EUR", 978],
      [3, "RSD", 941],
      [4, "GBP", 826],
      [5, "PLN", 985],
    ]);
    expect(currency.entries.every((entry) => entry.minorUnits === 2)).toBe(true);
  });

  it("names currencies and finds them by code", () => {
    expect(currency.label(currency.id.CZK, "cs")).toBe("Česká koruna");
    expect(currency.label(currency.id.RSD, "en")).toBe("Serbian dinar");
    expect(findCurrencyByCode("pln")?.id).toBe(5);
    expect(findCurrencyByCode("USD")).toBeUndefined();
  });
});

describe("region", () => {
  it("uses the spec id ranges per country", () => {
    const range = (countryId: number) => regionsOfCountry(countryId).map((entry) => entry.id);
    const seq = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => from + index);
    expect(range(country.id.CZE)).toEqual(seq(1, 14));
    expect(range(country.id.SVK)).toEqual(seq(201, 208));
    expect(range(country.id.AUT)).toEqual(seq(301, 309));
    expect(range(country.id.SRB)).toEqual(seq(501, 506));
    expect(range(country.id.DEU)).toEqual(seq(1401, 1416));
    expect(range(country.id.GRC)).toEqual(seq(1501, 1513));
    expect(range(country.id.POL)).toEqual([]);
  });

  it("names regions in the spec order", () => {
    expect(region.label(1, "en")).toBe("Prague");
    expect(region.label(14, "en")).toBe("Moravian-Silesian Region");
    expect(region.label(201, "sk")).toBe("Bratislavský kraj");
    expect(region.label(208, "en")).toBe("Košice Region");
    expect(region.label(301, "de")).toBe("Wien");
    expect(region.label(309, "de")).toBe("Vorarlberg");
    expect(region.label(504, "en")).toBe("Metohija");
    expect(region.label(506, "en")).toBe("Southern and Eastern Serbia");
  });

  it("does not count its ids above 1000 as custom", () => {
    expect(region.customThreshold).toBeNull();
    expect(region.isCustom(1401)).toBe(false);
    expect(region.isCustom(1700)).toBe(false);
    expect(region.label(1409, "de")).toBe("Bayern");
  });
});

describe("event and item enumerations", () => {
  it("has the spec ids of eventKind, eventType and itemType", () => {
    expect(eventKind.id).toEqual({ ONE_TIME: 1, LONG_TERM: 2 });
    expect(eventType.id).toEqual({ TICKETS: 1, PACKAGES: 2, CREDIT_RECHARGE: 3 });
    expect(itemType.id).toEqual({
      EVENT_ENTRY: 1,
      PARKING: 2,
      NFC_CHIP: 3,
      ATTRACTION_ENTRY: 4,
      WORKSHOP: 5,
      PRODUCT: 6,
      REPEATED_EVENT_ENTRY: 7,
      NFC_CHIP_VIP: 8,
      ZONE: 9,
    });
    expect(eventType.label(3, "en")).toBe("Credit recharge");
  });
});

describe("payment method", () => {
  it("has the spec ids 1 to 11", () => {
    expect(paymentMethod.id.CARD).toBe(1);
    expect(paymentMethod.id.BANK_TRANSFER).toBe(2);
    expect(paymentMethod.id.SEARCH_ENGINE_WALLET).toBe(3);
    expect(paymentMethod.id.DEVICE_MAKER_WALLET).toBe(4);
    expect(paymentMethod.id.MOBILE_TERMINAL).toBe(5);
    expect(paymentMethod.id.CASH).toBe(6);
    expect(paymentMethod.id.CHIP).toBe(7);
    expect(paymentMethod.id.VIP_CHIP).toBe(8);
    expect(paymentMethod.id.TICKETS_VOUCHER).toBe(9);
    expect(paymentMethod.id.PARTNER).toBe(10);
    expect(paymentMethod.id.CLICK_TO_PAY).toBe(11);
  });

  it("maps ids 12 to 15 to card, the two wallets and Click To Pay", () => {
    expect([12, 13, 14, 15].map(basePaymentMethodId)).toEqual([1, 3, 4, 11]);
    expect(basePaymentMethodId(6)).toBe(6);
    expect(paymentMethod.label(12, "en")).toBe(paymentMethod.label(1, "en"));
    expect(paymentMethod.label(15, "de")).toBe("Click To Pay");
    expect(() => basePaymentMethodId(16)).toThrow(UnknownEnumValueError);
  });
});

describe("request source and providers", () => {
  it("sends the request source under reqSourceId", () => {
    expect(REQ_SOURCE_PARAM).toBe("reqSourceId");
    expect(reqSource.id.WEB).toBe(1);
    expect(reqSource.id.MOBILE_ANDROID).toBe(2);
    expect(reqSource.id.MOBILE_IOS).toBe(3);
    expect(reqSource.ids.slice(3)).toEqual([4, 5, 6, 7, 8]);
  });

  it("recognises partner channels", () => {
    expect(isPartnerReqSource(1)).toBe(false);
    expect(isPartnerReqSource(3)).toBe(false);
    expect(isPartnerReqSource(4)).toBe(true);
    expect(isPartnerReqSource(8)).toBe(true);
    expect(isPartnerReqSource(9)).toBe(false);
  });

  it("has the sign-in providers and auth provider kinds", () => {
    expect(reqProvider.id).toEqual({ EMAIL: 1, SOCIAL_NETWORK: 2, SEARCH_ENGINE: 3, DEVICE_MAKER: 4 });
    expect(AUTH_PROVIDER_KINDS).toEqual(["credentials", "token", "passwordless"]);
    expect(isAuthProviderKind("token")).toBe(true);
    expect(isAuthProviderKind("oauth")).toBe(false);
    expect(isAuthProviderKind(undefined)).toBe(false);
  });
});

describe("common labels", () => {
  it("has close, yes, no and unknown in every locale", () => {
    expect(Object.keys(COMMON_LABELS)).toEqual(["close", "yes", "no", "unknown"]);
    expect(commonLabel("close", "cs")).toBe("Zavřít");
    expect(commonLabel("yes", "sk")).toBe("Áno");
    expect(commonLabel("no", "de")).toBe("Nein");
    expect(commonLabel("unknown", "en")).toBe("Unknown");
    expect(commonLabel("close", "fr")).toBe("Zavřít");
  });

  it("labels booleans and unset values", () => {
    expect(yesNoLabel(true, "en")).toBe("Yes");
    expect(yesNoLabel(false, "cs")).toBe("Ne");
    expect(yesNoLabel(null, "de")).toBe("Unbekannt");
  });
});
