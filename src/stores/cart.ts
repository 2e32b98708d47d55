/**
 * The cart of an event in the browser (DESIGN §4): `$cart` is one store per event, kept in sessionStorage
 * so a reload keeps the selection and the hold; `$status` holds what is under way and what to tell the
 * buyer; `$catalog` what the event sells, refreshed from the service when the cart mounts.
 *
 * Actions are plain functions taking the event id. Ticket counts are held on the service: changes are sent
 * ~400 ms after the last one, one request at a time, the latest selection winning. Refusals are explained
 * with message keys (under `cart.` of the locale files) and never empty the cart. A demo cart (`mode:
 * "demo"`) is fully interactive but never holds or orders anything, and keeps its own storage key.
 */
import {
  type PersistentStore,
  persistentJSON,
  setPersistentEngine,
  windowPersistentEvents,
} from "@nanostores/persistent";
import { atom, type MapStore, map, onMount, type WritableAtom } from "nanostores";
import { type ApiClient, type ApiError, isApiError } from "../client/index.ts";
import type { LocaleCode } from "../contract/common.ts";
import { CALLS } from "../contract/index.ts";
import type { Order } from "../contract/order.ts";
import { randomUuid } from "../lib/ids.ts";
import { pathTo } from "../lib/routes.ts";
import { track } from "../lib/tracking.ts";
import { codeKindOfField, codeRefusalKey, pickCode } from "./cart/codes.ts";
import { checkForm, type FieldErrors, type FormField, fieldOfIssuePath, visibleErrors } from "./cart/form.ts";
import { RETURN_PARAM, returnedOrderId } from "./cart/gateway-return.ts";
import { holdFromReservation, holdInSync, holdItems, refusedTicketType, revertToHold } from "./cart/hold.ts";
import { fitToCatalog } from "./cart/limits.ts";
import { summaryLines } from "./cart/lines.ts";
import { bodyFingerprint, orderBody } from "./cart/order-body.ts";
import { errorMessageKey, errorNotice, retryAfterOf } from "./cart/refusals.ts";
import {
  type CartCatalog,
  type CartState,
  type CheckedCode,
  type CodeKind,
  emptyCart,
  restoreCart,
} from "./cart/state.ts";
import { cartSummary } from "./cart/summary.ts";
import { lineChanges, orderTrackingData, trackingItems } from "./cart/tracking.ts";
import { browserPass } from "./pass.ts";
import "./tracking.ts";

/** A live cart holds and orders; a demo cart only shows what the cart will be like. */
export type CartMode = "live" | "demo";

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

/** Options of {@link openCart}. */
export interface OpenCartOptions {
  catalog: CartCatalog;
  locale: LocaleCode;
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

/** Outcome of {@link submitOrder}. */
export type SubmitOutcome =
  | { ok: true; order: Order; url: string }
  | { ok: false; reason: "demo" | "busy" | "empty" | "form" | "hold" | "refused" };

interface Runtime extends CartHandle {
  locale: LocaleCode;
  slugs: { organizerSlug: string; eventSlug: string };
  client: () => ApiClient;
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
}

/** Default milliseconds between the last count change and the hold request. */
export const SYNC_DELAY_MS = 400;

/** Availability older than this is loaded again when the tab becomes visible. */
export const REFRESH_AFTER_MS = 60_000;

/** sessionStorage key of an event's cart. */
export function cartStorageKey(eventId: string, mode: CartMode = "live"): string {
  return mode === "demo" ? `vstupio:cart-demo:${eventId}` : `vstupio:cart:${eventId}`;
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // Storage blocked (privacy settings): the cart then lives in memory only.
  }
}

const storage = tabStorage();
if (storage) setPersistentEngine(storage as unknown as PersistentStore, windowPersistentEvents);

const carts = new Map<string, WritableAtom<CartState>>();
const runtimes = new Map<string, Runtime>();

/** The status of a cart that has just been opened (what a server renders). */
export function initialStatus(): CartStatus {
  return {
    live: false,
    syncing: false,
    holdExpired: false,
    notice: null,
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

/** The stored cart of an event (one store per event and mode, created on first use). */
export function $cart(
  eventId: string,
  mode: CartMode = "live",
  locale: LocaleCode = "cs",
): WritableAtom<CartState> {
  const key = cartStorageKey(eventId, mode);
  let store = carts.get(key);
  if (!store) {
    const raw = persistentJSON<unknown>(key, emptyCart(eventId, locale));
    store = raw as WritableAtom<CartState>;
    store.set(restoreCart(raw.get(), eventId, locale));
    carts.set(key, store);
  }
  return store;
}

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
  const client = options.client;
  const settings = {
    locale: options.locale,
    slugs: options.slugs,
    client: () => client ?? browserPass(options.locale),
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
      if (created.now() - created.refreshedAt > REFRESH_AFTER_MS) void refreshAvailability(created.eventId);
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

/** The opened cart of an event, or undefined. */
export function cartOf(eventId: string): CartHandle | undefined {
  return runtimes.get(eventId);
}

function runtime(eventId: string): Runtime {
  const rt = runtimes.get(eventId);
  if (!rt) throw new Error(`The cart of event ${eventId} is not open (call openCart first)`);
  return rt;
}

function stopTimers(rt: Runtime): void {
  if (rt.timer) clearTimeout(rt.timer);
  if (rt.retry) clearTimeout(rt.retry);
  if (rt.expiryTimer) clearTimeout(rt.expiryTimer);
  rt.timer = null;
  rt.retry = null;
  rt.expiryTimer = null;
}

function setState(rt: Runtime, update: (state: CartState) => CartState): CartState {
  const next = update(rt.$cart.get());
  rt.$cart.set(next);
  return next;
}

function notify(rt: Runtime, notice: CartNotice | null): void {
  rt.$status.setKey("notice", notice);
}

function setLineNotice(rt: Runtime, key: string, notice: CartNotice | null): void {
  const current = { ...rt.$status.get().lineNotices };
  if (notice) current[key] = notice;
  else delete current[key];
  rt.$status.setKey("lineNotices", current);
}

/** On mount: a hold that ended while the page was closed is reported, live availability is loaded. */
async function mountCart(rt: Runtime): Promise<void> {
  const state = rt.$cart.get();
  if (rt.mode === "live" && state.hold && Date.parse(state.hold.expiresAt) <= rt.now()) expireHold(rt);
  if (rt.refreshed) return;
  rt.refreshed = true;
  await refreshAvailability(rt.eventId);
  const now = rt.$cart.get();
  if (rt.mode === "live" && !rt.$status.get().holdExpired && !holdInSync(now, rt.$catalog.get())) {
    scheduleSync(rt);
  }
}

function armExpiry(rt: Runtime): void {
  if (rt.expiryTimer) clearTimeout(rt.expiryTimer);
  rt.expiryTimer = null;
  const hold = rt.$cart.get().hold;
  if (rt.mode !== "live" || !hold) return;
  const ms = Date.parse(hold.expiresAt) - rt.now();
  if (ms <= 0) {
    expireHold(rt);
    return;
  }
  rt.expiryTimer = setTimeout(() => armExpiry(rt), Math.min(ms, 2_147_000_000));
}

function expireHold(rt: Runtime): void {
  const hold = rt.$cart.get().hold;
  setState(rt, (s) => ({ ...s, hold: null }));
  rt.$status.setKey("holdExpired", Object.keys(rt.$cart.get().tickets).length > 0);
  // The service ends the hold at the same moment; releasing it too covers a clock running ahead.
  if (hold) {
    rt.client()
      .call(CALLS["reservation.delete"], { query: { reservationId: hold.reservationId } })
      .catch(() => {});
  }
}

/**
 * Loads live availability (ticket types, extra products, chip products) and lowers counts the catalog no
 * longer allows, saying so. Failures keep the catalog as it was.
 */
export async function refreshAvailability(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  try {
    const live = await rt
      .client()
      .call(CALLS["ticket.typesExtraProducts"], { query: { eventId: rt.eventId } });
    rt.$catalog.set({
      ...rt.$catalog.get(),
      ticketTypes: live.ticketTypes,
      ticketTypeGroups: live.ticketTypeGroups,
      extraProducts: live.extraProducts,
      chipProducts: live.chipProducts,
    });
    rt.refreshedAt = rt.now();
    rt.$status.setKey("live", true);
  } catch (error) {
    console.warn("[cart] live availability not loaded", error);
    return;
  }
  const fitted = fitToCatalog(rt.$cart.get(), rt.$catalog.get(), {
    now: rt.now(),
    demo: rt.mode === "demo",
  });
  if (fitted.changed.length > 0) {
    rt.$cart.set(fitted.state);
    if (!rt.$status.get().notice) notify(rt, { key: "errors.adjusted", tone: "info" });
    if (rt.mode === "live" && !rt.$status.get().holdExpired) scheduleSync(rt);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Counts

function trackChanges(rt: Runtime, before: CartState, after: CartState): void {
  if (rt.mode !== "live") return;
  const catalog = rt.$catalog.get();
  const { added, removed } = lineChanges(summaryLines(before, catalog), summaryLines(after, catalog));
  const send = (event: "addToCart" | "removeFromCart", items: typeof added) => {
    if (items.length === 0) return;
    track(event, {
      id: rt.eventId,
      eventId: rt.eventId,
      currencyId: catalog.currencyId,
      value: items.reduce((sum, i) => sum + i.price * i.count, 0),
      items,
    });
  };
  send("addToCart", added);
  send("removeFromCart", removed);
}

function changeCounts(rt: Runtime, update: (state: CartState) => CartState, syncHold: boolean): void {
  const before = rt.$cart.get();
  const after = update(before);
  if (after === before) return;
  rt.$cart.set(after);
  trackChanges(rt, before, after);
  if (syncHold && rt.mode === "live") scheduleSync(rt);
}

/** Sets how many tickets of a type the buyer wants (0 removes them); the hold follows shortly. */
export function setTicketCount(eventId: string, ticketTypeId: string, count: number): void {
  const rt = runtime(eventId);
  const next = Math.max(0, Math.floor(count));
  if ((rt.$cart.get().tickets[ticketTypeId] ?? 0) === next) return;
  setLineNotice(rt, ticketTypeId, null);
  changeCounts(
    rt,
    (s) => {
      const tickets = { ...s.tickets };
      if (next > 0) tickets[ticketTypeId] = next;
      else delete tickets[ticketTypeId];
      return { ...s, tickets };
    },
    true,
  );
}

/** Sets the count of an extra product line (`extraKey(product, variantValue)`); 0 removes it. */
export function setExtraCount(eventId: string, key: string, count: number): void {
  const rt = runtime(eventId);
  const next = Math.max(0, Math.floor(count));
  if ((rt.$cart.get().extras[key] ?? 0) === next) return;
  setLineNotice(rt, key, null);
  changeCounts(
    rt,
    (s) => {
      const extras = { ...s.extras };
      if (next > 0) extras[key] = next;
      else delete extras[key];
      return { ...s, extras };
    },
    false,
  );
}

/** Sets how many times a chip top-up product is bought; 0 removes it. */
export function setChipCount(eventId: string, productItemId: string, count: number): void {
  const rt = runtime(eventId);
  const next = Math.max(0, Math.floor(count));
  if ((rt.$cart.get().chips[productItemId] ?? 0) === next) return;
  changeCounts(
    rt,
    (s) => {
      const chips = { ...s.chips };
      if (next > 0) chips[productItemId] = next;
      else delete chips[productItemId];
      return { ...s, chips };
    },
    false,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Hold

function scheduleSync(rt: Runtime): void {
  if (rt.mode !== "live") return;
  if (rt.timer) clearTimeout(rt.timer);
  if (rt.retry) clearTimeout(rt.retry);
  rt.retry = null;
  rt.$status.setKey("syncing", true);
  rt.timer = setTimeout(() => {
    rt.timer = null;
    void runSync(rt);
  }, rt.syncDelayMs);
}

function runSync(rt: Runtime): Promise<void> {
  if (rt.running) {
    rt.again = true;
    return rt.running;
  }
  rt.$status.setKey("syncing", true);
  rt.running = (async () => {
    try {
      do {
        rt.again = false;
        await syncOnce(rt, false);
      } while (rt.again);
    } finally {
      rt.running = null;
      if (!rt.timer) rt.$status.setKey("syncing", false);
    }
  })();
  return rt.running;
}

function errorBody(error: ApiError): Record<string, unknown> {
  return typeof error.body === "object" && error.body !== null ? (error.body as Record<string, unknown>) : {};
}

function isRefusal(error: unknown): error is ApiError {
  return (
    isApiError(error, "sold_out") || isApiError(error, "limit_exceeded") || isApiError(error, "not_on_sale")
  );
}

function isLostHold(error: unknown): error is ApiError {
  return isApiError(error, "hold_expired") || isApiError(error, "reservation_not_found");
}

/** Messages about a failed request, taken back once a hold request succeeds. */
const TRANSIENT_NOTICES = new Set([
  "errors.network",
  "errors.unavailable",
  "errors.generic",
  "errors.holdFailed",
  "errors.rateLimited",
  "errors.rateLimitedMinutes",
  "errors.tooManyHeld",
  "errors.tooManyHeldMinutes",
]);

/**
 * The Idempotency-Key of a hold change: the key of the change under way when the same change (same hold,
 * same items) is sent again, so a retry after a lost answer never makes a second hold; a new key otherwise.
 */
function holdKey(rt: Runtime, body: object): string {
  const change = JSON.stringify(body);
  if (rt.holdAttempt?.change !== change) rt.holdAttempt = { change, key: randomUuid() };
  return rt.holdAttempt.key;
}

async function syncOnce(rt: Runtime, retried: boolean): Promise<void> {
  const state = rt.$cart.get();
  const catalog = rt.$catalog.get();
  if (holdInSync(state, catalog)) return;
  const items = holdItems(state, catalog);
  const hold = state.hold;
  const client = rt.client();
  if (items.length === 0) {
    if (!hold) return;
    try {
      await client.call(CALLS["reservation.delete"], { query: { reservationId: hold.reservationId } });
    } catch (error) {
      // A hold that cannot be released now ends by itself when it expires.
      console.warn("[cart] hold not released", error);
    }
    setState(rt, (s) => ({ ...s, hold: null }));
    rt.$status.setKey("holdExpired", false);
    return;
  }
  const body = { eventId: rt.eventId, ...(hold ? { reservationId: hold.reservationId } : {}), items };
  try {
    const { reservation } = await client.call(CALLS["reservation.create"], {
      body,
      idempotencyKey: holdKey(rt, body),
    });
    rt.holdAttempt = null;
    const held = holdFromReservation(reservation);
    setState(rt, (s) => ({ ...s, hold: held }));
    // A late retry answers a hold that has ended meanwhile: the change is sent again as a new request.
    if (!held && !retried) {
      await syncOnce(rt, true);
      return;
    }
    rt.$status.setKey("holdExpired", false);
    const notice = rt.$status.get().notice;
    if (notice && TRANSIENT_NOTICES.has(notice.key)) notify(rt, null);
  } catch (error) {
    // A refusal is an answer: the same change sent later is a new request. Without an answer (network, 5xx)
    // the hold may have been made, so the same change is sent again under the same key.
    if (isApiError(error) && error.status >= 400 && error.status < 500) rt.holdAttempt = null;
    if (isLostHold(error) && hold && !retried) {
      setState(rt, (s) => ({ ...s, hold: null }));
      await syncOnce(rt, true);
      return;
    }
    if (isRefusal(error)) {
      const body = errorBody(error);
      const refused = refusedTicketType(typeof body.field === "string" ? body.field : undefined, items);
      setState(rt, (s) => revertToHold(s, refused ? [refused] : items.map((i) => i.ticketTypeId)));
      const notice: CartNotice = { key: errorMessageKey(error), tone: "error" };
      if (refused) setLineNotice(rt, refused, notice);
      notify(rt, notice);
      await refreshAvailability(rt.eventId);
      // The refusal was of one type: the rest of the selection is asked for again.
      if (!holdInSync(rt.$cart.get(), rt.$catalog.get())) rt.again = true;
      return;
    }
    console.warn("[cart] hold not updated", error);
    const notice = errorNotice(error as ApiError);
    notify(rt, { ...notice, tone: "error" });
    // Over its limits, the cart asks again once the service said it may; the selection stays as it is.
    if (isApiError(error, 429)) retryHoldLater(rt, retryAfterOf(error as ApiError) ?? 30);
  }
}

/** Sends the hold again once a 429's wait is over (a change by the buyer sends it sooner). */
function retryHoldLater(rt: Runtime, seconds: number): void {
  if (rt.retry) clearTimeout(rt.retry);
  rt.retry = setTimeout(() => {
    rt.retry = null;
    void runSync(rt);
  }, seconds * 1000);
}

/** Sends the pending hold change now and waits for the hold to settle. */
export async function flushHold(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return;
  if (rt.timer) {
    clearTimeout(rt.timer);
    rt.timer = null;
  }
  await runSync(rt);
}

/** Holds the selection again after the hold ended. */
export async function holdAgain(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return;
  setState(rt, (s) => ({ ...s, hold: null }));
  rt.$status.setKey("holdExpired", false);
  notify(rt, null);
  await flushHold(eventId);
}

/** Releases the hold and forgets the cart of an event (after the order is paid). */
export function clearCart(eventId: string, mode: CartMode = "live"): void {
  const rt = runtimes.get(eventId);
  if (rt && rt.mode === mode) {
    stopTimers(rt);
    rt.$status.set(initialStatus());
  }
  const store = carts.get(cartStorageKey(eventId, mode));
  if (store) {
    store.set(emptyCart(eventId, rt?.locale));
  } else if (storage) {
    try {
      storage.removeItem(cartStorageKey(eventId, mode));
    } catch {
      // Storage blocked: nothing was kept.
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Codes

/**
 * Checks a code as a coupon, a discount code and a supercoupon of the event; the first valid one is kept
 * (replacing a code of its kind), otherwise the most telling refusal is shown. Resolves true when applied.
 */
export async function applyCode(eventId: string, input: string): Promise<boolean> {
  const rt = runtime(eventId);
  const code = input.trim();
  if (code === "") {
    rt.$status.setKey("codeNotice", { key: "codes.empty", tone: "error" });
    return false;
  }
  if (code.length > 64) {
    rt.$status.setKey("codeNotice", { key: "codes.reasons.notFound", tone: "error" });
    return false;
  }
  rt.$status.setKey("codeChecking", true);
  rt.$status.setKey("codeNotice", null);
  const client = rt.client();
  const lines = summaryLines(rt.$cart.get(), rt.$catalog.get());
  const items = lines.filter((l) => l.kind === "ticket").map((l) => ({ ticketTypeId: l.id, count: l.count }));
  const extraProducts = lines
    .filter((l) => l.kind === "extra")
    .map((l) => ({
      ticketProductId: l.id,
      ...(l.variantValueId ? { variantValueId: l.variantValueId } : {}),
      count: l.count,
    }));
  const checks: Promise<CheckedCode>[] = [
    client
      .call(CALLS["ticket.coupon"], { query: { eventId, code } })
      .then((r) => ({ kind: "coupon" as const, code, check: r.coupon })),
    client
      .call(CALLS["v2.checkDiscountCode"], {
        params: { code },
        body: {
          eventId,
          ...(items.length > 0 ? { items } : {}),
          ...(extraProducts.length > 0 ? { extraProducts } : {}),
        },
      })
      .then((r) => ({ kind: "discount" as const, code, check: r.discount })),
    client
      .call(CALLS["ticket.supercoupon"], { query: { code, eventId } })
      .then((r) => ({ kind: "supercoupon" as const, code, check: r.supercoupon })),
  ];
  try {
    const settled = await Promise.allSettled(checks);
    const results = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    if (results.length === 0) {
      const failure = settled.find((s) => s.status === "rejected");
      const reason = failure?.status === "rejected" ? (failure.reason as ApiError) : undefined;
      rt.$status.setKey("codeNotice", { key: errorMessageKey(reason), tone: "error" });
      return false;
    }
    const picked = pickCode(results);
    if (!picked.valid) {
      rt.$status.setKey("codeNotice", {
        key: codeRefusalKey(picked.reason),
        values: { code },
        tone: "error",
      });
      return false;
    }
    const applied = { ...picked.valid, code: picked.valid.check.code || code } as CheckedCode;
    setState(rt, (s) => ({ ...s, codes: { ...s.codes, [applied.kind]: applied } }));
    rt.$status.setKey("codeNotice", {
      key: `codes.applied.${applied.kind}`,
      values: { code: applied.code },
      tone: "success",
    });
    return true;
  } finally {
    rt.$status.setKey("codeChecking", false);
  }
}

/** Removes the applied code of a kind. */
export function removeCode(eventId: string, kind: CodeKind): void {
  const rt = runtime(eventId);
  setState(rt, (s) => {
    const codes = { ...s.codes };
    delete codes[kind];
    return { ...s, codes };
  });
  rt.$status.setKey("codeNotice", null);
}

// ---------------------------------------------------------------------------------------------------------
// Buyer's form and payment method

/** Updates the buyer's contact details as typed. */
export function updateBuyer(eventId: string, patch: Partial<CartState["buyer"]>): void {
  const rt = runtime(eventId);
  setState(rt, (s) => ({ ...s, buyer: { ...s.buyer, ...patch } }));
  clearServerErrors(rt, Object.keys(patch) as FormField[]);
}

/** Updates the billing details as typed (`wanted` switches them on or off). */
export function updateBilling(eventId: string, patch: Partial<CartState["billing"]>): void {
  const rt = runtime(eventId);
  setState(rt, (s) => ({ ...s, billing: { ...s.billing, ...patch } }));
  const fields = Object.keys(patch).map((k) => (k === "countryId" ? "billingCountryId" : k)) as FormField[];
  clearServerErrors(rt, fields);
}

function clearServerErrors(rt: Runtime, fields: FormField[]): void {
  const current = rt.$status.get().serverFieldErrors;
  if (!fields.some((f) => current[f])) return;
  const next = { ...current };
  for (const f of fields) delete next[f];
  rt.$status.setKey("serverFieldErrors", next);
}

/** Marks a field as left by the buyer, so its problem shows. */
export function touchField(eventId: string, field: FormField): void {
  const rt = runtime(eventId);
  if (rt.$status.get().touched[field]) return;
  rt.$status.setKey("touched", { ...rt.$status.get().touched, [field]: true });
}

/** The problems of the buyer's form to show now: of touched fields, or all after a submit. */
export function visibleFieldErrors(eventId: string): FieldErrors {
  const rt = runtime(eventId);
  const status = rt.$status.get();
  return visibleErrors(checkForm(rt.$cart.get()).errors, status.touched, status.showAllErrors);
}

/** Shows every problem of the buyer's form and returns them (a demo cart's check); a complete form is praised. */
export function showFormErrors(eventId: string): FieldErrors {
  const rt = runtime(eventId);
  rt.$status.setKey("showAllErrors", true);
  const { errors } = checkForm(rt.$cart.get());
  const complete = Object.keys(errors).length === 0;
  notify(rt, complete ? { key: "demo.formOk", tone: "success" } : { key: "errors.form", tone: "error" });
  return errors;
}

/** Chooses the payment method. */
export function choosePaymentMethod(eventId: string, paymentMethodId: number): void {
  const rt = runtime(eventId);
  setState(rt, (s) => ({ ...s, paymentMethodId }));
}

/** Tracks initiate checkout once per page, when the buyer starts the form or submits. */
export function startCheckout(eventId: string): void {
  const rt = runtime(eventId);
  if (rt.mode !== "live" || rt.$status.get().checkoutStarted) return;
  const summary = cartSummary(rt.$cart.get(), rt.$catalog.get());
  if (summary.empty) return;
  rt.$status.setKey("checkoutStarted", true);
  track("initiateCheckout", {
    id: rt.eventId,
    eventId: rt.eventId,
    currencyId: summary.currencyId,
    value: summary.total,
    items: trackingItems(summary.lines),
  });
}

/** Hides the cart's message. */
export function dismissNotice(eventId: string): void {
  notify(runtime(eventId), null);
}

// ---------------------------------------------------------------------------------------------------------
// Order

/**
 * Where the payment gateway returns the buyer: the order page, as a template whose `{orderId}` the service
 * fills in once the order exists. (A return to the cart with `?order=` is still understood, see
 * `returnFromGateway`.)
 */
export function orderReturnUrl(
  origin: string,
  locale: LocaleCode,
  slugs: { organizerSlug: string; eventSlug: string },
): string {
  return new URL(pathTo(locale, "order", { ...slugs, orderId: "{orderId}" }), origin).href;
}

/**
 * The order page to open when the buyer is back from the gateway (`search` is the cart page's query):
 * null when the address says nothing about a return; a message when the order is not known here.
 */
export function returnFromGateway(eventId: string, search: string): string | null {
  const rt = runtime(eventId);
  const param = new URLSearchParams(search).get(RETURN_PARAM);
  if (param === null || rt.mode !== "live") return null;
  const orderId = returnedOrderId(param, rt.$cart.get().checkout?.orderId ?? null);
  if (!orderId) {
    notify(rt, { key: "errors.returnedUnknown", tone: "info" });
    return null;
  }
  return pathTo(rt.locale, "order", { ...rt.slugs, orderId });
}

async function handleOrderRefusal(rt: Runtime, error: unknown): Promise<void> {
  const apiError = error as ApiError;
  const body = isApiError(error) ? errorBody(error) : {};
  const field = typeof body.field === "string" ? body.field : undefined;
  if (isApiError(error, "invalid_code")) {
    const kind = codeKindOfField(field);
    if (kind) {
      const code = rt.$cart.get().codes[kind]?.code ?? "";
      removeCode(rt.eventId, kind);
      rt.$status.setKey("codeNotice", { key: "errors.invalidCode", values: { code }, tone: "error" });
    }
    notify(rt, { key: "errors.invalidCode", tone: "error" });
    return;
  }
  if (isLostHold(error)) {
    setState(rt, (s) => ({ ...s, hold: null }));
    await runSync(rt);
    if (rt.$cart.get().hold) notify(rt, { key: "errors.holdRenewed", tone: "info" });
    return;
  }
  if (isRefusal(error)) {
    notify(rt, { key: errorMessageKey(apiError), tone: "error" });
    await refreshAvailability(rt.eventId);
    if (rt.mode === "live") await flushHold(rt.eventId);
    return;
  }
  if (isApiError(error, "payment_method_not_offered")) {
    try {
      const { paymentMethods } = await rt
        .client()
        .call(CALLS["event.paymentMethods"], { params: { eventId: rt.eventId } });
      rt.$catalog.set({ ...rt.$catalog.get(), paymentMethods });
      const chosen = rt.$cart.get().paymentMethodId;
      if (!paymentMethods.some((m) => m.paymentMethodId === chosen)) {
        setState(rt, (s) => ({ ...s, paymentMethodId: null }));
      }
    } catch (reloadError) {
      console.warn("[cart] payment methods not reloaded", reloadError);
    }
    notify(rt, { key: "errors.paymentMethodNotOffered", tone: "error" });
    return;
  }
  if (isApiError(error, "validation")) {
    const issues = Array.isArray(body.issues) ? (body.issues as { path?: unknown }[]) : [];
    const serverFieldErrors: Partial<Record<FormField, string>> = {};
    for (const issue of issues) {
      const formField = fieldOfIssuePath(String(issue.path ?? ""));
      if (formField) serverFieldErrors[formField] = "form.errors.invalid";
    }
    if (field) {
      const formField = fieldOfIssuePath(field);
      if (formField) serverFieldErrors[formField] ??= "form.errors.invalid";
    }
    rt.$status.setKey("serverFieldErrors", serverFieldErrors);
    notify(rt, { key: "errors.validation", tone: "error" });
    return;
  }
  console.warn("[cart] order not created", error);
  notify(rt, { ...errorNotice(apiError), tone: "error" });
}

/**
 * Creates the order: checks the form, settles the hold, reuses the attempt's Idempotency-Key (a double
 * click or a retry of the same cart never makes a second order), tracks the purchase, and goes to the
 * payment gateway (or the order page). Refusals are explained and keep the cart.
 */
export async function submitOrder(eventId: string): Promise<SubmitOutcome> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return { ok: false, reason: "demo" };
  if (rt.$status.get().submitting) return { ok: false, reason: "busy" };
  rt.$status.setKey("submitting", true);
  let leaving = false;
  try {
    rt.$status.setKey("showAllErrors", true);
    const summary = cartSummary(rt.$cart.get(), rt.$catalog.get());
    if (summary.empty) {
      notify(rt, { key: "errors.empty", tone: "error" });
      return { ok: false, reason: "empty" };
    }
    startCheckout(eventId);
    if (Object.keys(checkForm(rt.$cart.get()).errors).length > 0) {
      notify(rt, { key: "errors.form", tone: "error" });
      return { ok: false, reason: "form" };
    }
    await flushHold(eventId);
    const state = rt.$cart.get();
    const catalog = rt.$catalog.get();
    if (!holdInSync(state, catalog) || (holdItems(state, catalog).length > 0 && !state.hold)) {
      if (!rt.$status.get().notice) notify(rt, { key: "errors.holdFailed", tone: "error" });
      return { ok: false, reason: "hold" };
    }
    const body = orderBody(state, catalog, {
      language: rt.locale,
      returnUrl: orderReturnUrl(rt.origin(), rt.locale, rt.slugs),
      trackingConsent: rt.trackingConsent(),
    });
    if (!body) {
      notify(rt, { key: "errors.form", tone: "error" });
      return { ok: false, reason: "form" };
    }
    const fingerprint = bodyFingerprint(body);
    const previous = state.checkout;
    const attempt =
      previous && previous.fingerprint === fingerprint
        ? previous
        : { key: randomUuid(), fingerprint, orderId: null };
    if (attempt !== previous) setState(rt, (s) => ({ ...s, checkout: attempt }));
    notify(rt, null);
    const { order } = await rt.client().call(CALLS["order.create"], { body, idempotencyKey: attempt.key });
    setState(rt, (s) => ({ ...s, checkout: { ...attempt, orderId: order.orderId } }));
    track("purchase", orderTrackingData(order));
    const url = order.payment.redirectUrl
      ? rt.client().resolve(order.payment.redirectUrl)
      : pathTo(rt.locale, "order", {
          organizerSlug: order.organizerSlug,
          eventSlug: order.eventSlug,
          orderId: order.orderId,
        });
    leaving = true;
    rt.navigate(url);
    return { ok: true, order, url };
  } catch (error) {
    await handleOrderRefusal(rt, error);
    return { ok: false, reason: "refused" };
  } finally {
    // While the browser leaves for the gateway the button stays disabled.
    if (!leaving) rt.$status.setKey("submitting", false);
  }
}
