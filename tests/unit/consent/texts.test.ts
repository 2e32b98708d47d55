import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONSENT_COOKIES, cookiesOf, OWN_COOKIE_PROVIDER } from "../../../src/lib/consent/cookies.ts";
import { CONSENT_CATEGORIES } from "../../../src/lib/consent/model.ts";
import {
  cookieProviderName,
  createConsentT,
  expirationText,
} from "../../../src/lib/consent/settings-texts.ts";
import { consentText } from "../../../src/lib/consent/texts.ts";
import { CONSENT_MODAL_BREAKPOINT_PX } from "../../../src/lib/constants.ts";
import { type Dictionary, LOCALES, type Locale, resourcesFor } from "../../../src/lib/i18n/index.ts";

/** The `common::consent` texts of a language, as the page hands them to the island. */
const messagesOf = (locale: Locale) => resourcesFor(locale)[locale]?.common.consent as Dictionary;

describe("consent texts", () => {
  it("writes a cookie's lifetime with the plural rules of each language", () => {
    const lifetimes = (locale: Locale) => {
      const t = createConsentT(locale, messagesOf(locale));
      return [
        { count: 1, unit: "minute" },
        { count: 2, unit: "year" },
        { count: 5, unit: "day" },
        { count: 13, unit: "month" },
        { count: 365, unit: "day" },
      ].map((expiration) => expirationText(t, { expiration } as Parameters<typeof expirationText>[1]));
    };
    expect(lifetimes("en")).toEqual(["1 minute", "2 years", "5 days", "13 months", "365 days"]);
    expect(lifetimes("cs")).toEqual(["1 minuta", "2 roky", "5 dní", "13 měsíců", "365 dní"]);
    expect(lifetimes("de")).toEqual(["1 Minute", "2 Jahre", "5 Tage", "13 Monate", "365 Tage"]);
    expect(lifetimes("sk")).toEqual(["1 minúta", "2 roky", "5 dní", "13 mesiacov", "365 dní"]);
  });

  it("has a description of every listed cookie and a title, text and switch of every category in each language", () => {
    for (const locale of LOCALES) {
      const messages = messagesOf(locale);
      const keys = [
        ...CONSENT_COOKIES.map((cookie) => `cookie.${cookie.name}`),
        ...CONSENT_CATEGORIES.flatMap((c) => ["title", "text", "switch"].map((k) => `sections.${c}.${k}`)),
      ];
      for (const key of keys) expect(consentText(messages, key), `${locale} ${key}`).not.toBe(key);
    }
  });

  it("reads a text at a dotted key, or answers the key when there is none", () => {
    const messages = { banner: { title: "We use cookies" } };
    expect(consentText(messages, "banner.title")).toBe("We use cookies");
    expect(consentText(messages, "banner.missing")).toBe("banner.missing");
    expect(consentText(messages, "banner.title.deeper")).toBe("banner.title.deeper");
  });

  it("names the site as the provider of the shop's own cookies and brands as theirs", () => {
    const [own] = cookiesOf("necessary");
    expect(own?.provider).toBe(OWN_COOKIE_PROVIDER);
    expect(cookieProviderName({ provider: OWN_COOKIE_PROVIDER }, "Louka Open Air")).toBe("Louka Open Air");
    expect(cookieProviderName({ provider: "Meta Pixel" }, "Louka Open Air")).toBe("Meta Pixel");
  });
});

describe("the settings dialog's breakpoint", () => {
  it("is Tailwind's md breakpoint of the theme, which the dialog's classes use", () => {
    const theme = readFileSync(new URL("../../../src/styles/theme.css", import.meta.url), "utf8");
    expect(/--breakpoint-md:\s*(\d+)px;/.exec(theme)?.[1]).toBe(String(CONSENT_MODAL_BREAKPOINT_PX));
    const dialog = readFileSync(
      new URL("../../../src/islands/consent/ConsentSettings.tsx", import.meta.url),
      "utf8",
    );
    expect(dialog).toMatch(/\bmd:inline-flex\b/);
    expect(dialog).toMatch(/\bmd:shadow-/);
  });
});
