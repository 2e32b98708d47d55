import { describe, expect, it } from "vitest";
import { serverBuildWarnings } from "../../scripts/lib/server-build-logs.ts";

/** The note as rolldown sends it from a server build (message abridged). */
const note = (locale: string) => ({
  code: "INEFFECTIVE_DYNAMIC_IMPORT",
  message: `locales/${locale}/common.json is dynamically imported by src/islands/consent/settings-messages.ts but also statically imported by src/lib/i18n/resources.ts, dynamic import will not move module into another chunk.\n`,
  id: `/repo/locales/${locale}/common.json`,
  ids: ["/repo/src/islands/consent/settings-messages.ts", "/repo/src/lib/i18n/resources.ts"],
});

describe("server build warnings", () => {
  it("drops the note on the cookie settings' texts, in every language", () => {
    const printed: unknown[] = [];
    for (const locale of ["cs", "en", "de", "sk"]) serverBuildWarnings(note(locale), (w) => printed.push(w));
    expect(printed).toEqual([]);
  });

  it("prints the same note about another module or importer, and every other warning", () => {
    const en = note("en");
    const other = [
      { ...en, id: "/repo/locales/en/main.json" },
      { ...en, ids: ["/repo/src/islands/cart/checkout-messages.ts", "/repo/src/lib/i18n/resources.ts"] },
      { ...en, code: "CIRCULAR_DEPENDENCY" },
      { message: "a warning without a code" },
    ];
    const printed: unknown[] = [];
    for (const warning of other) serverBuildWarnings(warning, (w) => printed.push(w));
    expect(printed).toEqual(other);
  });
});
