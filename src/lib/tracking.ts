/**
 * The one tracking API of the storefront (spec §3 "Cart and order tracking data", §4 "Order tracking
 * events", §5, §8, §9). Code that wants something tracked calls `track(event, data)`; every registered
 * provider (tag manager, pixels, … — added with consent) receives it. Nothing leaves the browser unless a
 * provider is registered.
 *
 * - Firing limits (spec §9), counted per identical id: purchase success and purchase fail fire at most
 *   twice per id; add to cart, remove from cart, initiate checkout and purchase are unlimited. The counts
 *   are kept in the browser's storage when the page gives one (`memory`), so a reload of the order page
 *   does not count again beyond the limit.
 * - Page views (spec §2) go to every provider that takes them, on every completed route change.
 * - A provider id is registered only once (spec §5); a second registration with the same id is ignored.
 * - Providers are accepted only where tracking may run: on deployed stages or locally (spec §9). The page
 *   tells the storefront's tracker its stage and logger (`configureTracking`, called by stores/tracking.ts);
 *   events are still recorded locally (listeners) everywhere.
 * - A provider that throws or rejects is caught, logged at debug level and reported with the event name
 *   (spec §8); the other providers still receive the event.
 * - Amounts are integers in minor units (spec §9); providers that need major units convert themselves.
 */

import { DEFAULT_STAGE } from "./config.ts";
import { createLogger, type Logger } from "./logger.ts";

/** The tracking events of spec §4. */
export const TRACKING_EVENTS = [
  "addToCart",
  "removeFromCart",
  "initiateCheckout",
  "purchase",
  "purchaseSuccess",
  "purchaseFail",
] as const;

/** A tracking event of spec §4. */
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

/** How many times an event may fire for the same id (spec §9); events not listed are unlimited. */
export const FIRING_LIMITS: Readonly<Partial<Record<TrackingEvent, number>>> = {
  purchaseSuccess: 2,
  purchaseFail: 2,
};

/** One line of a cart or order as the trackers see it; `price` is the unit price in minor units. */
export interface TrackingItem {
  /** Ticket type id, extra product id (with the variant value after a colon) or chip product id. */
  id: string;
  kind: "ticket" | "extra" | "chip";
  name: string;
  /** Unit price, minor units. */
  price: number;
  count: number;
  /** The ticket type group or the variant, when there is one. */
  category?: string | undefined;
}

/** What a tracking event carries; amounts in minor units of `currencyId`. */
export interface TrackingData {
  /** The id the firing limits count: the order id for purchase events, else the event id. */
  id: string;
  eventId: string;
  currencyId: number;
  /** Value of the items or of the order, minor units. */
  value: number;
  items: TrackingItem[];
  orderId?: string | undefined;
  orderNumber?: number | undefined;
  paymentMethodId?: number | null | undefined;
  /** Event data of the order (spec §3 trackingContext). */
  context?: Record<string, unknown> | undefined;
  /** Who buys, as far as the account or the buyer form says (spec §3 "Account data read for tracking"). */
  user?: TrackingUser | undefined;
}

/**
 * The account data read for tracking (spec §3): e-mail and phone, and the billing address's country,
 * city, postal code and first two words of the address (street and number, usually). Providers hash or
 * drop what they must; the ad network gets the e-mail only hashed (`hashEmail` of tracking-user.ts).
 */
export interface TrackingUser {
  email?: string | undefined;
  phone?: string | undefined;
  countryId?: number | undefined;
  city?: string | undefined;
  postalCode?: string | undefined;
  /** The first two space-separated words of the address. */
  addressParts?: string[] | undefined;
}

/** A page view (spec §2): the address and title of the page the route change completed on. */
export interface PageView {
  url: string;
  title: string;
  /** The page's language. */
  locale: string;
}

/** A tracking provider: an id (registered once), what it does with an event and with a page view. */
export interface TrackingProvider {
  readonly id: string;
  track(event: TrackingEvent, data: TrackingData): void | Promise<void>;
  pageView?(page: PageView): void | Promise<void>;
}

/** Where the firing counts are kept across reloads (localStorage in the browser). */
export type FiringMemory = Pick<Storage, "getItem" | "setItem">;

/** The storage key of the firing counts. */
export const FIRING_MEMORY_KEY = "vstupio:tracking-fired";

/** How many ids the firing counts remember (the oldest are forgotten first). */
export const FIRING_MEMORY_KEPT = 200;

/** An event that passed the firing limits, as recorded for tests and debugging. */
export interface TrackedEvent {
  event: TrackingEvent;
  data: TrackingData;
  /** Epoch milliseconds. */
  at: number;
}

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Where provider failures are logged (debug level). */
  logger?: Pick<Logger, "debug"> | undefined;
  /** Error reporting of provider failures, with the event name. */
  reportError?:
    | ((error: unknown, context: { event: TrackingEvent | "pageView"; provider: string }) => void)
    | undefined;
  /** Clock for `TrackedEvent.at`. */
  now?: () => number;
  /** Whether providers may be registered now (default: always). */
  enabled?: (() => boolean) | undefined;
  /** Keeps the firing counts across reloads (default: in memory only). */
  memory?: (() => FiringMemory | null) | undefined;
}

/** A tracker: its providers, its firing counts and its listeners. */
export interface Tracker {
  /** Registers a provider; false (and nothing changes) when its id is already registered or tracking may not run. */
  register(provider: TrackingProvider): boolean;
  /** Removes a provider by id. */
  unregister(id: string): void;
  /** Ids of the registered providers, in registration order. */
  providers(): string[];
  /** Sends an event to every provider; false when a firing limit held it back. */
  track(event: TrackingEvent, data: TrackingData): boolean;
  /** Sends a page view to every provider that takes page views (one provider, when `only` names it). */
  pageView(page: PageView, only?: string): void;
  /** Sends events tracked earlier on this page to one provider (registered after they were tracked). */
  replay(tracked: readonly TrackedEvent[], only: string): void;
  /** Calls `listener` with every event that passes the firing limits; returns the unsubscribe function. */
  listen(listener: (tracked: TrackedEvent) => void): () => void;
  /** Forgets providers, counts and listeners (tests). */
  reset(): void;
}

/** Creates a tracker with its own providers and firing counts. */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const providers = new Map<string, TrackingProvider>();
  let fired = new Map<string, number>();
  /** The firing counts: from the memory when there is one (another tab may have fired), else this page's. */
  const load = (): Map<string, number> => {
    const memory = options.memory?.();
    if (!memory) return fired;
    try {
      const saved: unknown = JSON.parse(memory.getItem(FIRING_MEMORY_KEY) ?? "[]");
      if (Array.isArray(saved)) {
        fired = new Map(
          saved.filter(
            (entry): entry is [string, number] =>
              Array.isArray(entry) && typeof entry[0] === "string" && Number.isInteger(entry[1]),
          ),
        );
      }
    } catch {
      // Unreadable or blocked storage: this page's counts still hold.
    }
    return fired;
  };
  const save = (counts: Map<string, number>): void => {
    fired = new Map([...counts].slice(-FIRING_MEMORY_KEPT));
    try {
      options.memory?.()?.setItem(FIRING_MEMORY_KEY, JSON.stringify([...fired]));
    } catch {
      // Storage full or blocked: this page's counts still hold.
    }
  };
  const listeners = new Set<(tracked: TrackedEvent) => void>();
  const now = options.now ?? (() => Date.now());

  const fail = (error: unknown, event: TrackingEvent | "pageView", provider: string): void => {
    options.logger?.debug(`Tracking provider "${provider}" failed on ${event}`, error);
    try {
      options.reportError?.(error, { event, provider });
    } catch {
      // Reporting must never break tracking.
    }
  };

  /** Hands one event to one provider; a failure is caught, logged and reported. */
  const deliver = (provider: TrackingProvider, event: TrackingEvent, data: TrackingData): void => {
    try {
      const result = provider.track(event, data);
      if (result && typeof result.then === "function") {
        result.then(undefined, (error: unknown) => fail(error, event, provider.id));
      }
    } catch (error) {
      fail(error, event, provider.id);
    }
  };

  return {
    register(provider) {
      if (providers.has(provider.id) || options.enabled?.() === false) return false;
      providers.set(provider.id, provider);
      return true;
    },
    unregister(id) {
      providers.delete(id);
    },
    providers: () => [...providers.keys()],
    track(event, data) {
      const limit = FIRING_LIMITS[event];
      if (limit !== undefined) {
        const key = `${event}:${data.id}`;
        const counts = load();
        const count = counts.get(key) ?? 0;
        if (count >= limit) return false;
        counts.delete(key);
        counts.set(key, count + 1);
        save(counts);
      }
      const tracked: TrackedEvent = { event, data, at: now() };
      for (const listener of listeners) {
        try {
          listener(tracked);
        } catch (error) {
          fail(error, event, "listener");
        }
      }
      for (const provider of providers.values()) deliver(provider, event, data);
      return true;
    },
    replay(earlier, only) {
      const provider = providers.get(only);
      if (!provider) return;
      for (const { event, data } of earlier) deliver(provider, event, data);
    },
    pageView(page, only) {
      for (const provider of providers.values()) {
        if (!provider.pageView || (only !== undefined && provider.id !== only)) continue;
        try {
          const result = provider.pageView(page);
          if (result && typeof result.then === "function") {
            result.then(undefined, (error: unknown) => fail(error, "pageView", provider.id));
          }
        } catch (error) {
          fail(error, "pageView", provider.id);
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      providers.clear();
      fired.clear();
      listeners.clear();
    },
  };
}

/** Logger and gate of the storefront's tracker, until the page configures them (see `configureTracking`). */
const storefrontTracking: TrackerOptions = { logger: createLogger("tracking", { stage: DEFAULT_STAGE }) };

/** The storefront's tracker (one per page). */
export const tracker: Tracker = createTracker(storefrontTracking);

/** What the page tells the storefront's tracker: where failures are logged and whether tracking may run. */
export interface TrackingSettings {
  logger: Pick<Logger, "debug">;
  /** False where tracking may not run (see `isTrackingEnabled` of config.ts): providers are refused. */
  enabled: boolean;
  /** Where firing counts outlive a reload (the page's localStorage). */
  memory?: (() => FiringMemory | null) | undefined;
  /** Reports a provider's failure with the event name (the error-reporting service). */
  reportError?: TrackerOptions["reportError"];
}

/** Gives the storefront's tracker the page's logger, memory and error reporting, and whether tracking may run. */
export function configureTracking(settings: TrackingSettings): void {
  storefrontTracking.logger = settings.logger;
  storefrontTracking.enabled = () => settings.enabled;
  storefrontTracking.memory = settings.memory;
  storefrontTracking.reportError = settings.reportError;
}

/** Registers a provider with the storefront's tracker; the same id only once (spec §5). */
export function registerTrackingProvider(provider: TrackingProvider): boolean {
  return tracker.register(provider);
}

/** Tracks an event with the storefront's tracker; false when a firing limit held it back. */
export function track(event: TrackingEvent, data: TrackingData): boolean {
  return tracker.track(event, data);
}
