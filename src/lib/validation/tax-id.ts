/**
 * Slovak tax identification number (DIČ), spec §3 and §5: 9 to 10 digits, written without a country
 * prefix (the VAT id "SK" + 10 digits is checked by `isValidVatId("SK", …)`).
 */

/** Pattern of the Slovak tax id (DIČ): 9 to 10 digits, anchored. */
export const SK_TAX_ID_PATTERN = /^\d{9,10}$/;

/** True when `value`, trimmed and without inner spaces, is a Slovak tax id of 9 to 10 digits. */
export function isValidSkTaxId(value: string): boolean {
  if (typeof value !== "string") return false;
  return SK_TAX_ID_PATTERN.test(value.trim().replace(/\s/g, ""));
}
