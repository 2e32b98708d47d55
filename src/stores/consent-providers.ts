/**
 * The tracking providers in the browser (spec §4, §7, §9): every consent change updates all of them at once.
 *
 * - Google Consent Mode v2: the default (all denied) before any Google tag loads, an update on every call.
 * - A provider the consent grants and the site configures is set up with its vendor's queue, its script is
 *   loaded (one `<script async>`, never twice) and it is registered once with the storefront's tracker; it
 *   then gets the current page view and the events tracked on this page before it was registered (the
 *   order page's purchase may be tracked before the consent code runs).
 * - A provider no longer granted is unregistered, told to stop where its API allows, and its first-party
 *   cookies are deleted.
 * - Page views: each page load, and every `astro:page-load` that lands on another address.
 *
 * The adapters, one per provider, are in ./trackers/; what each vendor is told is lib/consent/vendor-calls.ts.
 */

import { cookieNamesSetBy } from "../lib/consent/cookies.ts";
import { type Consent, DEFAULT_CONSENT } from "../lib/consent/model.ts";
import {
  grantedProviders,
  TRACKING_PROVIDERS,
  type TrackingIdMap,
  type TrackingProviderKey,
} from "../lib/consent/providers.ts";
import { PROVIDER_SOURCES } from "../lib/consent/sources.ts";
import { type PageView, tracker } from "../lib/tracking.ts";
import { pageLogger } from "./page.ts";
import { adNetwork } from "./trackers/ad-network.ts";
import type { AdapterContext, TrackerAdapter } from "./trackers/adapter.ts";
import { currentPage, deleteCookies, loadScript } from "./trackers/dom.ts";
import { emailMarketing } from "./trackers/email-marketing.ts";
import { applyGoogleConsent, gtagAdapter, tagManager } from "./trackers/google.ts";
import { sessionRecording } from "./trackers/session-recording.ts";
import { shortVideoPixel } from "./trackers/short-video.ts";
import { socialPixel } from "./trackers/social-pixel.ts";
import { $trackedEvents } from "./tracking.ts";

/** The adapter of each provider. */
const ADAPTERS: Readonly<Record<TrackingProviderKey, TrackerAdapter>> = {
  tagManager,
  gtag: gtagAdapter,
  socialPixel,
  shortVideoPixel,
  sessionRecording,
  adNetwork,
  emailMarketing,
};

/** A provider of this page: its context, its tracker provider id, the event data it already got. */
interface Active {
  ctx: AdapterContext;
  providerId: string;
  delivered: WeakSet<object>;
  /** Its vendor queue is set up and its script requested (once per page). */
  started: boolean;
  registered: boolean;
}

const active = new Map<TrackingProviderKey, Active>();
let consentInForce: Consent = { ...DEFAULT_CONSENT };
let lastPageUrl: string | null = null;
let listening = false;

/** Sends the current page view to every registered provider when the address changed (a route change). */
function onPageLoad(): void {
  const page = currentPage();
  if (page.url === lastPageUrl) return;
  lastPageUrl = page.url;
  tracker.pageView(page);
}

/** A provider of this page, created on first use (nothing is set up or loaded yet). */
function entryOf(key: TrackingProviderKey, id: string): Active {
  let entry = active.get(key);
  if (!entry) {
    const ctx: AdapterContext = {
      id,
      consent: () => consentInForce,
      logger: pageLogger(`tracking:${key}`),
      script: Promise.resolve(),
    };
    entry = { ctx, providerId: "", delivered: new WeakSet(), started: false, registered: false };
    active.set(key, entry);
  }
  return entry;
}

/**
 * Registers a provider with the tracker (refused where tracking may not run: then nothing loads); the first
 * time its vendor queue is set up and its script requested, later its vendor is told consent is back. It
 * then gets the page view and the page's earlier events.
 */
function register(key: TrackingProviderKey, entry: Active, page: PageView): void {
  const adapter = ADAPTERS[key];
  const inner = adapter.provider(entry.ctx);
  entry.providerId = inner.id;
  const registered = tracker.register({
    ...inner,
    track(event, data) {
      entry.delivered.add(data);
      return inner.track(event, data);
    },
  });
  if (!registered) return;
  entry.registered = true;
  if (entry.started) adapter.grant?.(entry.ctx);
  else {
    entry.started = true;
    adapter.bootstrap(entry.ctx);
    entry.ctx.script = loadScript(PROVIDER_SOURCES[key].scriptUrl(entry.ctx.id));
  }
  tracker.pageView(page, inner.id);
  const earlier = $trackedEvents.get().filter((tracked) => !entry.delivered.has(tracked.data));
  for (const tracked of earlier) entry.delivered.add(tracked.data);
  tracker.replay(earlier, inner.id);
}

/** Updates every provider to a consent at once (see the module comment). */
export function applyConsent(consent: Consent, ids: TrackingIdMap): void {
  consentInForce = { ...consent };
  if (ids.tagManager || ids.gtag) applyGoogleConsent(consent);
  const granted = new Set(grantedProviders(consent, ids));
  const page = currentPage();
  lastPageUrl = page.url;
  for (const key of TRACKING_PROVIDERS) {
    const id = ids[key];
    if (!id) continue;
    const entry = entryOf(key, id);
    if (granted.has(key)) {
      if (!entry.registered) register(key, entry, page);
    } else if (entry.registered) {
      tracker.unregister(entry.providerId);
      entry.registered = false;
      ADAPTERS[key].revoke?.(entry.ctx);
    }
  }
  const kept = new Set([...granted].flatMap((key) => cookieNamesSetBy(key)));
  const revoked = TRACKING_PROVIDERS.filter((key) => ids[key] && !granted.has(key));
  deleteCookies(revoked.flatMap((key) => cookieNamesSetBy(key)).filter((name) => !kept.has(name)));
  if (!listening) {
    listening = true;
    document.addEventListener("astro:page-load", onPageLoad);
  }
}
