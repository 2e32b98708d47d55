import type { Locale } from "./config.ts";
import { createI18nInstance, type I18n, type I18nLogger } from "./core.ts";
import { loadResources } from "./load.ts";

/** Browser entry: loads only one language's JSON (plus Czech) and returns an initialised instance. */
export async function loadI18n(locale: Locale, logger: I18nLogger = console): Promise<I18n> {
  return createI18nInstance(locale, await loadResources(locale), logger);
}
