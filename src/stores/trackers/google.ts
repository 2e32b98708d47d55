/**
 * The Google tags: the tag manager (GTM) and gtag (Google Analytics 4) share the page's `dataLayer`.
 * Consent Mode v2: `gtag('consent', 'default', …)` with everything denied is pushed before any Google
 * tag loads, and `gtag('consent', 'update', …)` on every consent change (`applyGoogleConsent`).
 * Order events: GA4 ecommerce events in major units (lib/consent/vendor-calls.ts).
 */
import type { Consent } from "../../lib/consent/model.ts";
import { CONSENT_MODE_DEFAULT, consentModeSignals } from "../../lib/consent/providers.ts";
import {
  googlePageView,
  googleUserData,
  gtagEvent,
  tagManagerEvent,
} from "../../lib/consent/vendor-calls.ts";
import type { TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** How long Google tags wait for the consent update after the default (milliseconds). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

/** The page's dataLayer (created when missing). */
function dataLayer(): unknown[] {
  const w = vendorWindow();
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  return w.dataLayer as unknown[];
}

/** The gtag command function: pushes its `arguments` object, the form gtag.js reads from the dataLayer. */
function gtag(..._command: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the dataLayer, not arrays.
  dataLayer().push(arguments);
}

let defaultSent = false;

/** Consent Mode v2: the default (all denied) once, before any Google tag loads, then the update of `consent`. */
export function applyGoogleConsent(consent: Consent): void {
  const w = vendorWindow();
  if (typeof w.gtag !== "function") w.gtag = gtag;
  if (!defaultSent) {
    gtag("consent", "default", { ...CONSENT_MODE_DEFAULT, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS });
    defaultSent = true;
  }
  gtag("consent", "update", consentModeSignals(consent));
}

/** The tag manager: its container loads; page views and order events are dataLayer events. */
export const tagManager: TrackerAdapter = {
  bootstrap() {
    dataLayer().push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  provider: ({ id }) => ({
    id: `tagManager:${id}`,
    pageView: (page) => void dataLayer().push({ event: "page_view", ...googlePageView(page) }),
    track(event, data) {
      dataLayer().push({ ecommerce: null });
      dataLayer().push(tagManagerEvent(event, data));
    },
  }),
};

/** gtag (Google Analytics 4): configured without its own page view; the storefront sends page views. */
export const gtagAdapter: TrackerAdapter = {
  bootstrap({ id }) {
    gtag("js", new Date());
    gtag("config", id, { send_page_view: false });
  },
  provider: ({ id }) => ({
    id: `gtag:${id}`,
    pageView: (page) => gtag("event", "page_view", { ...googlePageView(page), send_to: id }),
    track(event, data) {
      const user = googleUserData(data.user);
      if (user) gtag("set", "user_data", user);
      gtag(...gtagEvent(event, data, id));
    },
  }),
};
