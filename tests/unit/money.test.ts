import { describe, expect, it } from "vitest";
import {
  assertMinorAmount,
  CURRENCY_CODES,
  CURRENCY_NUMERIC_CODES,
  currencyCode,
  formatMoney,
  formatPriceRange,
  fromMajorUnits,
  isMinorAmount,
  sumMinor,
  toMajorUnits,
} from "../../src/lib/money.ts";

/** No-break space, as Intl puts it between digit groups and before a trailing currency. */
const NB = "\u00a0";
/** En dash, as Intl.NumberFormat#formatRange puts it between the two ends. */
const DASH = "\u2013";

describe("currencies", () => {
  it("maps the currency ids of spec §3 to ISO codes", () => {
    expect(CURRENCY_CODES).toEqual({ 1: "CZK", 2: "EUR", 3: "RSD", 4: "GBP", 5: "PLN" });
    expect(CURRENCY_NUMERIC_CODES).toEqual({ CZK: 203, EUR: 978, RSD: 941, GBP: 826, PLN: 985 });
  });

  it("resolves an id or an ISO code", () => {
    expect(currencyCode(1)).toBe("CZK");
    expect(currencyCode(5)).toBe("PLN");
    expect(currencyCode("EUR")).toBe("EUR");
    expect(currencyCode(" gbp ")).toBe("GBP");
  });

  it("rejects unknown currencies", () => {
    expect(() => currencyCode(0)).toThrow(/Unknown currency: 0/);
    expect(() => currencyCode(6)).toThrow(RangeError);
    expect(() => currencyCode("USD")).toThrow(/"USD"/);
    expect(() => currencyCode("toString")).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  const cases: [
    number,
    1 | 2 | 3 | 4 | 5 | "CZK" | "EUR" | "RSD" | "GBP" | "PLN",
    "cs" | "en" | "de" | "sk",
    string,
  ][] = [
    // CZK: whole amounts without decimals (Czech convention), hellers when present.
    [129000, "CZK", "cs", `1${NB}290${NB}Kč`],
    [129050, "CZK", "cs", `1${NB}290,50${NB}Kč`],
    [129000, 1, "en", `CZK${NB}1,290`],
    [129000, "CZK", "de", `1.290${NB}CZK`],
    [129000, "CZK", "sk", `1${NB}290${NB}CZK`],
    [123456789, "CZK", "cs", `1${NB}234${NB}567,89${NB}Kč`],
    // EUR
    [129000, "EUR", "cs", `1${NB}290,00${NB}€`],
    [129000, 2, "en", "€1,290.00"],
    [129000, "EUR", "de", `1.290,00${NB}€`],
    [129000, "EUR", "sk", `1${NB}290,00${NB}€`],
    [1999, "EUR", "sk", `19,99${NB}€`],
    // RSD
    [129000, "RSD", "cs", `1${NB}290,00${NB}RSD`],
    [129000, 3, "en", `RSD${NB}1,290.00`],
    [129000, "RSD", "de", `1.290,00${NB}RSD`],
    [129000, "RSD", "sk", `1${NB}290,00${NB}RSD`],
    // GBP
    [129000, "GBP", "cs", `1${NB}290,00${NB}£`],
    [129000, 4, "en", "£1,290.00"],
    [129000, "GBP", "de", `1.290,00${NB}£`],
    [129000, "GBP", "sk", `1${NB}290,00${NB}GBP`],
    // PLN
    [129000, "PLN", "cs", `1${NB}290,00${NB}PLN`],
    [129000, 5, "en", `PLN${NB}1,290.00`],
    [129000, "PLN", "de", `1.290,00${NB}PLN`],
    [129000, "PLN", "sk", `1${NB}290,00${NB}PLN`],
    // Small, negative and zero amounts
    [5, "EUR", "en", "€0.05"],
    [-550, "EUR", "de", `-5,50${NB}€`],
    [-550, "CZK", "cs", `-5,50${NB}Kč`],
    [0, "CZK", "cs", `0${NB}Kč`],
    [-0, "EUR", "en", "€0.00"],
  ];

  it.each(cases)("formats %d %s in %s as %j", (minor, currency, locale, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });

  it("rejects non-integer and non-finite amounts with a clear error", () => {
    expect(() => formatMoney(19.99, "EUR", "en")).toThrow(
      /minor must be an integer amount in minor units, got 19.99/,
    );
    expect(() => formatMoney(Number.NaN, "EUR", "en")).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY, "EUR", "en")).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53, "EUR", "en")).toThrow(RangeError);
  });

  it("rejects an unknown currency", () => {
    expect(() => formatMoney(100, "USD" as "EUR", "en")).toThrow(/Unknown currency/);
  });
});

describe("formatPriceRange", () => {
  it("formats whole CZK ranges without decimals", () => {
    expect(formatPriceRange(10000, 250000, "CZK", "cs")).toBe(`100${DASH}2${NB}500${NB}Kč`);
    expect(formatPriceRange(10000, 250000, 1, "en")).toBe(`CZK${NB}100${DASH}2,500`);
    expect(formatPriceRange(10000, 250000, "CZK", "de")).toBe(`100${DASH}2.500${NB}CZK`);
    expect(formatPriceRange(10000, 250000, "CZK", "sk")).toBe(`100 ${DASH} 2${NB}500${NB}CZK`);
  });

  it("keeps decimals on both ends when one end has hellers", () => {
    expect(formatPriceRange(9950, 250000, "CZK", "cs")).toBe(`99,50${DASH}2${NB}500,00${NB}Kč`);
  });

  it("formats other currencies per locale", () => {
    expect(formatPriceRange(10000, 250000, "EUR", "cs")).toBe(`100,00${DASH}2${NB}500,00${NB}€`);
    expect(formatPriceRange(10000, 250000, "EUR", "en")).toBe(`€100.00 ${DASH} €2,500.00`);
    expect(formatPriceRange(10000, 250000, "EUR", "de")).toBe(`100,00${DASH}2.500,00${NB}€`);
    expect(formatPriceRange(10000, 250000, "EUR", "sk")).toBe(`100,00 ${DASH} 2${NB}500,00${NB}€`);
    expect(formatPriceRange(500, 1500, "GBP", "en")).toBe(`£5.00 ${DASH} £15.00`);
    expect(formatPriceRange(500, 1500, "PLN", "de")).toBe(`5,00${DASH}15,00${NB}PLN`);
    expect(formatPriceRange(500, 1500, "RSD", "cs")).toBe(`5,00${DASH}15,00${NB}RSD`);
  });

  it("shows a single price when both ends are equal", () => {
    expect(formatPriceRange(129000, 129000, "CZK", "cs")).toBe(`1${NB}290${NB}Kč`);
  });

  it("rejects a minimum above the maximum and non-integer ends", () => {
    expect(() => formatPriceRange(200, 100, "EUR", "en")).toThrow(/minMinor \(200\) must not be greater/);
    expect(() => formatPriceRange(1.5, 100, "EUR", "en")).toThrow(/minMinor must be an integer/);
    expect(() => formatPriceRange(1, 100.5, "EUR", "en")).toThrow(/maxMinor must be an integer/);
  });
});

describe("unit conversion", () => {
  it("divides by 100 for the trackers", () => {
    expect(toMajorUnits(1999)).toBe(19.99);
    expect(toMajorUnits(129000)).toBe(1290);
    expect(toMajorUnits(-5)).toBe(-0.05);
    expect(toMajorUnits(0)).toBe(0);
    expect(() => toMajorUnits(1.5)).toThrow(/minor must be an integer/);
  });

  it("converts major to minor units without float drift", () => {
    expect(fromMajorUnits(19.99)).toBe(1999);
    expect(fromMajorUnits(0.29)).toBe(29);
    expect(fromMajorUnits(4.35)).toBe(435);
    expect(fromMajorUnits(1.15)).toBe(115);
    expect(fromMajorUnits(1290)).toBe(129000);
    expect(fromMajorUnits(0.1 + 0.2)).toBe(30);
    expect(fromMajorUnits(-19.99)).toBe(-1999);
    expect(fromMajorUnits(-0)).toBe(0);
    expect(Object.is(fromMajorUnits(-0.001), 0)).toBe(true);
  });

  it("rounds half away from zero", () => {
    expect(fromMajorUnits(1.005)).toBe(101);
    expect(fromMajorUnits(1.004)).toBe(100);
    expect(fromMajorUnits(-1.005)).toBe(-101);
  });

  it("round-trips every cent from 0 to 100.00", () => {
    for (let minor = 0; minor <= 10_000; minor++) {
      expect(fromMajorUnits(toMajorUnits(minor))).toBe(minor);
    }
  });

  it("rejects non-finite and too large major amounts", () => {
    expect(() => fromMajorUnits(Number.NaN)).toThrow(/finite/);
    expect(() => fromMajorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromMajorUnits(1e20)).toThrow(RangeError);
  });
});

describe("sumMinor", () => {
  it("adds integer amounts", () => {
    expect(sumMinor()).toBe(0);
    expect(sumMinor(1999)).toBe(1999);
    expect(sumMinor(1999, 1, -500)).toBe(1500);
  });

  it("names the bad amount", () => {
    expect(() => sumMinor(100, 0.5)).toThrow(/amounts\[1\] must be an integer/);
    expect(() => sumMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(/sum must be an integer/);
  });

  it("exposes the minor amount check", () => {
    expect(isMinorAmount(10)).toBe(true);
    expect(isMinorAmount(-10)).toBe(true);
    expect(isMinorAmount(0.1)).toBe(false);
    expect(isMinorAmount("10")).toBe(false);
    expect(() => assertMinorAmount(1.5, "price")).toThrow(
      /^price must be an integer amount in minor units, got 1.5$/,
    );
  });
});
