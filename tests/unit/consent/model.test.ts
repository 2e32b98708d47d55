import { describe, expect, it } from "vitest";
import {
  acceptAll,
  CONSENT_MAX_AGE_S,
  COOKIE_CATEGORIES,
  clearedConsentCookie,
  consentCookie,
  consentFromCookies,
  cookieCategories,
  DEFAULT_CONSENT,
  declineAll,
  decodeConsent,
  effectiveConsent,
  encodeConsent,
  sameConsent,
  setCategory,
} from "../../../src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "../../../src/lib/constants.ts";
import { isValidCookieName, isValidCookieValue } from "../../../src/lib/validation/cookie.ts";

const AT = new Date("2026-11-24T10:00:00Z");

describe("consent transitions (spec §4)", () => {
  it("starts unset with only necessary allowed", () => {
    expect(effectiveConsent(null)).toEqual({ necessary: true, statistics: false, marketing: false });
    expect(DEFAULT_CONSENT).toEqual({ necessary: true, statistics: false, marketing: false });
    expect(Object.isFrozen(DEFAULT_CONSENT)).toBe(true);
  });

  it("accept all turns statistics and marketing on, decline all turns both off; necessary stays on", () => {
    expect(acceptAll()).toEqual({ necessary: true, statistics: true, marketing: true });
    expect(declineAll()).toEqual({ necessary: true, statistics: false, marketing: false });
  });

  it("one switch changes one category of the current choice, or of the default when there is none", () => {
    expect(setCategory(null, "statistics", true)).toEqual({
      necessary: true,
      statistics: true,
      marketing: false,
    });
    const marketingOnly = setCategory(declineAll(), "marketing", true);
    expect(marketingOnly).toEqual({ necessary: true, statistics: false, marketing: true });
    expect(setCategory(acceptAll(), "statistics", false)).toEqual({
      necessary: true,
      statistics: false,
      marketing: true,
    });
  });

  it("keeps necessary on unless the caller explicitly allows the change", () => {
    expect(setCategory(acceptAll(), "necessary", false).necessary).toBe(true);
    expect(setCategory(acceptAll(), "necessary", false, { allowNecessary: true }).necessary).toBe(false);
    // Another switch leaves a necessary that was turned off as it is.
    const withoutNecessary = setCategory(acceptAll(), "necessary", false, { allowNecessary: true });
    expect(setCategory(withoutNecessary, "marketing", false)).toEqual({
      necessary: false,
      statistics: true,
      marketing: false,
    });
  });

  it("never changes the choice it is given", () => {
    const before = declineAll();
    setCategory(before, "marketing", true);
    expect(before).toEqual(declineAll());
    const fromDefault = effectiveConsent(null);
    fromDefault.marketing = true;
    expect(effectiveConsent(null).marketing).toBe(false);
  });

  it("compares choices by their three categories; no choice equals only no choice", () => {
    expect(sameConsent(acceptAll(), acceptAll())).toBe(true);
    expect(sameConsent(acceptAll(), declineAll())).toBe(false);
    expect(sameConsent(null, null)).toBe(true);
    expect(sameConsent(null, declineAll())).toBe(false);
    expect(sameConsent(declineAll(), null)).toBe(false);
  });
});

describe("the eight cookie categories (spec §3)", () => {
  it("derives every category from the three switches", () => {
    expect(Object.keys(cookieCategories(declineAll())).sort()).toEqual([...COOKIE_CATEGORIES].sort());
    expect(cookieCategories(declineAll())).toEqual({
      session: true,
      persistent: false,
      necessary: true,
      preferences: false,
      statistics: false,
      marketing: false,
      firstParty: true,
      thirdParty: false,
    });
    const statistics = cookieCategories(setCategory(null, "statistics", true));
    expect([
      statistics.statistics,
      statistics.marketing,
      statistics.thirdParty,
      statistics.persistent,
    ]).toEqual([true, false, true, true]);
    const marketing = cookieCategories(setCategory(null, "marketing", true));
    expect([marketing.statistics, marketing.marketing, marketing.thirdParty]).toEqual([false, true, true]);
    expect(cookieCategories(acceptAll()).preferences).toBe(false);
  });
});

describe("the cc_cookie_v4 cookie (spec §9)", () => {
  it("round-trips a choice and records when it was made", () => {
    const value = encodeConsent(setCategory(null, "marketing", true), AT);
    expect(JSON.parse(decodeURIComponent(value))).toEqual({
      necessary: true,
      statistics: false,
      marketing: true,
      at: "2026-11-24T10:00:00.000Z",
    });
    expect(decodeConsent(value)).toEqual({ necessary: true, statistics: false, marketing: true });
    // Spec §5: cookie names and values pass the character check.
    expect(isValidCookieName(CONSENT_COOKIE)).toBe(true);
    expect(isValidCookieValue(value)).toBe(true);
  });

  it("reads no choice from a missing, malformed or foreign value", () => {
    for (const bad of [
      undefined,
      "",
      "%E0%A4%A",
      "not-json",
      "null",
      "42",
      '"yes"',
      encodeURIComponent("{}"),
    ]) {
      expect(decodeConsent(bad)).toBeNull();
    }
    expect(
      decodeConsent(encodeURIComponent(JSON.stringify({ statistics: "yes", marketing: true }))),
    ).toBeNull();
    expect(
      decodeConsent(encodeURIComponent(JSON.stringify({ statistics: true, marketing: "yes" }))),
    ).toBeNull();
  });

  it("keeps a stored necessary that is off, and counts a missing one as on", () => {
    const stored = (record: object) => decodeConsent(encodeURIComponent(JSON.stringify(record)));
    expect(stored({ necessary: false, statistics: true, marketing: false })).toEqual({
      necessary: false,
      statistics: true,
      marketing: false,
    });
    expect(stored({ statistics: false, marketing: true })).toEqual({
      necessary: true,
      statistics: false,
      marketing: true,
    });
  });

  it("finds the cookie among others, by its exact name", () => {
    const value = encodeConsent(acceptAll(), AT);
    expect(consentFromCookies(`a=1; ${CONSENT_COOKIE}=${value}; b=2`)).toEqual(acceptAll());
    expect(consentFromCookies(`x${CONSENT_COOKIE}=${value}`)).toBeNull();
    expect(consentFromCookies(`${CONSENT_COOKIE}=${value}; b=2`)).toEqual(acceptAll());
    expect(consentFromCookies(`a=1;${CONSENT_COOKIE}=${value}`)).toEqual(acceptAll());
    expect(consentFromCookies(`a=1; ${CONSENT_COOKIE}x=${value}`)).toBeNull();
    expect(consentFromCookies("")).toBeNull();
  });

  it("is stored for 365 days on the whole site, Secure over https, and cleared with Max-Age=0", () => {
    expect(CONSENT_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
    const plain = consentCookie(declineAll(), { now: AT, secure: false });
    expect(plain).toBe(
      `${CONSENT_COOKIE}=${encodeConsent(declineAll(), AT)}; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(consentCookie(declineAll(), { now: AT, secure: true }).endsWith("; Secure")).toBe(true);
    expect(clearedConsentCookie()).toBe(`${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });
});
