/**
 * What the order page fetches through the pass client, at request time (an order changes between requests):
 * the order, its event, and, depending on where the order stands, its tickets and vouchers or the payment methods to
 * choose from, and its receipt once paid. An unknown order, or one of another event, is "not found"; a service that cannot answer now
 * makes the page "unavailable" (and is logged). No Astro.
 */
import { type ApiClient, isApiError } from "../../client/index.ts";
import type { Event, PaymentMethod } from "../../contract/event.ts";
import { CALLS } from "../../contract/index.ts";
import type { Order, Voucher } from "../../contract/order.ts";
import type { Receipt } from "../../contract/receipt.ts";
import type { Ticket } from "../../contract/ticket.ts";
import type { Logger } from "../../lib/logger.ts";
import { isUuid } from "../../lib/validation/uuid.ts";
import { type OrderPhase, offersMethodChoice, orderPhase } from "./order-view.ts";

/** An order the page shows, with what it needs for the order's state. */
export interface LoadedOrder {
  kind: "order";
  order: Order;
  event: Event;
  /** The issued tickets (paid orders). */
  tickets: Ticket[];
  /** The issued vouchers (paid orders): chip credit to load at the event, extras to collect or show. */
  vouchers: Voucher[];
  /** The receipt of the order (paid orders; null before or when there is none). */
  receipt: Receipt | null;
  /** The event's payment methods (when the page offers a choice). */
  methods: PaymentMethod[];
  phase: OrderPhase;
  /** True when the page offers a choice of payment methods. */
  choice: boolean;
}

/** What the order page renders: the order, a 404, or a 503 (the order cannot be loaded now). */
export type OrderPageData = LoadedOrder | { kind: "notFound" } | { kind: "unavailable" };

/** The order page's address: its path parameters and the `enforceMethod` flag. */
export interface OrderRequest {
  orderId: string;
  organizerSlug: string;
  eventSlug: string;
  enforceMethod: boolean;
}

/** Fetches the order of the page's address; a failure of the service is logged and answers "unavailable". */
export async function loadOrderPage(
  pass: ApiClient,
  request: OrderRequest,
  logger: Pick<Logger, "error">,
): Promise<OrderPageData> {
  try {
    return await fetchOrder(pass, request);
  } catch (error) {
    logger.error(`order ${request.orderId} not loaded:`, error);
    return { kind: "unavailable" };
  }
}

async function fetchOrder(pass: ApiClient, request: OrderRequest): Promise<OrderPageData> {
  const { orderId, organizerSlug, eventSlug } = request;
  if (!isUuid(orderId)) return { kind: "notFound" };
  let order: Order;
  try {
    ({ order } = await pass.call(CALLS["order.byId"], { query: { orderId } }));
  } catch (error) {
    if (isApiError(error, 404)) return { kind: "notFound" };
    throw error;
  }
  if (order.organizerSlug !== organizerSlug || order.eventSlug !== eventSlug) return { kind: "notFound" };
  const phase = orderPhase(order);
  const choice = offersMethodChoice(phase, request.enforceMethod);
  const paid = phase === "paid";
  const [{ event }, tickets, vouchers, receipt, methods] = await Promise.all([
    pass.call(CALLS["event.byId"], { query: { eventId: order.eventId } }),
    paid
      ? pass.call(CALLS["order.tickets"], { query: { orderId: order.orderId } }).then((r) => r.tickets)
      : Promise.resolve([]),
    paid && (order.chips.length > 0 || order.extraProducts.length > 0)
      ? pass.call(CALLS["order.vouchers"], { query: { orderId: order.orderId } }).then((r) => r.vouchers)
      : Promise.resolve([]),
    paid
      ? pass
          .call(CALLS["order.receipts"], { query: { orderId: order.orderId } })
          .then((r) => r.receipts[0] ?? null)
      : Promise.resolve(null),
    choice
      ? pass
          .call(CALLS["event.paymentMethods"], { params: { eventId: order.eventId } })
          .then((r) => r.paymentMethods)
      : Promise.resolve([]),
  ]);
  return { kind: "order", order, event, tickets, vouchers, receipt, methods, phase, choice };
}
