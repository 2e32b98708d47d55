/**
 * The runtime of an open cart: its stores (`$cart`, `$status`, `$catalog`), settings and timers, one per
 * event, and the small helpers every cart action uses to read and change them.
 */
import type { MapStore, WritableAtom } from "nanostores";
import type { ApiClient } from "../../client/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { TrackingUserSource } from "../../lib/tracking-user.ts";
import type { CartMode } from "./cart.store.ts";
import type { FormField } from "./form.ts";
import type { CartCatalog, CartState, SeatPick } from "./state.ts";
// Every cart action that tracks is recorded for the page (window.__vstupioTracked).
import "../tracking.ts";

/** Something to tell the buyer: a message key under `cart.` with its values, and its tone. */
export interface CartNotice {
  key: string;
  values?: Record<string, string | number>;
  tone: "error" | "info" | "success";
}

/** What is under way in a cart and what to tell the buyer (not kept across reloads). */
export interface CartStatus {
  /** Live availability was loaded since the page was opened. */
  live: boolean;
  /** A hold request is waiting or under way. */
  syncing: boolean;
  /** The hold ended; the buyer may hold the selection again. */
  holdExpired: boolean;
  /** The cart's message (refusals, network trouble, adjustments). */
  notice: CartNotice | null;
  /** Seats the service refused because someone took them a moment ago (dropped from the selection). */
  seatsTaken: SeatPick[];
  /** A message per ticket type or extra product line (a refusal of that line). */
  lineNotices: Record<string, CartNotice>;
  /** A code is being checked. */
  codeChecking: boolean;
  /** The result of the last code check. */
  codeNotice: CartNotice | null;
  /** The order is being created (the pay button is disabled). */
  submitting: boolean;
  /** Fields the buyer has left, so their problems show. */
  touched: Partial<Record<FormField, boolean>>;
  /** Show every field's problem (after a submit). */
  showAllErrors: boolean;
  /** Problems the service found in fields, as message keys. */
  serverFieldErrors: Partial<Record<FormField, string>>;
  /** Initiate checkout was tracked for this page. */
  checkoutStarted: boolean;
}

/** The stores of one event's cart. */
export interface CartHandle {
  eventId: string;
  mode: CartMode;
  /** What the buyer picked and typed (kept for the tab). */
  $cart: WritableAtom<CartState>;
  /** What is under way and what to tell the buyer. */
  $status: MapStore<CartStatus>;
  /** What the event sells (live availability after mount). */
  $catalog: WritableAtom<CartCatalog>;
}

/** What the hold's timers start, loaded on first use (`hold.store.ts`, through `on-demand.ts`). */
export interface HoldRequests {
  runSync(rt: Runtime): Promise<void>;
  releaseHold(rt: Runtime, reservationId: string): void;
}

/** An open cart with what its actions need: settings, timers and the hold change under way. */
export interface Runtime extends CartHandle {
  locale: Locale;
  slugs: { organizerSlug: string; eventSlug: string };
  /** The pass client given to `openCart` (else the page's browser client, see `client.store.ts`). */
  passClient: ApiClient | undefined;
  /** Loads the hold's requests (kept here so that the hold's timers do not import them). */
  holdRequests: () => Promise<HoldRequests>;
  now: () => number;
  navigate: (url: string) => void;
  origin: () => string;
  syncDelayMs: number;
  trackingConsent: () => boolean | undefined;
  timer: ReturnType<typeof setTimeout> | null;
  /** A hold request waiting out a 429's Retry-After. */
  retry: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  again: boolean;
  expiryTimer: ReturnType<typeof setTimeout> | null;
  /** Live availability was asked for once (on the first mount). */
  refreshed: boolean;
  /** When live availability was last loaded (epoch ms). */
  refreshedAt: number;
  /** The hold change last sent and its Idempotency-Key, kept until the service answers that change. */
  holdAttempt: { change: string; key: string } | null;
  /** The signed-in account's data for tracking, once the buyer form was filled from it. */
  account: TrackingUserSource | null;
}

/** The runtimes of the open carts, by event id. */
export const runtimes = new Map<string, Runtime>();

/** The status of a cart that has just been opened (what a server renders). */
export function initialStatus(): CartStatus {
  return {
    live: false,
    syncing: false,
    holdExpired: false,
    notice: null,
    seatsTaken: [],
    lineNotices: {},
    codeChecking: false,
    codeNotice: null,
    submitting: false,
    touched: {},
    showAllErrors: false,
    serverFieldErrors: {},
    checkoutStarted: false,
  };
}

/** The runtime of an open cart; throws when the event's cart was not opened. */
export function runtime(eventId: string): Runtime {
  const rt = runtimes.get(eventId);
  if (!rt) throw new Error(`The cart of event ${eventId} is not open (call openCart first)`);
  return rt;
}

/** Stops the cart's pending hold request, its retry and its expiry timer. */
export function stopTimers(rt: Runtime): void {
  if (rt.timer) clearTimeout(rt.timer);
  if (rt.retry) clearTimeout(rt.retry);
  if (rt.expiryTimer) clearTimeout(rt.expiryTimer);
  rt.timer = null;
  rt.retry = null;
  rt.expiryTimer = null;
}

/** Changes what the cart holds and returns the new state. */
export function setState(rt: Runtime, update: (state: CartState) => CartState): CartState {
  const next = update(rt.$cart.get());
  rt.$cart.set(next);
  return next;
}

/** Sets (or with null hides) the cart's message. */
export function notify(rt: Runtime, notice: CartNotice | null): void {
  rt.$status.setKey("notice", notice);
}

/** Hides the cart's message. */
export function dismissNotice(eventId: string): void {
  notify(runtime(eventId), null);
}

/** Sets (or with null removes) the message of one ticket type or extra product line. */
export function setLineNotice(rt: Runtime, key: string, notice: CartNotice | null): void {
  const current = { ...rt.$status.get().lineNotices };
  if (notice) current[key] = notice;
  else delete current[key];
  rt.$status.setKey("lineNotices", current);
}
