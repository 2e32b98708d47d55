import { describe, expect, it } from "vitest";
import { CONSENT_COOKIES, cookieNamesSetBy, cookiesOf } from "../../../src/lib/consent/cookies.ts";
import { acceptAll, type Consent, declineAll, setCategory } from "../../../src/lib/consent/model.ts";
import {
  CONSENT_MODE_DEFAULT,
  consentModeSignals,
  grantedProviders,
  PROVIDER_CONSENT,
  TRACKING_PROVIDERS,
  trackingIdsFromJson,
} from "../../../src/lib/consent/providers.ts";
import { PROVIDER_SOURCES, trackingCsp } from "../../../src/lib/consent/sources.ts";

const ALL_IDS = Object.fromEntries(TRACKING_PROVIDERS.map((key) => [key, PROVIDER_SOURCES[key].idExample]));
const statisticsOnly = setCategory(null, "statistics", true);
const marketingOnly = setCategory(null, "marketing", true);

describe("consent per provider (spec §4)", () => {
  it("grants each provider exactly as the table says", () => {
    const table = (consent: Consent) => TRACKING_PROVIDERS.filter((key) => PROVIDER_CONSENT[key](consent));
    expect(table(declineAll())).toEqual([]);
    expect(table(statisticsOnly)).toEqual([
      "tagManager",
      "gtag",
      "sessionRecording",
      "adNetwork",
      "emailMarketing",
    ]);
    expect(table(marketingOnly)).toEqual([
      "tagManager",
      "gtag",
      "socialPixel",
      "shortVideoPixel",
      "adNetwork",
      "emailMarketing",
    ]);
    expect(table(acceptAll())).toEqual([...TRACKING_PROVIDERS]);
  });

  it("loads only providers the site configures, in loading order", () => {
    expect(grantedProviders(acceptAll(), {})).toEqual([]);
    expect(grantedProviders(acceptAll(), { socialPixel: "1234567", tagManager: "GTM-AAAA" })).toEqual([
      "tagManager",
      "socialPixel",
    ]);
    expect(grantedProviders(statisticsOnly, { socialPixel: "1234567", sessionRecording: "abcdef" })).toEqual([
      "sessionRecording",
    ]);
    expect(grantedProviders(acceptAll(), { gtag: "" })).toEqual([]);
  });
});

describe("Google Consent Mode v2", () => {
  it("defaults to everything denied", () => {
    expect(CONSENT_MODE_DEFAULT).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
  });

  it("grants analytics with statistics and the three ad signals with marketing", () => {
    expect(consentModeSignals(statisticsOnly)).toEqual({
      ...CONSENT_MODE_DEFAULT,
      analytics_storage: "granted",
    });
    expect(consentModeSignals(marketingOnly)).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
  });
});

describe("the page's tracking ids", () => {
  it("reads the known providers' non-empty string ids and nothing else", () => {
    expect(trackingIdsFromJson('{"gtag":"G-ABCD1234","socialPixel":"","evil":"x","tagManager":7}')).toEqual({
      gtag: "G-ABCD1234",
    });
    for (const bad of [null, undefined, "", "not json", "[1]", "null", '"text"']) {
      expect(trackingIdsFromJson(bad)).toEqual({});
    }
  });
});

describe("provider sources", () => {
  it("takes each provider's example id and refuses ids that could break out of a URL", () => {
    for (const key of TRACKING_PROVIDERS) {
      const source = PROVIDER_SOURCES[key];
      expect(source.idPattern.test(source.idExample), key).toBe(true);
      for (const bad of ["", "a b", 'x"><script>', "../../evil", "GTM-1234?x=1&y"]) {
        expect(source.idPattern.test(bad), `${key} ${bad}`).toBe(false);
      }
      expect(new URL(source.scriptUrl(source.idExample)).protocol).toBe("https:");
    }
  });

  it("allows in the CSP exactly the origins of the configured providers", () => {
    expect(trackingCsp({})).toEqual({});
    expect(trackingCsp({ socialPixel: "1234567" })).toEqual({
      "script-src": ["https://connect.facebook.net"],
      "connect-src": ["https://www.facebook.com", "https://connect.facebook.net"],
      "img-src": ["https://www.facebook.com"],
    });
    const both = trackingCsp({ tagManager: "GTM-AAAA", gtag: "G-AAAA1111" });
    expect(both["script-src"]).toEqual(["https://www.googletagmanager.com"]);
    const all = trackingCsp(ALL_IDS);
    for (const key of TRACKING_PROVIDERS) {
      const scriptOrigin = new URL(PROVIDER_SOURCES[key].scriptUrl(PROVIDER_SOURCES[key].idExample)).origin;
      expect(all["script-src"], key).toContain(scriptOrigin);
    }
  });
});

describe("the cookie tables (spec §2)", () => {
  it("list the spec's cookies in their categories", () => {
    expect(cookiesOf("statistics").map((c) => c.name)).toEqual([
      "_ga",
      "_gat",
      "_gid",
      "_clck",
      "_clsk",
      "CLID",
    ]);
    expect(cookiesOf("marketing").map((c) => c.name)).toEqual(["_fbp", "_ttp"]);
    expect(cookiesOf("necessary").map((c) => c.name)).toEqual(["cc_cookie_v4", "_hocid", "_hocid_marker"]);
    expect(new Set(CONSENT_COOKIES.map((c) => c.name)).size).toBe(CONSENT_COOKIES.length);
  });

  it("name the cookies each provider sets, and none for the shop's own", () => {
    expect(cookieNamesSetBy("gtag")).toEqual(["_ga", "_gat", "_gid"]);
    expect(cookieNamesSetBy("sessionRecording")).toEqual(["_clck", "_clsk", "CLID"]);
    expect(cookieNamesSetBy("socialPixel")).toEqual(["_fbp"]);
    expect(cookieNamesSetBy("adNetwork")).toEqual([]);
    for (const cookie of cookiesOf("necessary")) expect(cookie.setBy).toEqual([]);
    for (const cookie of [...cookiesOf("statistics"), ...cookiesOf("marketing")]) {
      for (const provider of cookie.setBy)
        expect(PROVIDER_CONSENT[provider](declineAll()), cookie.name).toBe(false);
    }
  });
});
