import { FALLBACK_LOCALE, type Locale, type LocaleResources, type Resources } from "./config.ts";

type Loader = () => Promise<LocaleResources>;

/** One loader per language; each `import()` becomes its own chunk, so a page fetches only what it uses. */
const LOADERS: Readonly<Record<Locale, Loader>> = {
  cs: async () => {
    const [main, common] = await Promise.all([
      import("../../../locales/cs/main.json", { with: { type: "json" } }),
      import("../../../locales/cs/common.json", { with: { type: "json" } }),
    ]);
    return { main: main.default, common: common.default };
  },
  en: async () => {
    const [main, common] = await Promise.all([
      import("../../../locales/en/main.json", { with: { type: "json" } }),
      import("../../../locales/en/common.json", { with: { type: "json" } }),
    ]);
    return { main: main.default, common: common.default };
  },
  de: async () => {
    const [main, common] = await Promise.all([
      import("../../../locales/de/main.json", { with: { type: "json" } }),
      import("../../../locales/de/common.json", { with: { type: "json" } }),
    ]);
    return { main: main.default, common: common.default };
  },
  sk: async () => {
    const [main, common] = await Promise.all([
      import("../../../locales/sk/main.json", { with: { type: "json" } }),
      import("../../../locales/sk/common.json", { with: { type: "json" } }),
    ]);
    return { main: main.default, common: common.default };
  },
};

/** Loads one language's namespaces plus the Czech fallback on demand (browser code imports this module). */
export async function loadResources(locale: Locale): Promise<Resources> {
  const [requested, fallback] = await Promise.all([
    LOADERS[locale](),
    locale === FALLBACK_LOCALE ? undefined : LOADERS[FALLBACK_LOCALE](),
  ]);
  const resources: Resources = { [locale]: requested };
  if (fallback) resources[FALLBACK_LOCALE] = fallback;
  return resources;
}
