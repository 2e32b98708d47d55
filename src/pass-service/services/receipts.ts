/**
 * Receipts of paid orders as they are answered: their lines (the fee and each discount included, a discount
 * spread over the VAT rates of the lines it lowers) and the VAT table per rate.
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import { orderCalls } from "../../contract/order.ts";
import type { Receipt } from "../../contract/receipt.ts";
import { type DiscountScope, discountCovers } from "../../lib/pricing/discounts.ts";
import { vatTable } from "../../lib/vat-table.ts";
import type { Db } from "../db/index.ts";
import { coupons, discountCodes, orderLines, orders, receipts, supercoupons } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { discountName } from "./code-kinds.ts";
import { iso, loc, locOrNull } from "./localize.ts";
import { orderEvent } from "./order-event.ts";
import { findOrder, type OrderRow } from "./orders/lifecycle.ts";
import { renderReceiptPdf } from "./receipt-pdf.ts";
import { type ClaimedSeat, claimedSeats, seatsOfType } from "./seat-claims.ts";
import { seatText } from "./ticket-pdf.ts";

type LineRow = typeof orderLines.$inferSelect;

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
  const seats = await claimedSeats(db, { orderId: order.orderId }, locale);
  const lines = receiptLinesOf(
    await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.displayOrder)),
    order,
    locale,
    await discountScopes(db, order),
    seats,
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
    billing: billingOf(order.billingInfo),
    paymentMethodId: order.paymentMethodId,
    lines,
    vatTable: vatTable(lines.map((l) => ({ rate: l.vatRate, total: l.total }))),
    total: r.total,
    downloadUrl: `${publicUrl}${orderCalls.receiptPdf.path}?orderId=${order.orderId}`,
  };
}

/** The billing data a receipt prints: the order's billing info (a company invoice), or null without one. */
function billingOf(b: OrderRow["billingInfo"]): Receipt["billing"] {
  if (!b) return null;
  return {
    companyName: b.companyName || null,
    companyId: b.companyId || null,
    vatId: b.vatId || null,
    address: `${b.address}, ${b.postalCode} ${b.city}`,
    countryId: b.countryId,
  };
}

const FEE_NAME = {
  cs: "Poplatek za platbu",
  en: "Payment fee",
  de: "Zahlungsgebühr",
  sk: "Poplatok za platbu",
};

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
  if (l.kind === "ticket") return discountCovers(scope, { kind: "ticket", id: l.ticketTypeId ?? "" });
  return l.kind === "product" && discountCovers(scope, { kind: "product", id: l.ticketProductId ?? "" });
}

/**
 * Receipt lines: every order line (a ticket line naming its seats), the payment fee, and each discount as negative lines at the VAT rates of
 * the lines it lowers (`scopes`, by `source:id`; without a scope, every ticket and product line).
 */
export function receiptLinesOf(
  lines: LineRow[],
  order: OrderRow,
  locale: ServiceLocale,
  scopes: Map<string, DiscountScope> = new Map(),
  seats: ClaimedSeat[] = [],
): Receipt["lines"] {
  const out: Receipt["lines"] = lines.map((l) => {
    const variant = locOrNull(l.variantName, locale);
    const name = variant ? `${loc(l.name, locale)} (${variant})` : loc(l.name, locale);
    const lineSeats = l.kind === "ticket" ? seatsOfType(seats, l.ticketTypeId ?? "") : [];
    return {
      name:
        lineSeats.length === 0 ? name : `${name}: ${lineSeats.map((s) => seatText(locale, s)).join("; ")}`,
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
          name: discountName(locale, d.source, d.code),
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

/** One receipt by id with its order; 404 when there is none. */
export async function receiptById(
  db: Db,
  receiptId: string,
  locale: ServiceLocale,
  publicUrl: string,
  now: Date,
): Promise<Receipt> {
  const [row] = await db.select().from(receipts).where(eq(receipts.receiptId, receiptId));
  if (!row) throw new ServiceError(404, "NOT_FOUND", `Receipt "${receiptId}" was not found`);
  return receiptOf(db, row, await findOrder(db, row.orderId, now), locale, publicUrl);
}

/**
 * The orders whose receipts an order's receipt calls answer: the order itself (`own`), the extra orders
 * made on it (`extra`), or both (`all`); 404 when the order is unknown.
 */
export async function receiptOrders(
  db: Db,
  orderId: string,
  which: "own" | "extra" | "all",
  now: Date,
): Promise<OrderRow[]> {
  const order = await findOrder(db, orderId, now);
  const family = await db
    .select()
    .from(orders)
    .where(or(eq(orders.orderId, order.orderId), eq(orders.parentOrderId, order.orderId)));
  return family.filter((o) =>
    which === "all"
      ? true
      : which === "own"
        ? o.orderId === order.orderId
        : o.parentOrderId === order.orderId,
  );
}

/** The receipt of a paid order as a PDF in the order's language; 409 ORDER_NOT_PAID before it is paid. */
export async function paidReceiptPdf(db: Db, order: OrderRow, publicUrl: string): Promise<Uint8Array> {
  if (order.status !== "paid") {
    throw new ServiceError(409, "ORDER_NOT_PAID", "A receipt is issued when the order is paid", {
      field: "orderId",
    });
  }
  const [receipt] = await receiptsOut(db, [order], order.language, publicUrl);
  if (!receipt) throw new ServiceError(404, "NOT_FOUND", "This order has no receipt");
  return renderReceiptPdf({ language: order.language, orderNumber: order.orderNumber, receipt });
}
