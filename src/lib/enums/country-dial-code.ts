/** International dialling codes (ITU-T E.164 country codes) of the countries of spec §3. */
import type { CountryAlpha2 } from "../validation/vat.ts";
import { country } from "./country.ts";

/** International dialling codes of the countries of spec §3, by ISO alpha-2 code, without the `+`. */
export const DIAL_CODES: Readonly<Record<CountryAlpha2, string>> = {
  CZ: "420",
  SK: "421",
  AT: "43",
  GB: "44",
  RS: "381",
  BE: "32",
  BG: "359",
  HR: "385",
  CY: "357",
  DK: "45",
  EE: "372",
  FI: "358",
  FR: "33",
  DE: "49",
  GR: "30",
  HU: "36",
  IE: "353",
  IT: "39",
  LV: "371",
  LT: "370",
  LU: "352",
  MT: "356",
  PL: "48",
  PT: "351",
  RO: "40",
  SI: "386",
  ES: "34",
  SE: "46",
  NL: "31",
  IS: "354",
  LI: "423",
  NO: "47",
  CH: "41",
};

/** The dialling code of a country id (without the `+`); null for a country not in the enumeration. */
export function dialCode(countryId: number): string | null {
  const iso2 = country.find(countryId)?.iso2;
  return iso2 && Object.hasOwn(DIAL_CODES, iso2) ? DIAL_CODES[iso2 as CountryAlpha2] : null;
}
