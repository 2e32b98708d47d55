/**
 * VAT identification numbers of the 33 countries of the country enumeration (spec §3, §5).
 *
 * Every pattern is anchored, case-sensitive and written in upper case, and includes the country prefix
 * (`CZ12345678`, not `12345678`). Input is normalised with {@link normalizeVatId} before it is tested, so
 * `cz 123.456-78` and `CZ12345678` are the same id. Only the format is checked, not the check digits.
 *
 * Sources of the formats:
 * - spec §5 (used exactly as written there): CZ, SK, AT, DE, PL and CH.
 * - European Commission, VIES "VAT number format" table (the structure of the VAT identification number
 *   of each member state): BE, BG, HR, CY, DK, EE, FI, FR, GR (prefix "EL"), HU, IE, IT, LV, LT, LU, MT,
 *   PT, RO, SI, ES, SE and NL.
 * - HM Revenue & Customs, VAT number structure: GB (standard, branch, government department, health authority).
 * - Serbian Tax Administration: PIB, the 9-digit tax identification number used as the VAT id (RS).
 * - Iceland Revenue and Customs: VSK number of 5 or 6 digits (IS).
 * - Liechtenstein Tax Administration: 5-digit MWST number (LI).
 * - Norwegian Register of Business Enterprises: 9-digit organisation number followed by MVA (NO).
 */

/** ISO 3166-1 alpha-2 codes of the 33 countries of spec §3, in the order of their country ids 1 to 33. */
export const VAT_COUNTRY_CODES = [
  "CZ",
  "SK",
  "AT",
  "GB",
  "RS",
  "BE",
  "BG",
  "HR",
  "CY",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "PL",
  "PT",
  "RO",
  "SI",
  "ES",
  "SE",
  "NL",
  "IS",
  "LI",
  "NO",
  "CH",
] as const;

/** ISO 3166-1 alpha-2 code of one of the 33 countries of spec §3. */
export type CountryAlpha2 = (typeof VAT_COUNTRY_CODES)[number];

/** VAT id pattern per country: anchored, case-sensitive, upper case, country prefix included. */
export const VAT_PATTERNS: Readonly<Record<CountryAlpha2, RegExp>> = Object.freeze({
  // spec §5: CZ followed by 8 to 10 digits.
  CZ: /^CZ\d{8,10}$/,
  // spec §5: SK followed by 10 digits.
  SK: /^SK\d{10}$/,
  // spec §5: AT followed by U and 8 digits.
  AT: /^ATU\d{8}$/,
  // HMRC: 9 digits, 12 digits (branch trader), GD000–GD499 (government), HA500–HA999 (health authority).
  GB: /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  // Serbian Tax Administration: PIB of 9 digits.
  RS: /^RS\d{9}$/,
  // VIES: 10 digits, the first one 0 or 1.
  BE: /^BE[01]\d{9}$/,
  // VIES: 9 or 10 digits.
  BG: /^BG\d{9,10}$/,
  // VIES: 11 digits (OIB).
  HR: /^HR\d{11}$/,
  // VIES: 8 digits and a letter.
  CY: /^CY\d{8}[A-Z]$/,
  // VIES: 8 digits.
  DK: /^DK\d{8}$/,
  // VIES: 9 digits.
  EE: /^EE\d{9}$/,
  // VIES: 8 digits.
  FI: /^FI\d{8}$/,
  // VIES: 2 characters (digits or letters other than I and O) and the 9-digit SIREN.
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  // spec §5: DE followed by 9 digits.
  DE: /^DE\d{9}$/,
  // VIES: Greece uses the prefix EL (not its ISO code GR) and 9 digits.
  GR: /^EL\d{9}$/,
  // VIES: 8 digits.
  HU: /^HU\d{8}$/,
  // VIES: 7 digits and 1 or 2 letters (check letter A–W, then A–I or W), or the old form: a digit,
  // a letter or "+" or "*", 5 digits and a check letter.
  IE: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  // VIES: 11 digits.
  IT: /^IT\d{11}$/,
  // VIES: 11 digits.
  LV: /^LV\d{11}$/,
  // VIES: 9 or 12 digits.
  LT: /^LT(?:\d{9}|\d{12})$/,
  // VIES: 8 digits.
  LU: /^LU\d{8}$/,
  // VIES: 8 digits.
  MT: /^MT\d{8}$/,
  // spec §5: PL followed by 10 digits.
  PL: /^PL\d{10}$/,
  // VIES: 9 digits.
  PT: /^PT\d{9}$/,
  // VIES: 2 to 10 digits.
  RO: /^RO\d{2,10}$/,
  // VIES: 8 digits.
  SI: /^SI\d{8}$/,
  // VIES: a letter or digit, 7 digits, a letter or digit; the first and last may not both be digits.
  ES: /^ES(?!\d{9}$)[A-Z0-9]\d{7}[A-Z0-9]$/,
  // VIES: 12 digits, the last two always 01.
  SE: /^SE\d{10}01$/,
  // VIES: 9 digits, the letter B and 2 digits.
  NL: /^NL\d{9}B\d{2}$/,
  // Iceland Revenue and Customs: VSK number of 5 or 6 digits.
  IS: /^IS\d{5,6}$/,
  // Liechtenstein Tax Administration: 5 digits.
  LI: /^LI\d{5}$/,
  // Norwegian Register of Business Enterprises: 9-digit organisation number followed by MVA.
  NO: /^NO\d{9}MVA$/,
  // spec §5: CHE followed by 9 digits and then MWST, TVA or IVA (written CHE-123.456.789 MWST).
  CH: /^CHE\d{9}(?:MWST|TVA|IVA)$/,
});

/** An example VAT id per country, in the shape of its pattern, for hints beside the field. */
export const VAT_ID_EXAMPLES: Readonly<Partial<Record<CountryAlpha2, string>>> = Object.freeze({
  CZ: "CZ12345678",
  SK: "SK1234567890",
  AT: "ATU12345678",
  DE: "DE123456789",
  PL: "PL1234567890",
  CH: "CHE123456789MWST",
  GB: "GB123456789",
  HU: "HU12345678",
});

/** An example VAT id of a country (alpha-2 code), for hints; null when none is known. */
export function vatIdExample(countryAlpha2: string | null | undefined): string | null {
  const code = countryAlpha2 ?? "";
  return isVatCountry(code) ? (VAT_ID_EXAMPLES[code] ?? null) : null;
}

/** True when `code` is the alpha-2 code of one of the 33 countries that have a VAT pattern. */
export function isVatCountry(code: string): code is CountryAlpha2 {
  return Object.hasOwn(VAT_PATTERNS, code);
}

/** The VAT pattern of a country; the code is trimmed and upper-cased, an unknown code throws. */
export function vatPatternFor(countryAlpha2: string): RegExp {
  const code = String(countryAlpha2).trim().toUpperCase();
  if (!isVatCountry(code)) {
    throw new Error(`Unknown country code for VAT id validation: "${String(countryAlpha2)}"`);
  }
  return VAT_PATTERNS[code];
}

/** Trims a VAT id, removes inner whitespace, dots and hyphens, and upper-cases it. */
export function normalizeVatId(value: string): string {
  return String(value)
    .trim()
    .replace(/[\s.-]/g, "")
    .toUpperCase();
}

/** True when the normalised `value` matches the VAT pattern of the country; an unknown code throws. */
export function isValidVatId(countryAlpha2: string, value: string): boolean {
  const pattern = vatPatternFor(countryAlpha2);
  if (typeof value !== "string") return false;
  return pattern.test(normalizeVatId(value));
}
