/**
 * What the server builds would warn of by design. The cookie settings' texts are imported per language when
 * the dialog first opens (src/islands/consent/settings-messages.ts), so the browser's bundle holds each
 * language's in a chunk of its own. The server renders every language, and its bundle imports all their
 * texts up front (src/lib/i18n/resources.ts), so rolldown leaves those imports in place there and says so:
 * eight INEFFECTIVE_DYNAMIC_IMPORT lines in every build, which buried the warnings that mean something.
 * Every other warning is printed as before, and the browser's build prints this one too: there it would
 * mean that the texts no longer load apart.
 */

/** A rolldown warning, as Vite hands it to `onwarn` (INEFFECTIVE_DYNAMIC_IMPORT names the module and its importers). */
interface BuildWarning {
  code?: string;
  message: string;
  /** The module imported. */
  id?: string;
  /** Its importers: the dynamic one, then the static ones. */
  ids?: string[];
}

/** The texts of one language, and the module that imports them for the cookie settings. */
const LANGUAGE_TEXTS = /\/locales\/[a-z]{2}\/common\.json$/;
const SETTINGS_MESSAGES = /\/src\/islands\/consent\/settings-messages\.ts$/;

/** Whether a warning is the server bundle's note that the language texts it imports anyway stay in place. */
function isServerLocaleImportNote(warning: BuildWarning): boolean {
  return (
    warning.code === "INEFFECTIVE_DYNAMIC_IMPORT" &&
    LANGUAGE_TEXTS.test(warning.id ?? "") &&
    SETTINGS_MESSAGES.test(warning.ids?.[0] ?? "")
  );
}

/** `onwarn` of the server builds: prints every warning but that note. */
export function serverBuildWarnings(warning: BuildWarning, print: (warning: BuildWarning) => void): void {
  if (!isServerLocaleImportNote(warning)) print(warning);
}

/** The Vite plugin: the server environments' builds (every one but the browser's) warn through the filter. */
export function serverBuildLogs() {
  return {
    name: "storefront:server-build-logs",
    configEnvironment(name: string) {
      return name === "client" ? null : { build: { rolldownOptions: { onwarn: serverBuildWarnings } } };
    },
  };
}
