/**
 * Pure helpers of the order page: which state of the order the page shows, what it says about it (title,
 * lead, decline reason, links to the gateway, the tickets and the transfer's QR code), the lines of its
 * summary, the tracking event it fires. No Astro, no fetch (the page's data comes from order-data.ts).
 */
import { buildUrl, resolveHref } from "../../client/http.ts";
import type { Event, PaymentMethod } from "../../contract/event.ts";
import { CALLS } from "../../contract/index.ts";
import type { BankTransferDetails, Order, OrderStatus } from "../../contract/order.ts";
import type { SeatRef } from "../../contract/ticket.ts";
import { brandTitle } from "../../layouts/seo.ts";
import { DEFAULT_TIME_ZONE, type Locale } from "../../lib/i18n/config.ts";
import { formatDate, formatDateTime, type Translate } from "../../lib/i18n/index.ts";
import { amountsWithMethod } from "../../lib/pricing/totals.ts";
import { pathTo } from "../../lib/routes.ts";
import type { TrackingData, TrackingEvent } from "../../lib/tracking.ts";
import { orderTrackingData } from "../../stores/cart/tracking.ts";
import { money } from "../event/event-view.ts";

/** A query flag of the order page (`fromQueue`, `enforceMethod`): "1" or "true" is true, anything else false. */
export function queryFlag(value: string | null | undefined): boolean {
  const text = (value ?? "").trim().toLowerCase();
  return text === "1" || text === "true";
}

/**
 * What the order page shows:
 * - `paid`: thanks, tickets with their QR codes;
 * - `bankTransfer`: the transfer details and SPAYD QR code, waiting for the money;
 * - `gateway`: a gateway payment under way, waiting for its confirmation (with a link back to the gateway);
 * - `declined`: the latest payment was declined, choose how to pay again;
 * - `choose`: no payment started yet, choose how to pay;
 * - `expired`, `canceled`: nothing more to do here, back to the cart.
 */
export type OrderPhase = "paid" | "bankTransfer" | "gateway" | "declined" | "choose" | "expired" | "canceled";

/** True while an order can still be paid (created or pending payment). */
export function isUnpaid(status: OrderStatus): boolean {
  return status === "created" || status === "pendingPayment";
}

/** The state the order page shows for an order. */
export function orderPhase(order: Pick<Order, "status" | "payment">): OrderPhase {
  if (order.status === "paid" || order.status === "expired" || order.status === "canceled")
    return order.status;
  const { payment } = order;
  if (payment.status === "declined") return "declined";
  if (payment.bankTransfer) return "bankTransfer";
  if (payment.status === "pending" || payment.status === "approved") return "gateway";
  return "choose";
}

/** True when the page offers a choice of payment methods: after a decline, before a first payment, or when enforced. */
export function offersMethodChoice(phase: OrderPhase, enforceMethod: boolean): boolean {
  if (phase === "declined" || phase === "choose") return true;
  return enforceMethod && (phase === "bankTransfer" || phase === "gateway");
}

/** The tracking event the page fires for a state: purchase success when paid, purchase fail when it failed. */
export function purchaseEventOf(phase: OrderPhase): TrackingEvent | null {
  if (phase === "paid") return "purchaseSuccess";
  if (phase === "declined" || phase === "expired" || phase === "canceled") return "purchaseFail";
  return null;
}

/** The tracking event and data of an order as the page shows it, or null when there is nothing to fire. */
export function purchaseTracking(
  order: Order,
  phase: OrderPhase,
): { event: TrackingEvent; data: TrackingData } | null {
  const event = purchaseEventOf(phase);
  if (!event) return null;
  const data = orderTrackingData(order);
  return {
    event,
    data: {
      ...data,
      context: {
        ...data.context,
        status: order.status,
        amount: order.amount,
        paidAmount: order.paidAmount,
        created: order.created,
        paid: order.paid,
        canceled: order.canceled,
      },
    },
  };
}

/** One line of the order summary; amounts in minor units of the order's currency. */
export interface OrderSummaryLine {
  key: string;
  kind: "ticket" | "extra" | "chip";
  name: string;
  /** Ticket type group, variant, or null. */
  detail: string | null;
  count: number;
  total: number;
  /** Chip credit the line loads (chip lines). */
  credit: number | null;
  seats: SeatRef[];
}

/** The lines of an order in the order the page lists them: tickets, extra products, chip credit. */
export function orderSummaryLines(
  order: Pick<Order, "tickets" | "extraProducts" | "chips">,
): OrderSummaryLine[] {
  const tickets = [...order.tickets]
    .sort((a, b) => a.ticketType.displayOrder - b.ticketType.displayOrder)
    .map((line, index) => ({
      key: `ticket:${line.ticketType.ticketTypeId}:${index}`,
      kind: "ticket" as const,
      name: line.ticketType.namePub,
      detail: line.ticketType.ticketTypeGroup?.namePub ?? null,
      count: line.count,
      total: line.price * line.count,
      credit: null,
      seats: line.seats,
    }));
  const extras = [...order.extraProducts]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((line, index) => ({
      key: `extra:${line.ticketProductId}:${line.variantValueId ?? ""}:${index}`,
      kind: "extra" as const,
      name: line.name,
      detail: line.variantName,
      count: line.count,
      total: line.price * line.count,
      credit: line.chips.reduce((sum, chip) => sum + chip.amount, 0) || null,
      seats: [],
    }));
  const chips = order.chips.map((line, index) => ({
    key: `chip:${line.productItemId}:${index}`,
    kind: "chip" as const,
    name: line.name,
    detail: null,
    count: 1,
    total: line.price,
    credit: line.amount,
    seats: [],
  }));
  return [...tickets, ...extras, ...chips];
}

/** Decline reasons the page explains in words (the gateway's codes); others are shown as given. */
export const KNOWN_DECLINE_REASONS = ["card_declined", "canceled_by_buyer"] as const;

/** The message key of a decline reason, or null when the page shows the reason as given. */
export function declineReasonKey(reason: string | null): string | null {
  if (!reason) return null;
  return (KNOWN_DECLINE_REASONS as readonly string[]).includes(reason)
    ? `order.declineReason.${reason}`
    : null;
}

/** A calendar date (YYYY-MM-DD) as a moment at noon UTC, so that formatting it in any zone keeps the day. */
export function calendarDate(date: string): string {
  return `${date}T12:00:00Z`;
}

/** Title and description of the order page for what it renders: the order, a 404 or a 503. */
export function orderPageTexts(
  data:
    | { kind: "notFound" | "unavailable" }
    | { kind: "order"; order: Pick<Order, "orderNumber">; event: Pick<Event, "name"> },
  t: Translate,
  brand: string,
): { title: string; description: string } {
  if (data.kind === "order") {
    return {
      title: t("order.metaTitle", { number: data.order.orderNumber, event: data.event.name, brand }),
      description: t("order.description", { event: data.event.name }),
    };
  }
  const heading = data.kind === "notFound" ? t("notFound.title") : t("order.unavailable.heading");
  return { title: brandTitle(heading, brand), description: t("notFound.text") };
}

/** A payment method as the order page's choice shows it. */
export interface MethodChoice {
  id: number;
  name: string;
  description: string | null;
  /** The method's fee in words ("fee 25 CZK"), null when it has none. */
  fee: string | null;
  /** The pay button with this method: the amount it charges, its fee included. */
  submit: string;
}

/** What the order page shows of a loaded order, besides the order itself. */
export interface OrderPageView {
  eventHref: string;
  cartHref: string;
  /** The lead of the status panel for the order's phase (with the transfer's due date). */
  phaseLead: string;
  /** The decline reason in words (the gateway's own text for a reason the page does not know). */
  declineText: string | null;
  /** "Pay by …" in the event's time zone, for an unpaid order that expires. */
  expiresText: string | null;
  /** Back to the gateway's page, while a gateway payment is under way. */
  gatewayHref: string | null;
  /** The bank transfer to pay, with its QR code's URL (bank transfer phase). */
  transfer: BankTransferDetails | null;
  qrSrc: string | null;
  /** The PDF of every ticket, or of one ticket. */
  downloadHref: (ticketId?: string) => string;
  /** The PDF of the order's receipt. */
  receiptPdfHref: string;
  /** The event's payment methods in display order, and the one selected at first. */
  methods: MethodChoice[];
  selectedMethod: number | null;
}

/**
 * What a paid order's lead points to: its tickets; or, for an order of chip credit alone, its vouchers (credit
 * bought without a chip) or the credit already loaded onto the buyer's chip.
 */
function paidLeadKey(order: Pick<Order, "tickets" | "chips" | "extraProducts">): string {
  if (order.tickets.length > 0) return "order.phase.paid.lead";
  if (order.chips.length > 0) {
    return order.chips.some((c) => c.chipId === null) ? "chips.vouchers.paidLead" : "chips.loadedLead";
  }
  return order.extraProducts.length > 0 ? "chips.extras.paidLead" : "order.phase.paid.lead";
}

/** What the order page shows of an order; `publicBase` is the pass service as the browser reaches it. */
export function orderPageView(
  data: {
    order: Order;
    event: Pick<Event, "timezone">;
    methods: readonly PaymentMethod[];
    phase: OrderPhase;
  },
  context: { locale: Locale; t: Translate; publicBase: string },
): OrderPageView {
  const { order, phase } = data;
  const { locale, t, publicBase } = context;
  const slugs = { organizerSlug: order.organizerSlug, eventSlug: order.eventSlug };
  const timeZone = data.event.timezone ?? DEFAULT_TIME_ZONE;
  const { payment } = order;
  const transfer = phase === "bankTransfer" ? (payment.bankTransfer ?? null) : null;
  const declineKey = declineReasonKey(payment.declineReason ?? null);
  const methods = [...data.methods]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((m) => methodChoice(m, order, locale, t));
  return {
    eventHref: pathTo(locale, "event", slugs),
    cartHref: pathTo(locale, "cart", slugs),
    phaseLead:
      phase === "paid"
        ? t(paidLeadKey(order))
        : phase === "bankTransfer" && transfer
          ? t("order.phase.bankTransfer.lead", {
              date: formatDate(calendarDate(transfer.dueDate), locale, {
                dateStyle: "long",
                timeZone: "UTC",
              }),
            })
          : t(`order.phase.${phase}.lead`),
    declineText: payment.declineReason ? (declineKey ? t(declineKey) : payment.declineReason) : null,
    expiresText:
      isUnpaid(order.status) && order.expiresAt
        ? t("order.expiresAt", {
            date: formatDateTime(order.expiresAt, locale, {
              dateStyle: "long",
              timeStyle: "short",
              timeZone,
            }),
          })
        : null,
    gatewayHref: payment.redirectUrl ? resolveHref(publicBase, payment.redirectUrl) : null,
    transfer,
    qrSrc: transfer ? resolveHref(publicBase, transfer.qrUrl) : null,
    downloadHref: (ticketId?: string) =>
      buildUrl(publicBase, CALLS["order.downloadTicket"], undefined, { orderId: order.orderId, ticketId }),
    receiptPdfHref: buildUrl(publicBase, CALLS["order.receiptPdf"], undefined, { orderId: order.orderId }),
    methods,
    selectedMethod: methods.some((m) => m.id === order.paymentMethodId)
      ? order.paymentMethodId
      : (methods[0]?.id ?? null),
  };
}

/** A payment method of the order page's choice, with its fee and the amount paying with it charges. */
function methodChoice(method: PaymentMethod, order: Order, locale: Locale, t: Translate): MethodChoice {
  const m = (minor: number) => money(minor, order.currencyId, locale);
  const { amount, feeAmount } = amountsWithMethod(order, method.feeAmount);
  return {
    id: method.paymentMethodId,
    name: method.name,
    description: method.description,
    fee: feeAmount > 0 ? t("cart.payment.fee", { fee: m(feeAmount) }) : null,
    submit: t("order.pay.submit", { amount: m(amount) }),
  };
}
