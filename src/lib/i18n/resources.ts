import csCommon from "../../../locales/cs/common.json" with { type: "json" };
import csMain from "../../../locales/cs/main.json" with { type: "json" };
import deCommon from "../../../locales/de/common.json" with { type: "json" };
import deMain from "../../../locales/de/main.json" with { type: "json" };
import enCommon from "../../../locales/en/common.json" with { type: "json" };
import enMain from "../../../locales/en/main.json" with { type: "json" };
import skCommon from "../../../locales/sk/common.json" with { type: "json" };
import skMain from "../../../locales/sk/main.json" with { type: "json" };
import { FALLBACK_LOCALE, type Locale, type LocaleResources, type Resources } from "./config.ts";

const BUNDLED: Readonly<Record<Locale, LocaleResources>> = {
  cs: { main: csMain, common: csCommon },
  en: { main: enMain, common: enCommon },
  de: { main: deMain, common: deCommon },
  sk: { main: skMain, common: skCommon },
};

/** Resources of one language plus the Czech fallback, from the bundled JSON (server side and tests). */
export function resourcesFor(locale: Locale): Resources {
  const resources: Resources = { [FALLBACK_LOCALE]: BUNDLED[FALLBACK_LOCALE] };
  resources[locale] = BUNDLED[locale];
  return resources;
}
