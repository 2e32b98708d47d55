/**
 * Money (spec §3, §9). Amounts are integers in minor units; one major unit is 100 minor units for every
 * currency of the currency enumeration (spec §9 divides by 100 for the trackers).
 *
 * Formatting uses `Intl.NumberFormat` with the currency's own number of fraction digits
 * (`resolvedOptions().maximumFractionDigits`). Chosen: a whole CZK amount is shown without decimals
 * ("1 290 Kč"), as Czech prices are quoted in whole crowns; other currencies always show their
 * fraction digits ("25,00 €"), and a CZK amount with hellers shows them ("1 290,50 Kč").
 */
import type { Locale } from "./i18n/config.ts";
import { rangeText } from "./i18n/range-texts.ts";

/** Currency ids of spec §3 mapped to their ISO 4217 alphabetic codes. */
export const CURRENCY_CODES = { 1: "CZK", 2: "EUR", 3: "RSD", 4: "GBP", 5: "PLN" } as const;

/** A currency id of spec §3 (1 to 5). */
export type CurrencyId = keyof typeof CURRENCY_CODES;

/** An ISO 4217 code of a currency of spec §3. */
export type CurrencyCode = (typeof CURRENCY_CODES)[CurrencyId];

/** ISO 4217 numeric codes of the currencies of spec §3. */
export const CURRENCY_NUMERIC_CODES = {
  CZK: 203,
  EUR: 978,
  RSD: 941,
  GBP: 826,
  PLN: 985,
} as const satisfies Record<CurrencyCode, number>;

/** Minor units per major unit, the same for every currency (spec §9). */
export const MINOR_PER_MAJOR = 100;

/** True when `value` is an amount in minor units: a safe integer. */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** Throws a RangeError when `value` is not an integer amount in minor units. */
export function assertMinorAmount(value: unknown, name = "amount"): asserts value is number {
  if (!isMinorAmount(value)) {
    throw new RangeError(`${name} must be an integer amount in minor units, got ${String(value)}`);
  }
}

/** The ISO code of a currency given by id (1 to 5) or ISO code; anything else throws. */
export function currencyCode(currency: CurrencyId | CurrencyCode | number | string): CurrencyCode {
  if (typeof currency === "number") {
    const code = Object.hasOwn(CURRENCY_CODES, currency) ? CURRENCY_CODES[currency as CurrencyId] : undefined;
    if (code) return code;
  } else if (typeof currency === "string") {
    const code = currency.trim().toUpperCase();
    if (Object.hasOwn(CURRENCY_NUMERIC_CODES, code)) return code as CurrencyCode;
  }
  throw new RangeError(`Unknown currency: ${JSON.stringify(currency)}`);
}

/** Converts minor units to major units (minor / 100), as the trackers expect (spec §9). */
export function toMajorUnits(minor: number): number {
  assertMinorAmount(minor, "minor");
  return minor / MINOR_PER_MAJOR;
}

/** Converts major units to minor units, rounding half away from zero without float drift (19.99 → 1999). */
export function fromMajorUnits(major: number): number {
  if (typeof major !== "number" || !Number.isFinite(major)) {
    throw new RangeError(`major must be a finite number, got ${String(major)}`);
  }
  const scaled = Number((Math.abs(major) * MINOR_PER_MAJOR).toPrecision(15));
  const minor = Math.sign(major) * Math.round(scaled);
  assertMinorAmount(minor, "result");
  return minor === 0 ? 0 : minor;
}

/** Sums integer minor amounts; throws on a non-integer amount or an unsafe total. */
export function sumMinor(...amounts: number[]): number {
  let total = 0;
  amounts.forEach((amount, index) => {
    assertMinorAmount(amount, `amounts[${index}]`);
    total += amount;
  });
  assertMinorAmount(total, "sum");
  return total;
}

/** Number formats already built, by currency, language and wholeness (building one is the costly part). */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(code: CurrencyCode, locale: Locale, whole: boolean): Intl.NumberFormat {
  const key = `${code}|${locale}|${whole && code === "CZK"}`;
  let format = numberFormats.get(key);
  if (!format) {
    const base = new Intl.NumberFormat(locale, { style: "currency", currency: code });
    format =
      whole && code === "CZK"
        ? new Intl.NumberFormat(locale, {
            style: "currency",
            currency: code,
            minimumFractionDigits: 0,
            maximumFractionDigits: base.resolvedOptions().maximumFractionDigits ?? 2,
          })
        : base;
    numberFormats.set(key, format);
  }
  return format;
}

/** Formats an amount in minor units for a language, e.g. (129000, "CZK", "cs") → "1 290 Kč". */
export function formatMoney(minor: number, currency: CurrencyId | CurrencyCode, locale: Locale): string {
  assertMinorAmount(minor, "minor");
  const code = currencyCode(currency);
  const major = minor === 0 ? 0 : minor / MINOR_PER_MAJOR; // never "-0"
  return numberFormat(code, locale, minor % MINOR_PER_MAJOR === 0).format(major);
}

/** Formats a price range ("100–250 Kč"); equal ends give one price, a minimum above the maximum throws. */
export function formatPriceRange(
  minMinor: number,
  maxMinor: number,
  currency: CurrencyId | CurrencyCode,
  locale: Locale,
): string {
  assertMinorAmount(minMinor, "minMinor");
  assertMinorAmount(maxMinor, "maxMinor");
  if (minMinor > maxMinor) {
    throw new RangeError(`minMinor (${minMinor}) must not be greater than maxMinor (${maxMinor})`);
  }
  if (minMinor === maxMinor) return formatMoney(minMinor, currency, locale);
  const code = currencyCode(currency);
  const whole = minMinor % MINOR_PER_MAJOR === 0 && maxMinor % MINOR_PER_MAJOR === 0;
  const format = numberFormat(code, locale, whole);
  return rangeText(format, minMinor, maxMinor, () =>
    format.formatRange(minMinor / MINOR_PER_MAJOR, maxMinor / MINOR_PER_MAJOR),
  );
}
