/**
 * The one tracking API of the storefront (spec §3 "Cart and order tracking data", §4 "Order tracking
 * events", §5, §8, §9). Code that wants something tracked calls `track(event, data)`; every registered
 * provider (tag manager, pixels, … — added with consent) receives it. Nothing leaves the browser unless a
 * provider is registered.
 *
 * - Firing limits (spec §9), counted per identical id: purchase success and purchase fail fire at most
 *   twice per id; add to cart, remove from cart, initiate checkout and purchase are unlimited.
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
}

/** A tracking provider: an id (registered once) and what it does with an event. */
export interface TrackingProvider {
  readonly id: string;
  track(event: TrackingEvent, data: TrackingData): void | Promise<void>;
}

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
  reportError?: ((error: unknown, context: { event: TrackingEvent; provider: string }) => void) | undefined;
  /** Clock for `TrackedEvent.at`. */
  now?: () => number;
  /** Whether providers may be registered now (default: always). */
  enabled?: (() => boolean) | undefined;
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
  /** Calls `listener` with every event that passes the firing limits; returns the unsubscribe function. */
  listen(listener: (tracked: TrackedEvent) => void): () => void;
  /** Forgets providers, counts and listeners (tests). */
  reset(): void;
}

/** Creates a tracker with its own providers and firing counts. */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const providers = new Map<string, TrackingProvider>();
  const fired = new Map<string, number>();
  const listeners = new Set<(tracked: TrackedEvent) => void>();
  const now = options.now ?? (() => Date.now());

  const fail = (error: unknown, event: TrackingEvent, provider: string): void => {
    options.logger?.debug(`Tracking provider "${provider}" failed on ${event}`, error);
    try {
      options.reportError?.(error, { event, provider });
    } catch {
      // Reporting must never break tracking.
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
        const key = `${event}\u0000${data.id}`;
        const count = fired.get(key) ?? 0;
        if (count >= limit) return false;
        fired.set(key, count + 1);
      }
      const tracked: TrackedEvent = { event, data, at: now() };
      for (const listener of listeners) {
        try {
          listener(tracked);
        } catch (error) {
          fail(error, event, "listener");
        }
      }
      for (const provider of providers.values()) {
        try {
          const result = provider.track(event, data);
          if (result && typeof result.then === "function") {
            result.then(undefined, (error: unknown) => fail(error, event, provider.id));
          }
        } catch (error) {
          fail(error, event, provider.id);
        }
      }
      return true;
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
}

/** Gives the storefront's tracker the page's logger and says whether tracking may run there. */
export function configureTracking(settings: TrackingSettings): void {
  storefrontTracking.logger = settings.logger;
  storefrontTracking.enabled = () => settings.enabled;
}

/** Registers a provider with the storefront's tracker; the same id only once (spec §5). */
export function registerTrackingProvider(provider: TrackingProvider): boolean {
  return tracker.register(provider);
}

/** Tracks an event with the storefront's tracker; false when a firing limit held it back. */
export function track(event: TrackingEvent, data: TrackingData): boolean {
  return tracker.track(event, data);
}
