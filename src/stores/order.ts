/**
 * The order page in the browser (DESIGN §4 "Order page"): a store that polls `v2.orderStatus` until the
 * order is final, and the two actions the page offers on an unpaid order (cancel it, pay it again).
 *
 * Polling schedule, counted from each answer: 1 s, 2 s, 3 s, 5 s, 8 s, then every 10 s. A gateway's
 * callback usually lands within seconds, so the first checks are quick; a bank transfer takes days, so a
 * page left open settles at one light request every 10 s. Polling pauses while the tab is hidden
 * (`document.visibilityState`); when the tab shows again the store asks at once and starts the schedule
 * over (the buyer is most likely back from their bank's app). It stops for good when the order is final,
 * when the service no longer knows the order (404), or when the store loses its last subscriber.
 *
 * The page is rendered on the server for the status it had then; when an answer differs from that
 * (status or payment status), the store says so (`phase: "changed"`, for an aria-live announcement) and
 * reloads the page a moment later, so that the server renders the new state (tickets, QR codes) itself.
 */
import { type MapStore, map, onMount } from "nanostores";
import { type ApiClient, isApiError } from "../client/index.ts";
import type { Order, OrderStatus, OrderStatusInfo, PaymentStatus } from "../contract/order.ts";
import { orderCancel } from "../contract/order.ts";
import { paymentStart } from "../contract/payment.ts";
import { v2OrderStatus } from "../contract/v2.ts";
import type { Locale } from "../lib/i18n/config.ts";
import type { TrackingData, TrackingEvent } from "../lib/tracking.ts";
import { pageLogger } from "./page.ts";
import "./tracking.ts";

/** Delays before the 1st, 2nd, … status check, in milliseconds; later checks wait the last step. */
export const ORDER_POLL_DELAYS_MS: readonly number[] = [1000, 2000, 3000, 5000, 8000];

/** Delay between checks once the schedule above is used up. */
export const ORDER_POLL_INTERVAL_MS = 10_000;

/** Time between announcing a change and reloading the page (a screen reader starts reading it). */
export const ORDER_RELOAD_DELAY_MS = 1500;

/** Milliseconds to wait before the next check, after `checks` checks (answered or failed). */
export function orderPollDelay(checks: number): number {
  return ORDER_POLL_DELAYS_MS[checks] ?? ORDER_POLL_INTERVAL_MS;
}

/** What the server rendered the page for. */
export interface RenderedOrderStatus {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** True when the status was already final (nothing to poll). */
  final: boolean;
}

/** True when an answer differs from what the page shows (status or payment status). */
export function orderStatusChanged(rendered: RenderedOrderStatus, info: OrderStatusInfo): boolean {
  return info.status !== rendered.status || info.paymentStatus !== rendered.paymentStatus;
}

/**
 * Where the watch stands: `idle` (not subscribed), `waiting` (a check is scheduled), `checking`
 * (a request is out), `paused` (tab hidden), `changed` (the page is about to reload), `final` (nothing more
 * to wait for), `gone` (the service does not know the order any more).
 */
export type OrderWatchPhase = "idle" | "waiting" | "checking" | "paused" | "changed" | "final" | "gone";

/** State of the order status store. */
export interface OrderStatusState {
  phase: OrderWatchPhase;
  /** The latest answer, or null before the first one. */
  latest: OrderStatusInfo | null;
  /** Checks answered. */
  checks: number;
  /** Checks that failed since the last answer (network, 5xx); polling goes on with the schedule. */
  failures: number;
}

/** Whether the page is visible, and a way to hear when that changes. */
export interface PageVisibility {
  hidden(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Visibility of the current document (`visibilitychange`); null outside a browser (nothing to poll for). */
export function documentVisibility(): PageVisibility | null {
  if (typeof document === "undefined") return null;
  return {
    hidden: () => document.visibilityState === "hidden",
    subscribe(listener) {
      document.addEventListener("visibilitychange", listener);
      return () => document.removeEventListener("visibilitychange", listener);
    },
  };
}

/** Fetches where an order stands. */
export type OrderStatusFetcher = (orderId: string, signal: AbortSignal) => Promise<OrderStatusInfo>;

/** The fetcher of `v2.orderStatus` through a pass client. */
export function orderStatusFetcher(client: ApiClient): OrderStatusFetcher {
  return async (orderId, signal) =>
    (await client.call(v2OrderStatus, { params: { orderId }, signal })).orderStatus;
}

/** Options of {@link createOrderStatusStore}. */
export interface OrderStatusStoreOptions {
  orderId: string;
  rendered: RenderedOrderStatus;
  fetchStatus: OrderStatusFetcher;
  /** Default: the document's visibility; outside a browser (server rendering) the store never polls. */
  visibility?: PageVisibility | null;
  /** Reloads the page after a change (default `location.reload()`). */
  reload?: () => void;
}

/** A store of where an order stands; it polls while it has subscribers (see the module comment). */
export function createOrderStatusStore(options: OrderStatusStoreOptions): MapStore<OrderStatusState> {
  const { orderId, rendered, fetchStatus } = options;
  const reload = options.reload ?? (() => globalThis.location?.reload());
  const $status = map<OrderStatusState>({
    phase: rendered.final ? "final" : "idle",
    latest: null,
    checks: 0,
    failures: 0,
  });

  onMount($status, () => {
    const visibility = options.visibility === undefined ? documentVisibility() : options.visibility;
    if (rendered.final || !visibility) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;
    /** Checks made since the schedule last started over (it sets the next delay). */
    let step = 0;

    const clear = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const finish = (phase: OrderWatchPhase) => {
      stopped = true;
      clear();
      $status.setKey("phase", phase);
    };
    const schedule = () => {
      clear();
      if (stopped || inFlight) return;
      if (visibility.hidden()) {
        $status.setKey("phase", "paused");
        return;
      }
      $status.setKey("phase", "waiting");
      timer = setTimeout(() => void check(), orderPollDelay(step));
    };
    /** One check; `scheduled` is false for the extra check when the tab shows again (the schedule restarts). */
    const check = async (scheduled = true) => {
      timer = undefined;
      if (stopped || inFlight) return;
      if (visibility.hidden()) {
        $status.setKey("phase", "paused");
        return;
      }
      const controller = new AbortController();
      inFlight = controller;
      $status.setKey("phase", "checking");
      try {
        const info = await fetchStatus(orderId, controller.signal);
        if (stopped) return;
        $status.set({ ...$status.get(), latest: info, checks: $status.get().checks + 1, failures: 0 });
        if (orderStatusChanged(rendered, info)) {
          finish("changed");
          setTimeout(reload, ORDER_RELOAD_DELAY_MS);
          return;
        }
        if (info.final) {
          finish("final");
          return;
        }
      } catch (error) {
        if (stopped) return;
        if (isApiError(error, 404)) {
          finish("gone");
          return;
        }
        pageLogger("order").warn("order status not loaded", error);
        $status.setKey("failures", $status.get().failures + 1);
      } finally {
        if (inFlight === controller) inFlight = undefined;
      }
      if (scheduled) step++;
      schedule();
    };
    const onVisibility = () => {
      if (stopped) return;
      if (visibility.hidden()) {
        clear();
        if (!inFlight) $status.setKey("phase", "paused");
        return;
      }
      step = 0;
      clear();
      void check(false);
    };

    const unsubscribe = visibility.subscribe(onVisibility);
    schedule();
    return () => {
      stopped = true;
      clear();
      inFlight?.abort();
      inFlight = undefined;
      unsubscribe();
      const { phase } = $status.get();
      if (phase === "waiting" || phase === "checking" || phase === "paused") $status.setKey("phase", "idle");
    };
  });

  return $status;
}

/** Cancels an unpaid order; resolves to where it stands afterwards. */
export async function cancelOrder(client: ApiClient, orderId: string): Promise<OrderStatusInfo> {
  return (await client.call(orderCancel, { query: { orderId } })).orderStatus;
}

/** How cancelling came out: canceled, refused because the order was paid meanwhile, or failed (logged). */
export type CancelOutcome = "canceled" | "alreadyPaid" | "failed";

/** Cancels an unpaid order and says how it came out; it never rejects. */
export async function tryCancelOrder(client: ApiClient, orderId: string): Promise<CancelOutcome> {
  try {
    await cancelOrder(client, orderId);
    return "canceled";
  } catch (error) {
    if (isApiError(error, "order_paid")) return "alreadyPaid";
    pageLogger("order").warn("order not canceled", error);
    return "failed";
  }
}

/** What to do after a payment was started: go to the gateway's page, or show the page again (transfer). */
export type PaymentNext = { kind: "redirect"; url: string } | { kind: "reload" };

/** Input of {@link startPayment}. */
export interface StartPaymentInput {
  orderId: string;
  paymentMethodId: number;
  language: Locale;
  /** Where the gateway sends the buyer back: this order page. */
  returnUrl: string;
  /** One key per attempt: a repeated click does not start a second payment. */
  idempotencyKey: string;
}

/** Starts a new payment of an unpaid order and says where the buyer goes next. */
export async function startPayment(
  client: ApiClient,
  input: StartPaymentInput,
): Promise<{ order: Order; next: PaymentNext }> {
  const { order } = await client.call(paymentStart, {
    body: {
      orderId: input.orderId,
      paymentMethodId: input.paymentMethodId,
      language: input.language,
      returnUrl: input.returnUrl,
    },
    idempotencyKey: input.idempotencyKey,
  });
  const redirect = order.payment.redirectUrl;
  const next: PaymentNext =
    redirect && order.payment.status === "pending"
      ? { kind: "redirect", url: client.resolve(redirect) }
      : { kind: "reload" };
  return { order, next };
}

/**
 * A purchase event the order page fires, with its data. The tracker's firing limit (at most twice per order
 * id, counted in localStorage across reloads: stores/tracking.ts) is the one rule on how often it fires.
 */
export interface PurchaseTracking {
  event: TrackingEvent;
  data: TrackingData;
}
