/** Validation rules of spec §5: VAT ids, the Slovak tax id, UUIDs, time strings and cookies. */
export { assertCookie, isValidCookieName, isValidCookieValue } from "./cookie.ts";
export { isValidSkTaxId } from "./tax-id.ts";
export { parseTimeString, TIME_UNITS, TimeStringError, type TimeUnit, toMs } from "./time.ts";
export { assertUuid, isUuid } from "./uuid.ts";
export {
  type CountryAlpha2,
  isValidVatId,
  isVatCountry,
  normalizeVatId,
  VAT_COUNTRY_CODES,
  VAT_PATTERNS,
  vatIdExample,
  vatPatternFor,
} from "./vat.ts";
