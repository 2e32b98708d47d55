import i18next, { type i18n, type PostProcessorModule } from "i18next";
import {
  DEFAULT_NS,
  FALLBACK_LOCALE,
  KEY_SEPARATOR,
  LOCALES,
  type Locale,
  NAMESPACES,
  NS_SEPARATOR,
  type Resources,
} from "./config.ts";

/** Where translation warnings go; `console` fits. */
export interface I18nLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** An initialised i18next instance for one language. */
export type I18n = i18n;

const MISSING_KEY_REPORTER = "missingKeyReporter";

interface ResolvedLookup {
  res?: unknown;
  usedKey?: string;
  usedLng?: string;
  usedNS?: string;
}

function isFound(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** Post-processor that warns when a key is not in the requested language (Czech text or the key is used). */
function missingKeyReporter(locale: Locale, logger: I18nLogger): PostProcessorModule {
  return {
    type: "postProcessor",
    name: MISSING_KEY_REPORTER,
    process(value, key, options) {
      const resolved = (options as { i18nResolved?: ResolvedLookup }).i18nResolved;
      const requested = typeof options.lng === "string" ? options.lng : locale;
      if (!resolved || (isFound(resolved.res) && resolved.usedLng === requested)) return value;
      const namespace = resolved.usedNS ?? DEFAULT_NS;
      const name = resolved.usedKey ?? (Array.isArray(key) ? key.join(", ") : key);
      const meta = { locale: requested, namespace, key: name };
      if (isFound(resolved.res)) {
        logger.warn(
          `Missing translation "${namespace}${NS_SEPARATOR}${name}" in ${requested}; using ${resolved.usedLng} text`,
          { ...meta, fallback: resolved.usedLng },
        );
      } else {
        logger.warn(
          `Missing translation "${namespace}${NS_SEPARATOR}${name}" in ${requested}; showing the key`,
          {
            ...meta,
            fallback: "key",
          },
        );
      }
      return value;
    },
  };
}

/** Creates a synchronously initialised i18next instance for a language from the given resources. */
export function createI18nInstance(locale: Locale, resources: Resources, logger: I18nLogger = console): I18n {
  const instance = i18next.createInstance();
  instance.use(missingKeyReporter(locale, logger));
  void instance.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: FALLBACK_LOCALE,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NS,
    fallbackNS: false,
    nsSeparator: NS_SEPARATOR,
    keySeparator: KEY_SEPARATOR,
    pluralSeparator: "_",
    // i18next keeps the resource objects it is given; a copy keeps the shared JSON modules untouched.
    resources: structuredClone(resources),
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (text: string, match: RegExpExecArray) => {
      const placeholder = match[0];
      logger.warn(`Missing interpolation value "${match[1]?.trim() ?? ""}" in "${text}"`, {
        locale,
        placeholder,
        text,
      });
      return placeholder;
    },
    postProcess: [MISSING_KEY_REPORTER],
    postProcessPassResolved: true,
  });
  return instance;
}
