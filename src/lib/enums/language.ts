import { defineEnum, isCustomId } from "./define.ts";

/** Languages known to the platform; only cs, sk, en and de have translation text and are supported. */
export const language = defineEnum("language", [
  {
    id: 1,
    key: "CS",
    code: "cs",
    nativeName: "Čeština",
    supported: true,
    label: { cs: "Čeština", sk: "Čeština", en: "Czech", de: "Tschechisch" },
  },
  {
    id: 2,
    key: "SK",
    code: "sk",
    nativeName: "Slovenčina",
    supported: true,
    label: { cs: "Slovenština", sk: "Slovenčina", en: "Slovak", de: "Slowakisch" },
  },
  {
    id: 3,
    key: "EN",
    code: "en",
    nativeName: "English",
    supported: true,
    label: { cs: "Angličtina", sk: "Angličtina", en: "English", de: "Englisch" },
  },
  {
    id: 4,
    key: "DE",
    code: "de",
    nativeName: "Deutsch",
    supported: true,
    label: { cs: "Němčina", sk: "Nemčina", en: "German", de: "Deutsch" },
  },
  {
    id: 5,
    key: "FR",
    code: "fr",
    nativeName: "Français",
    supported: false,
    label: { cs: "Francouzština", sk: "Francúzština", en: "French", de: "Französisch" },
  },
  {
    id: 6,
    key: "ES",
    code: "es",
    nativeName: "Español",
    supported: false,
    label: { cs: "Španělština", sk: "Španielčina", en: "Spanish", de: "Spanisch" },
  },
  {
    id: 7,
    key: "RU",
    code: "ru",
    nativeName: "Русский",
    supported: false,
    label: { cs: "Ruština", sk: "Ruština", en: "Russian", de: "Russisch" },
  },
  {
    id: 8,
    key: "NO",
    code: "no",
    nativeName: "Norsk",
    supported: false,
    label: { cs: "Norština", sk: "Nórčina", en: "Norwegian", de: "Norwegisch" },
  },
  {
    id: 9,
    key: "SV",
    code: "sv",
    nativeName: "Svenska",
    supported: false,
    label: { cs: "Švédština", sk: "Švédčina", en: "Swedish", de: "Schwedisch" },
  },
]);

/** One entry of the language enumeration. */
export type LanguageEntry = (typeof language.entries)[number];
/** Id of a language. */
export type LanguageId = LanguageEntry["id"];
/** ISO 639-1 code of a language. */
export type LanguageCode = LanguageEntry["code"];

/** Languages of the web shop, in menu order, each with the country whose flag is its icon; ids are the language ids. */
export const webLanguage = defineEnum("webLanguage", [
  { id: 1, key: "CS", code: "cs", flag: "cz", label: language.get(1).label },
  { id: 3, key: "EN", code: "en", flag: "gb", label: language.get(3).label },
  { id: 2, key: "SK", code: "sk", flag: "sk", label: language.get(2).label },
  { id: 4, key: "DE", code: "de", flag: "de", label: language.get(4).label },
]);

/** One entry of the web language enumeration. */
export type WebLanguageEntry = (typeof webLanguage.entries)[number];
/** Code of a language the web shop supports. */
export type WebLanguageCode = WebLanguageEntry["code"];

/** Language with this ISO 639-1 code (case-insensitive, region suffix ignored), or `undefined`. */
export function findLanguageByCode(code: string | null | undefined): LanguageEntry | undefined {
  const base = (code ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return language.entries.find((entry) => entry.code === base);
}

/** Whether the web shop supports the language code (cs, en, sk, de). */
export function isWebLanguageCode(code: unknown): code is WebLanguageCode {
  return typeof code === "string" && webLanguage.entries.some((entry) => entry.code === code);
}

/** Id of the base language: the id itself, or for a custom id the thousands digit of (id modulo 100000). */
export function baseLanguageId(id: number): number {
  if (!isCustomId(id)) return id;
  return Math.floor((id % 100000) / 1000) % 10;
}

/** Base language of a standard or custom language id; throws when there is none. */
export function baseLanguage(id: number): LanguageEntry {
  return language.get(baseLanguageId(id));
}
