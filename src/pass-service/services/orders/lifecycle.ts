/**
 * How an order leaves its open statuses (created → pendingPayment) when it is not paid: canceled by the
 * buyer or expired when its time is up, giving back what it held. Paying it is `markPaid` (./issue.ts).
 *
 * Exactly once: every status change is a conditional UPDATE on the order row (`WHERE status IN (…)`); only
 * the transaction whose update changed the row goes on to give units back, so repeated or concurrent
 * cancels, expiries and callbacks can never release twice.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { coupons, discountCodes, orderLines, orders, payments, supercoupons } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import {
  addSold,
  lockExtraProducts,
  lockTicketTypes,
  lockVariantValues,
  type SaleUnits,
} from "../inventory.ts";

/** A row of `orders`. */
export type OrderRow = typeof orders.$inferSelect;

/** Statuses an order can still leave. */
export const OPEN_STATUSES = ["created", "pendingPayment"] as const;

/** Whether an order's status is one it can still leave. */
export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Whether an order's time to be paid is up at `now` (from its expiry on); an open order it closes as expired. */
export function timeIsUp(order: { expiresAt: Date | null }, now: Date): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BooleanLiteral: every order is written with its expiry (writeOrder): never null
  if (order.expiresAt === null) return false;
  return order.expiresAt <= now;
}

/**
 * Closes an open order as canceled or expired and gives back what it held (inventory and code uses).
 * Returns false when the order was not open (nothing happens: repeating is harmless).
 */
export async function closeOrder(
  tx: Db,
  orderId: string,
  status: "canceled" | "expired",
  now: Date,
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(status === "canceled" ? { canceledAt: now } : {}) })
    .where(
      and(
        eq(orders.orderId, orderId),
        inArray(orders.status, [...OPEN_STATUSES]),
        status === "expired" ? lte(orders.expiresAt, now) : undefined,
      ),
    )
    .returning();
  if (!order) return false;
  const units = await unitsOfOrder(tx, orderId);
  await lockUnits(tx, units);
  await addSold(tx, units, -1);
  await tx
    .update(payments)
    .set({ status: "superseded", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")));
  await giveBackCodes(tx, order.discounts);
  return true;
}

/**
 * Gives back the uses of the codes a closed order took: one per coupon or discount code, its tickets per
 * supercoupon.
 */
async function giveBackCodes(tx: Db, discounts: OrderRow["discounts"]): Promise<void> {
  for (const d of discounts) {
    if (d.source === "coupon") {
      await tx
        .update(coupons)
        .set({ uses: sql`greatest(0, ${coupons.uses} - 1)` })
        .where(eq(coupons.couponId, d.id));
    } else if (d.source === "discountCode") {
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(0, ${discountCodes.uses} - 1)` })
        .where(eq(discountCodes.discountCodeId, d.id));
    } else {
      const count = d.tickets ?? 0;
      await tx
        .update(supercoupons)
        .set({ usedTickets: sql`greatest(0, ${supercoupons.usedTickets} - ${count})` })
        .where(eq(supercoupons.supercouponId, d.id));
    }
  }
}

/** Expires unpaid orders whose time is up, each in its own short transaction; returns how many. */
export async function expireDueOrders(db: Db, now: Date, limit = 200): Promise<number> {
  const due = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.expiresAt, now)))
    .limit(limit);
  let expired = 0;
  for (const { orderId } of due) {
    if (await db.transaction((tx) => closeOrder(tx, orderId, "expired", now))) expired++;
  }
  return expired;
}

/** An order row; 404 when unknown. Expires it first when its time is up. */
export async function findOrder(db: Db, orderId: string, now: Date): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!row)
    throw new ServiceError(404, "NOT_FOUND", `Order "${orderId}" was not found`, { field: "orderId" });
  // Stryker disable next-line ConditionalExpression,LogicalOperator: closeOrder's UPDATE checks the same; this spares a read its transaction
  if (isOpen(row.status) && timeIsUp(row, now)) {
    await db.transaction((tx) => closeOrder(tx, orderId, "expired", now));
    const [after] = await db.select().from(orders).where(eq(orders.orderId, orderId));
    return after ?? row;
  }
  return row;
}

/**
 * Cancels an open order (the buyer's order-cancel) and answers it as it is after: 409 ORDER_PAID for a paid
 * one, also when a payment arrived while the cancel waited (the payment wins). A closed order stays closed.
 */
export async function cancelOrder(db: Db, orderId: string, now: Date): Promise<OrderRow> {
  const order = await findOrder(db, orderId, now);
  await db.transaction((tx) => closeOrder(tx, order.orderId, "canceled", now));
  const after = await findOrder(db, order.orderId, now);
  if (after.status === "paid") {
    throw new ServiceError(409, "ORDER_PAID", "A paid order cannot be canceled here", { field: "orderId" });
  }
  return after;
}

/** Units of an order's lines, for giving them back. */
async function unitsOfOrder(tx: Db, orderId: string): Promise<SaleUnits> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const units: SaleUnits = { tickets: new Map(), products: new Map(), variantValues: new Map() };
  const add = (map: Map<string, number>, id: string | null, count: number) => {
    // Stryker disable next-line ConditionalExpression: a null id matches no row to lock or give back
    if (id) map.set(id, (map.get(id) ?? 0) + count);
  };
  // A ticket line names only its ticket type, a product line only its product and variant value.
  for (const line of lines) {
    add(units.tickets, line.ticketTypeId, line.count);
    add(units.products, line.ticketProductId, line.count);
    add(units.variantValues, line.variantValueId, line.count);
  }
  return units;
}

/**
 * Locks the rows of a sale's units in the global lock order (before changing their counters). Its mutants
 * are left alive on purpose: each UPDATE of a counter locks its row anyway, so only the order of the locks
 * (no deadlock between concurrent sales and closes) depends on it, which no deterministic test can show.
 */
// Stryker disable next-line BlockStatement: see above
async function lockUnits(tx: Db, units: SaleUnits): Promise<void> {
  // Stryker disable next-line ArrayDeclaration: see above
  await lockTicketTypes(tx, [...units.tickets.keys()]);
  // Stryker disable next-line ArrayDeclaration: see above
  await lockExtraProducts(tx, [...units.products.keys()]);
  // Stryker disable next-line ArrayDeclaration: see above
  await lockVariantValues(tx, [...units.variantValues.keys()]);
}
