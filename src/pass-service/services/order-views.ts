/** How orders, their tickets, vouchers, receipts and bank transfers are answered (contract shapes). */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { EventRef } from "../../contract/common.ts";
import type {
  BankTransaction,
  Order,
  OrderContents,
  OrderStatusInfo,
  PaymentStatus,
  Voucher,
} from "../../contract/order.ts";
import { BANK_TRANSFER_METHOD_ID } from "../../contract/payment.ts";
import type { Receipt } from "../../contract/receipt.ts";
import type { ExtraProductLine, Ticket } from "../../contract/ticket.ts";
import { vatTable } from "../../lib/vat-table.ts";
import type { Db } from "../db/index.ts";
import {
  coupons,
  discountCodes,
  eventGroupEvents,
  eventGroups,
  events,
  orderLines,
  organizers,
  payments,
  receipts,
  supercoupons,
  tickets,
  venues,
  vouchers,
} from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { iso, isoOrNull, loc, locOrNull } from "./localize.ts";
import type { OrderRow } from "./orders/lifecycle.ts";

type LineRow = typeof orderLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const FINAL = new Set(["paid", "canceled", "expired"]);

/** The event of an order with its venue and organizer, for answers about the order. */
interface OrderEvent {
  event: typeof events.$inferSelect;
  organizer: typeof organizers.$inferSelect;
  venue: typeof venues.$inferSelect | null;
}

async function orderEvent(db: Db, eventId: string): Promise<OrderEvent> {
  const [row] = await db
    .select({ event: events, organizer: organizers, venue: venues })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .leftJoin(venues, eq(venues.venueId, events.venueId))
    .where(eq(events.eventId, eventId));
  if (!row) throw new ServiceError(404, "NOT_FOUND", `Event "${eventId}" was not found`);
  return row;
}

/** A short reference to the event of an order. */
function eventRefOf(e: OrderEvent, locale: ServiceLocale): EventRef {
  return {
    eventId: e.event.eventId,
    organizerSlug: e.organizer.slug,
    eventSlug: e.event.slug,
    name: loc(e.event.name, locale),
    startsAt: iso(e.event.startsAt),
    endsAt: iso(e.event.endsAt),
    timezone: e.event.timezone,
    venueName: e.venue ? loc(e.venue.name, locale) : null,
    city: e.venue ? loc(e.venue.address.city, locale) : null,
  };
}

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

/** The payment message of a bank transfer: what the buyer's bank shows the seller. */
function transferMessage(order: OrderRow): string {
  return `Vstupio ${order.orderNumber}`;
}

/** The order in the contract's shape. */
export async function orderOut(
  db: Db,
  order: OrderRow,
  locale: ServiceLocale,
  publicUrl: string,
): Promise<Order> {
  const [e, lines, payment, groups] = await Promise.all([
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
          vatId: order.billingInfo.vatId ?? null,
        }
      : null,
    tickets: lines
      .filter((l) => l.kind === "ticket" && l.ticketTypeId)
      .map((l) => ({
        ticketType: ticketTypeRefOf(l, locale),
        count: l.count,
        price: l.unitPrice,
        seats: [],
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
    discounts: order.discounts.map((d) => ({ source: d.source, code: d.code, amount: d.amount })),
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

function ticketTypeRefOf(l: LineRow, locale: ServiceLocale) {
  return {
    ticketTypeId: l.ticketTypeId ?? "",
    namePub: loc(l.name, locale),
    price: l.unitPrice,
    displayOrder: l.displayOrder,
    ticketTypeGroup:
      l.groupId && l.groupName ? { ticketTypeGroupId: l.groupId, namePub: loc(l.groupName, locale) } : null,
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

/** Issued tickets of orders (empty until paid), in order of their lines. */
export async function ticketsOut(
  db: Db,
  where: { orderId: string } | { ticketIds: string[] },
  locale: ServiceLocale,
): Promise<Ticket[]> {
  const rows = await db
    .select({ ticket: tickets, line: orderLines })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.orderLineId, tickets.orderLineId))
    .where(
      "orderId" in where ? eq(tickets.orderId, where.orderId) : inArray(tickets.ticketId, where.ticketIds),
    )
    .orderBy(asc(orderLines.displayOrder), asc(tickets.orderLineId), asc(tickets.lineIndex));
  const eventIds = [...new Set(rows.map((r) => r.ticket.eventId))];
  const refs = new Map<string, EventRef>();
  for (const id of eventIds) refs.set(id, eventRefOf(await orderEvent(db, id), locale));
  return rows.map(({ ticket, line }) => ({
    ticketId: ticket.ticketId,
    orderId: ticket.orderId,
    eventId: ticket.eventId,
    code: ticket.code,
    qrCode: ticket.qrCode,
    ticketType: ticketTypeRefOf(line, locale),
    itemTypeId: line.itemTypeId ?? 1,
    holderName: ticket.holderName,
    seat: null,
    status: ticket.status,
    issuedAt: iso(ticket.issuedAt),
    usedAt: isoOrNull(ticket.usedAt),
    event: refs.get(ticket.eventId) as EventRef,
  }));
}

/** Vouchers issued for an order. */
export async function vouchersOut(db: Db, order: OrderRow, locale: ServiceLocale): Promise<Voucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.orderId, order.orderId))
    .orderBy(asc(vouchers.code));
  return rows.map((v) => ({
    voucherId: v.voucherId,
    orderId: v.orderId,
    code: v.code,
    qrCode: v.qrCode,
    kind: v.kind,
    name: loc(v.name, locale),
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

/** The receipts of paid orders: product lines (fee and discounts included) and the VAT table per rate. */
export async function receiptsOut(
  db: Db,
  orderRows: OrderRow[],
  locale: ServiceLocale,
  publicUrl: string,
): Promise<Receipt[]> {
  const ids = orderRows.map((o) => o.orderId);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(receipts)
    .where(inArray(receipts.orderId, ids))
    .orderBy(asc(receipts.issuedAt));
  const out: Receipt[] = [];
  for (const r of rows) {
    const order = orderRows.find((o) => o.orderId === r.orderId);
    if (!order) continue;
    out.push(await receiptOf(db, r, order, locale, publicUrl));
  }
  return out;
}

/** One receipt in the contract's shape. */
export async function receiptOf(
  db: Db,
  r: typeof receipts.$inferSelect,
  order: OrderRow,
  locale: ServiceLocale,
  publicUrl: string,
): Promise<Receipt> {
  const e = await orderEvent(db, order.eventId);
  const lines = receiptLinesOf(
    await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.displayOrder)),
    order,
    locale,
    await discountScopes(db, order),
  );
  const address = e.organizer.address;
  return {
    receiptId: r.receiptId,
    receiptNumber: r.receiptNumber,
    orderId: r.orderId,
    issuedAt: iso(r.issuedAt),
    currencyId: r.currencyId,
    seller: {
      name: loc(e.organizer.name, locale),
      address: address ? `${address.street}, ${address.postalCode} ${loc(address.city, locale)}` : "",
      companyId: e.organizer.companyId,
      vatId: e.organizer.vatId,
    },
    buyerName: order.billingInfo?.companyName || `${order.buyer.firstName} ${order.buyer.lastName}`,
    lines,
    vatTable: vatTable(lines.map((l) => ({ rate: l.vatRate, total: l.total }))),
    total: r.total,
    downloadUrl: `${publicUrl}/api/order-download-ticket?orderId=${order.orderId}`,
  };
}

const FEE_NAME = {
  cs: "Poplatek za platbu",
  en: "Payment fee",
  de: "Zahlungsgebühr",
  sk: "Poplatok za platbu",
};

/** Which lines a discount lowers: ticket types (none listed: every ticket) and the extra products listed. */
export interface DiscountScope {
  ticketTypeIds: string[];
  ticketProductIds: string[];
}

/** The scopes of an order's discounts, keyed `source:id`, from the codes that gave them. */
async function discountScopes(db: Db, order: OrderRow): Promise<Map<string, DiscountScope>> {
  const idsOf = (source: string) => order.discounts.filter((d) => d.source === source).map((d) => d.id);
  const [couponRows, codeRows, superRows] = await Promise.all([
    idsOf("coupon").length === 0
      ? []
      : db
          .select()
          .from(coupons)
          .where(inArray(coupons.couponId, idsOf("coupon"))),
    idsOf("discountCode").length === 0
      ? []
      : db
          .select()
          .from(discountCodes)
          .where(inArray(discountCodes.discountCodeId, idsOf("discountCode"))),
    idsOf("supercoupon").length === 0
      ? []
      : db
          .select()
          .from(supercoupons)
          .where(inArray(supercoupons.supercouponId, idsOf("supercoupon"))),
  ]);
  const scope = (r: { ticketTypeIds: string[]; ticketProductIds?: string[] }): DiscountScope => ({
    ticketTypeIds: r.ticketTypeIds,
    ticketProductIds: r.ticketProductIds ?? [],
  });
  return new Map<string, DiscountScope>([
    ...couponRows.map((r): [string, DiscountScope] => [`coupon:${r.couponId}`, scope(r)]),
    ...codeRows.map((r): [string, DiscountScope] => [`discountCode:${r.discountCodeId}`, scope(r)]),
    ...superRows.map((r): [string, DiscountScope] => [`supercoupon:${r.supercouponId}`, scope(r)]),
  ]);
}

/** Whether a discount's scope covers an order line (chip credit never). */
function inScope(scope: DiscountScope, l: LineRow): boolean {
  if (l.kind === "ticket")
    return scope.ticketTypeIds.length === 0 || scope.ticketTypeIds.includes(l.ticketTypeId ?? "");
  return l.kind === "product" && scope.ticketProductIds.includes(l.ticketProductId ?? "");
}

/**
 * Receipt lines: every order line, the payment fee, and each discount as negative lines at the VAT rates of
 * the lines it lowers (`scopes`, by `source:id`; without a scope, every ticket and product line).
 */
export function receiptLinesOf(
  lines: LineRow[],
  order: OrderRow,
  locale: ServiceLocale,
  scopes: Map<string, DiscountScope> = new Map(),
): Receipt["lines"] {
  const out: Receipt["lines"] = lines.map((l) => {
    const variant = locOrNull(l.variantName, locale);
    return {
      name: variant ? `${loc(l.name, locale)} (${variant})` : loc(l.name, locale),
      count: l.count,
      unitPrice: l.unitPrice,
      total: l.unitPrice * l.count,
      vatRate: l.vatRate,
      itemTypeId: l.itemTypeId,
    };
  });
  // Discounts lower the taxed lines they apply to; spread over rates in proportion to those lines.
  const all = lines.filter((l) => l.kind !== "chip");
  for (const d of order.discounts) {
    const scope = scopes.get(`${d.source}:${d.id}`);
    const covered = scope ? all.filter((l) => inScope(scope, l)) : [];
    const taxed = covered.length > 0 ? covered : all;
    const taxedTotal = taxed.reduce((s, l) => s + l.unitPrice * l.count, 0);
    if (d.amount === 0 || taxedTotal === 0) continue;
    const byRate = new Map<number, number>();
    for (const l of taxed) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.unitPrice * l.count);
    let left = d.amount;
    const rates = [...byRate.entries()].sort((a, b) => b[1] - a[1]);
    rates.forEach(([rate, base], index) => {
      const share = index === rates.length - 1 ? left : Math.round((d.amount * base) / taxedTotal);
      left -= share;
      if (share !== 0) {
        out.push({
          name: `${d.code}`,
          count: 1,
          unitPrice: -share,
          total: -share,
          vatRate: rate,
          itemTypeId: null,
        });
      }
    });
  }
  if (order.feeAmount > 0) {
    out.push({
      name: FEE_NAME[locale],
      count: 1,
      unitPrice: order.feeAmount,
      total: order.feeAmount,
      vatRate: 21,
      itemTypeId: null,
    });
  }
  return out;
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

/** The event reference and organizer name of an order (for documents). */
export async function orderEventRef(db: Db, eventId: string, locale: ServiceLocale) {
  const e = await orderEvent(db, eventId);
  return { ref: eventRefOf(e, locale), organizerName: loc(e.organizer.name, locale) };
}
