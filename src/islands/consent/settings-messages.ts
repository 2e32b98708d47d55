/**
 * The cookie settings' texts of a language (`common::consent`), imported when the dialog first opens, beside
 * the dialog's code: pages carry only the banner's texts.
 */
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";

const COMMON: Readonly<Record<Locale, () => Promise<{ default: { consent: unknown } }>>> = {
  cs: () => import("../../../locales/cs/common.json"),
  en: () => import("../../../locales/en/common.json"),
  de: () => import("../../../locales/de/common.json"),
  sk: () => import("../../../locales/sk/common.json"),
};

/** The `consent` texts of one language. */
export async function loadSettingsMessages(locale: Locale): Promise<Dictionary> {
  return (await COMMON[locale]()).default.consent as Dictionary;
}
