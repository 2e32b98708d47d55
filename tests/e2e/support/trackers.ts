/**
 * The tracking providers of the end-to-end test server: every provider configured on the main site with
 * these ids (playwright.config.ts writes them into the test server's sites configuration).
 */
import type { TrackingIdMap } from "../../../src/lib/consent/providers.ts";

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
