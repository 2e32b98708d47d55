/**
 * The tracking providers of spec §7 and when consent lets each one run (spec §4 "Consent per provider").
 * A site configures an id per provider (`tracking` in sites.config.json); a provider runs only when the
 * site configures it and the consent in force grants it.
 *
 * | provider                        | granted when            |
 * |---------------------------------|-------------------------|
 * | tag manager                     | marketing or statistics |
 * | gtag (analytics)                | marketing or statistics |
 * | social pixel                    | marketing               |
 * | short-video pixel               | marketing               |
 * | session-recording provider      | statistics              |
 * | ad-network retargeting          | either                  |
 * | e-mail-marketing tracker        | either                  |
 *
 * gtag is not in the spec's table: like the tag manager it is a Google tag that obeys Consent Mode v2, so it
 * loads when either category is on and Consent Mode tells it which storage it may use
 * (`consentModeSignals`: analytics storage follows statistics, ad storage and ad data follow marketing).
 */
import type { Consent } from "./model.ts";

/** The providers, in the order they are loaded. */
export const TRACKING_PROVIDERS = [
  "tagManager",
  "gtag",
  "socialPixel",
  "shortVideoPixel",
  "sessionRecording",
  "adNetwork",
  "emailMarketing",
] as const;

/** A tracking provider. */
export type TrackingProviderKey = (typeof TRACKING_PROVIDERS)[number];

/** The ids a site configures, per provider (absent: the provider never runs on that site). */
export type TrackingIdMap = Partial<Record<TrackingProviderKey, string>>;

/** When consent grants each provider (spec §4, and gtag as above). */
export const PROVIDER_CONSENT: Readonly<Record<TrackingProviderKey, (consent: Consent) => boolean>> = {
  tagManager: (c) => c.marketing || c.statistics,
  gtag: (c) => c.marketing || c.statistics,
  socialPixel: (c) => c.marketing,
  shortVideoPixel: (c) => c.marketing,
  sessionRecording: (c) => c.statistics,
  adNetwork: (c) => c.marketing || c.statistics,
  emailMarketing: (c) => c.marketing || c.statistics,
};

/** The id of the JSON data block in which every page names its site's tracking ids. */
export const SITE_TRACKING_ID = "site-tracking";

/** The tracking ids of a page's `#site-tracking` data block (written by BaseLayout); none when unreadable. */
export function trackingIdsFromJson(text: string | null | undefined): TrackingIdMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || "{}");
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const record = parsed as Record<string, unknown>;
  const ids: TrackingIdMap = {};
  for (const key of TRACKING_PROVIDERS) {
    const id = record[key];
    if (typeof id === "string" && id) ids[key] = id;
  }
  return ids;
}

/** The providers a site configures and a consent grants, in loading order. */
export function grantedProviders(consent: Consent, ids: TrackingIdMap): TrackingProviderKey[] {
  return TRACKING_PROVIDERS.filter((key) => Boolean(ids[key]) && PROVIDER_CONSENT[key](consent));
}

/** A Google Consent Mode v2 value. */
export type ConsentModeValue = "granted" | "denied";

/** The Google Consent Mode v2 signals. */
export interface ConsentModeSignals {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
}

/** The Consent Mode v2 signals of a consent: ads follow marketing, analytics follows statistics. */
export function consentModeSignals(consent: Consent): ConsentModeSignals {
  const ads: ConsentModeValue = consent.marketing ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: consent.statistics ? "granted" : "denied",
  };
}

/** The Consent Mode default sent before any Google tag loads: everything denied (spec: default denied). */
export const CONSENT_MODE_DEFAULT: Readonly<ConsentModeSignals> = Object.freeze(
  consentModeSignals({ necessary: true, statistics: false, marketing: false }),
);
