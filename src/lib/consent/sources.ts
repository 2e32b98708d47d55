/**
 * Where each tracking provider comes from: the shape of the id a site configures, the script the browser
 * loads for it, and the origins the Content-Security-Policy must allow for it (script, calls, pixels,
 * frames). The storefront's server extends a page's CSP with the origins of exactly the providers that page
 * configures (`trackingCsp`); the consent runtime loads `scriptUrl(id)` only when consent grants it.
 */
import type { TrackingIdMap, TrackingProviderKey } from "./providers.ts";

/** A CSP directive name mapped to its sources. */
export type CspSources = Partial<Record<"script-src" | "connect-src" | "img-src" | "frame-src", string[]>>;

/** What the browser loads for a provider. */
export interface ProviderSource {
  /** What a configured id looks like (checked when sites.config.json is read). */
  idPattern: RegExp;
  /** An example id, for error messages and documentation. */
  idExample: string;
  /** The provider's script for a site's id. */
  scriptUrl(id: string): string;
  /** Origins the provider's script and its calls use. */
  csp: CspSources;
}

const GOOGLE: CspSources = {
  "script-src": ["https://www.googletagmanager.com"],
  "connect-src": [
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
  ],
  "img-src": ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
};

/** The provider sources (real addresses: end-to-end tests serve local stand-ins at these URLs). */
export const PROVIDER_SOURCES: Readonly<Record<TrackingProviderKey, ProviderSource>> = {
  tagManager: {
    idPattern: /^GTM-[A-Z0-9]{4,12}$/,
    idExample: "GTM-ABC1234",
    scriptUrl: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    csp: GOOGLE,
  },
  gtag: {
    idPattern: /^(G|AW|DC)-[A-Z0-9]{4,16}$/,
    idExample: "G-ABC123DEF4",
    scriptUrl: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    csp: GOOGLE,
  },
  socialPixel: {
    idPattern: /^\d{6,20}$/,
    idExample: "123456789012345",
    scriptUrl: () => "https://connect.facebook.net/en_US/fbevents.js",
    csp: {
      "script-src": ["https://connect.facebook.net"],
      "connect-src": ["https://www.facebook.com", "https://connect.facebook.net"],
      "img-src": ["https://www.facebook.com"],
    },
  },
  shortVideoPixel: {
    idPattern: /^[A-Z0-9]{10,30}$/,
    idExample: "C4ABCDEFGH12345678",
    scriptUrl: (id) =>
      `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`,
    csp: {
      "script-src": ["https://analytics.tiktok.com"],
      "connect-src": ["https://analytics.tiktok.com"],
      "img-src": ["https://analytics.tiktok.com"],
    },
  },
  sessionRecording: {
    idPattern: /^[a-z0-9]{6,16}$/,
    idExample: "abcd1234ef",
    scriptUrl: (id) => `https://www.clarity.ms/tag/${encodeURIComponent(id)}`,
    csp: {
      "script-src": ["https://www.clarity.ms", "https://scripts.clarity.ms"],
      "connect-src": ["https://*.clarity.ms"],
      "img-src": ["https://*.clarity.ms", "https://c.bing.com"],
    },
  },
  adNetwork: {
    idPattern: /^\d{3,12}$/,
    idExample: "123456",
    scriptUrl: () => "https://c.seznam.cz/js/rc.js",
    csp: {
      "script-src": ["https://c.seznam.cz"],
      "connect-src": ["https://c.seznam.cz"],
      "img-src": ["https://c.seznam.cz"],
      "frame-src": ["https://c.seznam.cz"],
    },
  },
  emailMarketing: {
    idPattern: /^[A-Za-z0-9_-]{3,64}$/,
    idExample: "my-shop",
    scriptUrl: () => "https://d70shl7vidtft.cloudfront.net/ecmtr-2.4.2.js",
    csp: {
      "script-src": ["https://d70shl7vidtft.cloudfront.net"],
      "connect-src": ["https://d2dpiwfhf3tz0r.cloudfront.net"],
      "img-src": ["https://d2dpiwfhf3tz0r.cloudfront.net"],
    },
  },
};

/** The CSP sources of exactly the providers a site configures (none for a site without tracking ids). */
export function trackingCsp(ids: TrackingIdMap): CspSources {
  const out: CspSources = {};
  for (const [key, id] of Object.entries(ids) as [TrackingProviderKey, string | undefined][]) {
    if (!id) continue;
    for (const [directive, sources] of Object.entries(PROVIDER_SOURCES[key].csp) as [
      keyof CspSources,
      string[],
    ][]) {
      out[directive] = [...new Set([...(out[directive] ?? []), ...sources])];
    }
  }
  return out;
}
