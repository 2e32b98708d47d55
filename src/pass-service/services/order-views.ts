/**
 * How orders are answered (contract shapes): the order, where it stands, what it holds once issued, its
 * vouchers and its bank transfer, and the lines of an account's order list. Tickets are answered by
 * ./tickets.ts, receipts by ./receipts.ts.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { EventRef } from "../../contract/common.ts";
import type {
  BankTransaction,
  Order,
  OrderContents,
  OrderStatusInfo,
  OrderSummary,
  PaymentStatus,
  Voucher,
} from "../../contract/order.ts";
import { BANK_TRANSFER_METHOD_ID } from "../../contract/payment.ts";
import type { ExtraProductLine } from "../../contract/ticket.ts";
import { currencyCode } from "../../lib/money.ts";
import { type DiscountBasis, termsBasis } from "../../lib/pricing/discount-basis.ts";
import { spaydString } from "../../lib/spayd.ts";
import type { Db } from "../db/index.ts";
import { eventGroupEvents, eventGroups, orderLines, payments, vouchers } from "../db/schema.ts";
import type { ServiceLocale } from "../http.ts";
import { iso, isoOrNull, loc, locOrNull } from "./localize.ts";
import { eventRefOf, orderEvent, ticketTypeRefOf } from "./order-event.ts";
import type { OrderRow } from "./orders/lifecycle.ts";
import { claimedSeats, seatsOfType } from "./seat-claims.ts";
import { ticketsOut } from "./tickets.ts";

type LineRow = typeof orderLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const FINAL = new Set(["paid", "canceled", "expired"]);

/** The latest payment attempt of an order, if any. */
async function latestPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.paymentId))
    .limit(1);
  return row;
}

function paymentStatusOf(order: OrderRow, payment: PaymentRow | undefined): PaymentStatus {
  if (order.status === "paid") return order.value === 0 && !payment ? "none" : "approved";
  if (!payment || payment.status === "superseded") return "none";
  return payment.status;
}

/** The gateway page of a pending gateway payment of an open order, else null. */
function redirectOf(order: OrderRow, payment: PaymentRow | undefined, publicUrl: string): string | null {
  if (payment?.status !== "pending" || FINAL.has(order.status)) return null;
  if (payment.paymentMethodId === BANK_TRANSFER_METHOD_ID) return null;
  return `${publicUrl}/gateway/${payment.paymentId}`;
}

/** Due date of a bank transfer (the day the order expires, in Prague time) as YYYY-MM-DD. */
function dueDateOf(order: OrderRow): string {
  const at = order.expiresAt ?? order.createdAt;
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Prague" }).format(at);
}

/** How a stored discount counts: the tickets a supercoupon paid for, a code's terms as taken (null if not kept). */
function storedBasis(d: OrderRow["discounts"][number]): DiscountBasis | null {
  if (d.source !== "supercoupon") return termsBasis(d.kind, d.value);
  return d.tickets === undefined ? null : { kind: "tickets", count: d.tickets };
}

/** The payment message of a bank transfer: what the buyer's bank shows the seller. */
export function transferMessage(order: Pick<OrderRow, "orderNumber">): string {
  return `Vstupio ${order.orderNumber}`;
}

/** The order in the contract's shape. */
export async function orderOut(
  db: Db,
  order: OrderRow,
  locale: ServiceLocale,
  publicUrl: string,
): Promise<Order> {
  const [e, lines, payment, groups, claimed] = await Promise.all([
    orderEvent(db, order.eventId),
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.displayOrder)),
    latestPayment(db, order.orderId),
    db
      .select({ name: eventGroups.name })
      .from(eventGroupEvents)
      .innerJoin(eventGroups, eq(eventGroups.eventGroupId, eventGroupEvents.eventGroupId))
      .where(and(eq(eventGroupEvents.eventId, order.eventId), eq(eventGroups.visible, true))),
    claimedSeats(db, { orderId: order.orderId }, locale),
  ]);
  const bank = e.organizer.bankAccount;
  const transfer = order.paymentMethodId === BANK_TRANSFER_METHOD_ID && bank !== null;
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    parentOrderId: order.parentOrderId,
    eventId: order.eventId,
    organizerSlug: e.organizer.slug,
    eventSlug: e.event.slug,
    status: order.status,
    language: order.language,
    value: order.value,
    amount: order.amount,
    paidAmount: order.paidAmount,
    feeAmount: order.feeAmount,
    currencyId: order.currencyId,
    paymentMethodId: order.paymentMethodId,
    created: iso(order.createdAt),
    paid: isoOrNull(order.paidAt),
    canceled: isoOrNull(order.canceledAt),
    expiresAt: FINAL.has(order.status) ? null : isoOrNull(order.expiresAt),
    accountId: order.accountId,
    buyer: order.buyer,
    billingInfo: order.billingInfo
      ? {
          countryId: order.billingInfo.countryId,
          city: order.billingInfo.city,
          address: order.billingInfo.address,
          postalCode: order.billingInfo.postalCode,
          companyName: order.billingInfo.companyName ?? null,
          companyId: order.billingInfo.companyId ?? null,
          vatId: order.billingInfo.vatId ?? null,
        }
      : null,
    tickets: lines
      .filter((l) => l.kind === "ticket" && l.ticketTypeId)
      .map((l) => ({
        ticketType: ticketTypeRefOf(l, locale),
        count: l.count,
        price: l.unitPrice,
        seats: seatsOfType(claimed, l.ticketTypeId ?? ""),
      })),
    chips: lines
      .filter((l) => l.kind === "chip" && l.productItemId)
      .map((l) => ({
        productItemId: l.productItemId ?? "",
        amount: l.amount,
        name: loc(l.name, locale),
        price: l.unitPrice * l.count,
        chipId: l.chipId,
      })),
    extraProducts: lines
      .filter((l) => l.kind === "product")
      .map((l) => extraLineOf(l, order.currencyId, locale)),
    discounts: order.discounts.map((d) => ({
      source: d.source,
      code: d.code,
      amount: d.amount,
      basis: storedBasis(d),
    })),
    trackingContext: {
      eventName: loc(e.event.name, locale),
      eventLocation: e.venue ? loc(e.venue.address.city, locale) : "",
      eventPlace: e.venue ? loc(e.venue.name, locale) : "",
      eventGroups: groups.map((g) => ({ namePub: loc(g.name, locale) })),
    },
    payment: {
      paymentMethodId: order.paymentMethodId,
      status: paymentStatusOf(order, payment),
      declineReason: payment?.status === "declined" ? payment.declineReason : null,
      redirectUrl: redirectOf(order, payment, publicUrl),
      bankTransfer:
        transfer && bank
          ? {
              accountNumber: bank.accountNumber,
              iban: bank.iban,
              bic: bank.bic,
              variableSymbol: String(order.orderNumber),
              amount: order.amount,
              currencyId: order.currencyId,
              dueDate: dueDateOf(order),
              message: transferMessage(order),
              qrUrl: `${publicUrl}/order/${order.orderId}/spayd-qr`,
            }
          : null,
    },
  };
}

function extraLineOf(l: LineRow, currencyId: number, locale: ServiceLocale): ExtraProductLine {
  return {
    ticketProductId: l.ticketProductId ?? "",
    name: loc(l.name, locale),
    price: l.unitPrice,
    currencyId,
    count: l.count,
    displayOrder: l.displayOrder,
    itemTypeId: l.itemTypeId ?? 6,
    variantValueId: l.variantValueId,
    variantName: locOrNull(l.variantName, locale),
    chips: [],
  };
}

/** Where an order stands (polled by the order page). */
export async function orderStatusOut(db: Db, order: OrderRow, publicUrl: string): Promise<OrderStatusInfo> {
  const payment = await latestPayment(db, order.orderId);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status,
    final: FINAL.has(order.status),
    value: order.value,
    paidAmount: order.paidAmount,
    currencyId: order.currencyId,
    paid: isoOrNull(order.paidAt),
    canceled: isoOrNull(order.canceledAt),
    expiresAt: FINAL.has(order.status) ? null : isoOrNull(order.expiresAt),
    redirectUrl: redirectOf(order, payment, publicUrl),
    paymentMethodId: order.paymentMethodId,
    paymentStatus: paymentStatusOf(order, payment),
    updatedAt: iso(order.updatedAt),
  };
}

/** Vouchers issued for an order. */
export async function vouchersOut(db: Db, order: OrderRow, locale: ServiceLocale): Promise<Voucher[]> {
  const rows = await db
    .select({ v: vouchers, count: orderLines.count, variantName: orderLines.variantName })
    .from(vouchers)
    .innerJoin(orderLines, eq(orderLines.orderLineId, vouchers.orderLineId))
    .where(eq(vouchers.orderId, order.orderId))
    .orderBy(asc(vouchers.kind), asc(vouchers.code));
  return rows.map(({ v, count, variantName }) => ({
    voucherId: v.voucherId,
    orderId: v.orderId,
    code: v.code,
    qrCode: v.qrCode,
    kind: v.kind,
    name: loc(v.name, locale),
    detail: locOrNull(variantName, locale),
    count,
    amount: v.amount,
    currencyId: v.currencyId,
    validTo: isoOrNull(v.validTo),
    redeemed: v.redeemedAt !== null,
    redeemedAt: isoOrNull(v.redeemedAt),
  }));
}

/** What an order holds once issued. */
export async function contentsOut(
  db: Db,
  order: OrderRow,
  locale: ServiceLocale,
  publicUrl: string,
): Promise<OrderContents> {
  const [full, issued, issuedVouchers] = await Promise.all([
    orderOut(db, order, locale, publicUrl),
    ticketsOut(db, { orderId: order.orderId }, locale),
    vouchersOut(db, order, locale),
  ]);
  return {
    orderId: order.orderId,
    status: order.status,
    tickets: issued,
    extraProducts: full.extraProducts,
    chips: full.chips,
    vouchers: issuedVouchers,
  };
}

/** The bank transfer of an order, or null when it is not paid by transfer. */
export async function bankTransactionOut(db: Db, order: OrderRow): Promise<BankTransaction | null> {
  if (order.paymentMethodId !== BANK_TRANSFER_METHOD_ID) return null;
  const e = await orderEvent(db, order.eventId);
  const bank = e.organizer.bankAccount;
  if (!bank) return null;
  return {
    orderId: order.orderId,
    variableSymbol: String(order.orderNumber),
    accountNumber: bank.accountNumber,
    iban: bank.iban,
    bic: bank.bic,
    expectedAmount: order.amount,
    receivedAmount: order.paidAmount,
    currencyId: order.currencyId,
    dueDate: dueDateOf(order),
    received: order.status === "paid",
    receivedAt: isoOrNull(order.paidAt),
  };
}

/** The SPAYD string (QR payment) of an order's bank transfer, or null when it is not paid by transfer. */
export async function orderSpayd(db: Db, order: OrderRow): Promise<string | null> {
  const transfer = await bankTransactionOut(db, order);
  if (!transfer) return null;
  return spaydString({
    iban: transfer.iban,
    bic: transfer.bic,
    amountMinor: transfer.expectedAmount,
    currency: currencyCode(transfer.currencyId as 1),
    variableSymbol: transfer.variableSymbol,
    message: transferMessage(order),
    dueDate: new Date(`${transfer.dueDate}T12:00:00Z`),
  });
}

/** Orders as lines of the account's order list, in the order given (their ticket counts and events). */
export async function orderSummariesOut(
  db: Db,
  rows: OrderRow[],
  locale: ServiceLocale,
): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ orderId: orderLines.orderId, tickets: sql<number>`coalesce(sum(${orderLines.count}), 0)::int` })
    .from(orderLines)
    .where(
      and(
        inArray(
          orderLines.orderId,
          rows.map((o) => o.orderId),
        ),
        eq(orderLines.kind, "ticket"),
      ),
    )
    .groupBy(orderLines.orderId);
  const ticketCount = new Map(counts.map((c) => [c.orderId, Number(c.tickets)]));
  const refs = new Map<string, EventRef>();
  for (const eventId of new Set(rows.map((o) => o.eventId))) {
    refs.set(eventId, eventRefOf(await orderEvent(db, eventId), locale));
  }
  return rows.map((order) => ({
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status,
    value: order.value,
    currencyId: order.currencyId,
    created: iso(order.createdAt),
    paid: isoOrNull(order.paidAt),
    canceled: isoOrNull(order.canceledAt),
    ticketCount: ticketCount.get(order.orderId) ?? 0,
    event: refs.get(order.eventId) as EventRef,
  }));
}
