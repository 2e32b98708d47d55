/**
 * The storefront's tracker on this page: it logs through the page's logger and accepts providers only where
 * the page's stage lets tracking run (deployed stages, or this machine: spec §9). What it tracked is kept
 * here: the last 100 events that passed the firing limits, in a store and on `window.__vstupioTracked` (an
 * array end-to-end tests read). Recording is local: events leave the browser only through providers
 * registered with the tracker. The firing counts outlive a reload in localStorage; provider failures are
 * reported to the error-reporting service when the site configures one.
 */
import { atom } from "nanostores";
import { isLocalHost, isTrackingEnabled } from "../lib/config.ts";
import { configureTracking, type TrackedEvent, tracker } from "../lib/tracking.ts";
import { pageErrorDsn, pageLogger, pageRelease, pageStage } from "./page.ts";
import { trackingErrorReporter } from "./trackers/error-reporting.ts";

/** How many tracked events are kept. */
export const TRACKED_EVENTS_KEPT = 100;

declare global {
  interface Window {
    /** Events tracked on this page, oldest first (at most the last 100). */
    __vstupioTracked?: TrackedEvent[];
  }
}

/** The last 100 tracked events, oldest first. */
export const $trackedEvents = atom<TrackedEvent[]>([]);

/** Adds a tracked event to the store and to `window.__vstupioTracked`, keeping the last 100. */
export function recordTracked(tracked: TrackedEvent): void {
  $trackedEvents.set([...$trackedEvents.get(), tracked].slice(-TRACKED_EVENTS_KEPT));
  if (typeof window !== "undefined") {
    const list = Array.isArray(window.__vstupioTracked) ? window.__vstupioTracked : [];
    list.push(tracked);
    if (list.length > TRACKED_EVENTS_KEPT) list.splice(0, list.length - TRACKED_EVENTS_KEPT);
    window.__vstupioTracked = list;
  }
}

tracker.listen(recordTracked);

/** The page's localStorage, or null where scripts may not use it. */
function localMemory(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

if (typeof window !== "undefined") {
  configureTracking({
    logger: pageLogger("tracking"),
    enabled: isTrackingEnabled(pageStage(), isLocalHost(window.location.hostname)),
    memory: localMemory,
    reportError: trackingErrorReporter({ dsn: pageErrorDsn(), stage: pageStage(), release: pageRelease() }),
  });
}
