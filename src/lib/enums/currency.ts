import { defineEnum } from "./define.ts";

/** Currencies with ISO 4217 code and numeric code; amounts are kept in minor units (hundredths). */
export const currency = defineEnum("currency", [
  {
    id: 1,
    key: "CZK",
    code: "CZK",
    numericCode: 203,
    symbol: "Kč",
    minorUnits: 2,
    label: { cs: "Česká koruna", sk: "Česká koruna", en: "Czech crown", de: "Tschechische Krone" },
  },
  {
    id: 2,
    key: "EUR",
    code: "EUR",
    numericCode: 978,
    symbol: "€",
    minorUnits: 2,
    label: { cs: "Euro", sk: "Euro", en: "Euro", de: "Euro" },
  },
  {
    id: 3,
    key: "RSD",
    code: "RSD",
    numericCode: 941,
    symbol: "din.",
    minorUnits: 2,
    label: { cs: "Srbský dinár", sk: "Srbský dinár", en: "Serbian dinar", de: "Serbischer Dinar" },
  },
  {
    id: 4,
    key: "GBP",
    code: "GBP",
    numericCode: 826,
    symbol: "£",
    minorUnits: 2,
    label: { cs: "Britská libra", sk: "Britská libra", en: "British pound", de: "Britisches Pfund" },
  },
  {
    id: 5,
    key: "PLN",
    code: "PLN",
    numericCode: 985,
    symbol: "zł",
    minorUnits: 2,
    label: { cs: "Polský zlotý", sk: "Poľský zlotý", en: "Polish zloty", de: "Polnischer Złoty" },
  },
]);

/** One entry of the currency enumeration. */
export type CurrencyEntry = (typeof currency.entries)[number];
/** Id of a currency. */
export type CurrencyId = CurrencyEntry["id"];
/** ISO 4217 code of a currency. */
export type CurrencyCode = CurrencyEntry["code"];

/** Currency with this ISO 4217 code (case-insensitive), or `undefined`. */
export function findCurrencyByCode(code: string | null | undefined): CurrencyEntry | undefined {
  const upper = (code ?? "").trim().toUpperCase();
  return currency.entries.find((entry) => entry.code === upper);
}
