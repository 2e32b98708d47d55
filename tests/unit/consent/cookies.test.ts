import { describe, expect, it } from "vitest";
import {
  CONSENT_COOKIES,
  cookieNamesSetBy,
  cookiesOf,
  OWN_COOKIE_PROVIDER,
} from "../../../src/lib/consent/cookies.ts";
import { acceptAll, consentCookie } from "../../../src/lib/consent/model.ts";
import { TRACKING_PROVIDERS } from "../../../src/lib/consent/providers.ts";
import { CONSENT_COOKIE, SESSION_MARKER_COOKIE, TOKEN_COOKIE } from "../../../src/lib/constants.ts";
import { sessionCookies } from "../../../src/server/session-cookies.ts";

const SECONDS = { minute: 60, hour: 3600, day: 86_400, month: 30 * 86_400, year: 365 * 86_400 } as const;

/** The Max-Age of a Set-Cookie or document.cookie assignment, in seconds. */
function maxAge(assignment: string | undefined): number {
  const match = /Max-Age=(\d+)/i.exec(assignment ?? "");
  if (!match) throw new Error(`no Max-Age in ${assignment}`);
  return Number(match[1]);
}

/** The lifetime the table states for a cookie, in seconds. */
function stated(name: string): number {
  const cookie = CONSENT_COOKIES.find((c) => c.name === name);
  if (!cookie) throw new Error(`${name} is not in the table`);
  return cookie.expiration.count * SECONDS[cookie.expiration.unit];
}

describe("the cookie settings' table", () => {
  it("states the lifetimes the shop's own cookies really get", () => {
    const [token, marker] = sessionCookies("tok", true);
    expect(stated(TOKEN_COOKIE)).toBe(maxAge(token));
    expect(stated(SESSION_MARKER_COOKIE)).toBe(maxAge(marker));
    expect(stated(CONSENT_COOKIE)).toBe(
      maxAge(consentCookie(acceptAll(), { now: new Date(0), secure: true })),
    );
  });

  it("lists the shop's cookies as necessary and its own, set by no provider", () => {
    for (const name of [CONSENT_COOKIE, TOKEN_COOKIE, SESSION_MARKER_COOKIE]) {
      expect(CONSENT_COOKIES.find((c) => c.name === name)).toMatchObject({
        provider: OWN_COOKIE_PROVIDER,
        category: "necessary",
        setBy: [],
      });
    }
    expect(cookiesOf("necessary").map((c) => c.name)).toEqual([
      CONSENT_COOKIE,
      TOKEN_COOKIE,
      SESSION_MARKER_COOKIE,
    ]);
  });

  it("gives every provider's cookie a brand, a lifetime in whole units and the providers that set it", () => {
    const providers: readonly string[] = TRACKING_PROVIDERS;
    for (const cookie of CONSENT_COOKIES.filter((c) => c.provider !== OWN_COOKIE_PROVIDER)) {
      expect(cookie.provider.trim().length, cookie.name).toBeGreaterThan(2);
      expect(Number.isInteger(cookie.expiration.count) && cookie.expiration.count > 0, cookie.name).toBe(
        true,
      );
      expect(Object.keys(SECONDS), cookie.name).toContain(cookie.expiration.unit);
      expect(cookie.setBy.length, cookie.name).toBeGreaterThan(0);
      for (const by of cookie.setBy) expect(providers, cookie.name).toContain(by);
      expect(["statistics", "marketing"], cookie.name).toContain(cookie.category);
    }
    expect(new Set(CONSENT_COOKIES.map((c) => c.name)).size).toBe(CONSENT_COOKIES.length);
  });

  it("finds the cookies a provider sets, to delete them when consent is withdrawn", () => {
    expect(cookieNamesSetBy("sessionRecording")).toEqual(["_clck", "_clsk", "CLID"]);
    expect(cookieNamesSetBy("emailMarketing")).toEqual([]);
    expect(cookiesOf("marketing").map((c) => c.name)).toEqual(["_fbp", "_ttp"]);
  });
});
