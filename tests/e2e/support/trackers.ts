/**
 * The tracking providers of the end-to-end test server: every provider configured on the main site with
 * these ids (playwright.config.ts writes them into the test server's sites configuration), a stored consent
 * choice, and local stand-ins for the providers' scripts at their real addresses (tests/e2e/fixtures/trackers).
 */
import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { type Consent, encodeConsent } from "../../../src/lib/consent/model.ts";
import {
  TRACKING_PROVIDERS,
  type TrackingIdMap,
  type TrackingProviderKey,
} from "../../../src/lib/consent/providers.ts";
import { PROVIDER_SOURCES } from "../../../src/lib/consent/sources.ts";
import { CONSENT_COOKIE } from "../../../src/lib/constants.ts";

/** One id per provider, each of the shape its provider uses. */
export const E2E_TRACKING_IDS = {
  tagManager: "GTM-E2ETEST",
  gtag: "G-E2ETEST123",
  socialPixel: "100200300400500",
  shortVideoPixel: "CE2ETEST0123456789",
  sessionRecording: "e2etest01",
  adNetwork: "424242",
  emailMarketing: "e2e-shop",
} as const satisfies Required<TrackingIdMap>;

/** The error-reporting DSN of the test server's main site (its origin is routed by `errorReports`). */
export const E2E_ERROR_DSN = "https://e2ekey@errors.e2e.example/7";

/** The bodies of the error reports (Sentry envelopes) the page sends to the DSN's origin. */
export async function errorReports(context: BrowserContext): Promise<string[]> {
  const bodies: string[] = [];
  await context.route(`${new URL(E2E_ERROR_DSN).origin}/**`, async (route) => {
    bodies.push(route.request().postData() ?? "");
    await route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
  });
  return bodies;
}

/** A visitor's stored choice, as a returning visitor has it: the `cc_cookie_v4` cookie on the test site. */
export async function storeConsent(
  context: BrowserContext,
  baseURL: string,
  consent: Consent,
): Promise<void> {
  await context.addCookies([
    { name: CONSENT_COOKIE, value: encodeConsent(consent, new Date()), url: baseURL },
  ]);
}

/** The stand-in file of each provider's script. */
const FIXTURES: Readonly<Record<TrackingProviderKey, string>> = {
  tagManager: "tag-manager.js",
  gtag: "gtag.js",
  socialPixel: "social-pixel.js",
  shortVideoPixel: "short-video-pixel.js",
  sessionRecording: "session-recording.js",
  adNetwork: "ad-network.js",
  emailMarketing: "email-marketing.js",
};

const fixture = (file: string) =>
  readFileSync(new URL(`../fixtures/trackers/${file}`, import.meta.url), "utf8");

/** Every request the browser made to a tracker origin. */
export interface TrackerTraffic {
  /** Every URL requested from any provider origin, in order. */
  requests: string[];
  /** How often each provider's script was requested. */
  scripts(): Record<TrackingProviderKey, number>;
}

/**
 * Routes every request to any provider origin (each origin of PROVIDER_SOURCES' CSP): the providers' scripts
 * get their stand-ins, everything else an empty answer; all are counted. `throwing` swaps the social pixel
 * for one whose events throw.
 */
export async function fakeTrackers(
  context: BrowserContext,
  options: { throwingSocialPixel?: boolean } = {},
): Promise<TrackerTraffic> {
  const requests: string[] = [];
  const scriptUrls = new Map<string, TrackingProviderKey>(
    TRACKING_PROVIDERS.map((key) => [PROVIDER_SOURCES[key].scriptUrl(E2E_TRACKING_IDS[key]), key]),
  );
  const origins = new Set(
    TRACKING_PROVIDERS.flatMap((key) => Object.values(PROVIDER_SOURCES[key].csp).flat()),
  );
  for (const origin of origins) {
    await context.route(`${origin}/**`, async (route) => {
      const url = route.request().url();
      requests.push(url);
      const key = scriptUrls.get(url);
      if (!key) return route.fulfill({ status: 204 });
      const file =
        key === "socialPixel" && options.throwingSocialPixel ? "social-pixel-throwing.js" : FIXTURES[key];
      return route.fulfill({ status: 200, contentType: "text/javascript", body: fixture(file) });
    });
  }
  return {
    requests,
    scripts() {
      const counts = Object.fromEntries(TRACKING_PROVIDERS.map((key) => [key, 0])) as Record<
        TrackingProviderKey,
        number
      >;
      for (const url of requests) {
        const key = scriptUrls.get(url);
        if (key) counts[key] += 1;
      }
      return counts;
    },
  };
}

/** The calls each stand-in recorded on the page (`window.__fakeTrackers`). */
export type FakeTrackerCalls = Partial<Record<TrackingProviderKey, unknown[]>>;
