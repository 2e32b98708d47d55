/**
 * The registry of open carts (DESIGN §4): `openCart` creates the stores of an event's cart once (side
 * effects start when `$status` is first listened to: live availability, the hold's expiry, a tab coming
 * back), `cartOf` finds it, `clearCart` forgets it after the order. A demo cart (`mode: "demo"`) is fully
 * interactive but never holds or orders anything.
 */
import { atom, map, onMount } from "nanostores";
import type { ApiClient } from "../../client/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { $cart, type CartMode, forgetStoredCart } from "./cart.store.ts";
import { holdInSync } from "./hold.ts";
import { armExpiry, expireHold, scheduleSync } from "./hold-timer.store.ts";
import { holdRequests } from "./on-demand.ts";
import {
  type CartHandle,
  type CartStatus,
  initialStatus,
  type Runtime,
  runtimes,
  stopTimers,
} from "./runtime.store.ts";
import type { CartCatalog } from "./state.ts";

/** Options of {@link openCart}. */
export interface OpenCartOptions {
  catalog: CartCatalog;
  locale: Locale;
  mode?: CartMode;
  /** Slugs of the event, for the order page's address. */
  slugs: { organizerSlug: string; eventSlug: string };
  /** The pass client (default: `browserPass(locale)`). */
  client?: ApiClient;
  /** Clock, epoch milliseconds. */
  now?: () => number;
  /** Goes to another page (default: `location.assign`). */
  navigate?: (url: string) => void;
  /** Origin of the storefront for the gateway's return address (default: `location.origin`). */
  origin?: string;
  /** Milliseconds between the last count change and the hold request (default 400). */
  syncDelayMs?: number;
  /** Buyer allowed marketing tracking (consent), sent with the order. */
  trackingConsent?: () => boolean | undefined;
  /**
   * Load live availability and watch the hold while `$status` is listened to (default: in a browser only;
   * a server rendering the island reads the stores, which must not call the service).
   */
  watch?: boolean;
}

/** Default milliseconds between the last count change and the hold request. */
export const SYNC_DELAY_MS = 400;

/** Availability older than this is loaded again when the tab becomes visible. */
export const REFRESH_AFTER_MS = 60_000;

/** Goes to another page in a browser. */
function defaultNavigate(url: string): void {
  if (typeof location !== "undefined") location.assign(url);
}

/**
 * Opens the cart of an event: its stores, created once per event (a second call updates the catalog it
 * starts from and the options). Side effects start when `$status` is first listened to.
 */
export function openCart(options: OpenCartOptions): CartHandle {
  const eventId = options.catalog.eventId;
  const mode = options.mode ?? "live";
  let rt = runtimes.get(eventId);
  if (rt && rt.mode !== mode) {
    stopTimers(rt);
    runtimes.delete(eventId);
    rt = undefined;
  }
  const settings = {
    locale: options.locale,
    slugs: options.slugs,
    passClient: options.client,
    holdRequests,
    now: options.now ?? (() => Date.now()),
    navigate: options.navigate ?? defaultNavigate,
    origin: () => options.origin ?? (typeof location === "undefined" ? "" : location.origin),
    syncDelayMs: options.syncDelayMs ?? SYNC_DELAY_MS,
    trackingConsent: options.trackingConsent ?? (() => undefined),
  };
  if (rt) {
    Object.assign(rt, settings);
    if (!rt.$status.get().live) rt.$catalog.set(options.catalog);
    return rt;
  }
  const created: Runtime = {
    eventId,
    mode,
    $cart: $cart(eventId, mode, options.locale),
    $status: map<CartStatus>(initialStatus()),
    $catalog: atom<CartCatalog>(options.catalog),
    ...settings,
    timer: null,
    retry: null,
    running: null,
    again: false,
    expiryTimer: null,
    refreshed: false,
    refreshedAt: 0,
    holdAttempt: null,
    account: null,
  };
  runtimes.set(eventId, created);
  const watch = options.watch ?? typeof window !== "undefined";
  onMount(created.$status, () => {
    if (!watch) return;
    const stopWatch = created.$cart.listen(() => armExpiry(created));
    // Coming back from the gateway with the browser's back button shows the page as it was left.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) created.$status.setKey("submitting", false);
    };
    // A tab left in the background for a while shows stale availability: it is loaded again on return.
    const visible = () => {
      if (document.visibilityState !== "visible") return;
      armExpiry(created);
      if (created.now() - created.refreshedAt > REFRESH_AFTER_MS) void refresh(created);
    };
    if (typeof window !== "undefined") window.addEventListener("pageshow", restored);
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", visible);
    // Started after the current task: a first read of the stores (a render) never changes them.
    const start = setTimeout(() => {
      armExpiry(created);
      void mountCart(created);
    }, 0);
    return () => {
      clearTimeout(start);
      stopWatch();
      stopTimers(created);
      if (typeof window !== "undefined") window.removeEventListener("pageshow", restored);
      if (typeof document !== "undefined") document.removeEventListener("visibilitychange", visible);
    };
  });
  return created;
}

/** Loads live availability (the pass client and the contract's schemas come with the first load). */
async function refresh(rt: Runtime): Promise<void> {
  const { refreshAvailability } = await holdRequests();
  await refreshAvailability(rt.eventId);
}

/** On mount: a hold that ended while the page was closed is reported, live availability is loaded. */
async function mountCart(rt: Runtime): Promise<void> {
  const state = rt.$cart.get();
  if (rt.mode === "live" && state.hold && Date.parse(state.hold.expiresAt) <= rt.now()) expireHold(rt);
  if (rt.refreshed) return;
  rt.refreshed = true;
  await refresh(rt);
  const now = rt.$cart.get();
  if (rt.mode === "live" && !rt.$status.get().holdExpired && !holdInSync(now, rt.$catalog.get())) {
    scheduleSync(rt);
  }
}

/** Forgets the cart of an event and stops its timers (after the order is paid: the order has the hold). */
export function clearCart(eventId: string, mode: CartMode = "live"): void {
  const rt = runtimes.get(eventId);
  if (rt && rt.mode === mode) {
    stopTimers(rt);
    rt.$status.set(initialStatus());
  }
  forgetStoredCart(eventId, mode, rt?.locale);
}
