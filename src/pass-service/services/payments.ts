/**
 * Payments: the outcome a gateway reports (signed callback) and incoming bank transfers. Both are
 * idempotent twice over: each callback or transfer is recorded under its own id first (a repeat finds it and
 * changes nothing), and paying an order is a conditional update that only one transaction can win
 * (see `markPaid`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  BANK_TRANSFER_METHOD_ID,
  type BankNotificationBody,
  type BankTransferResult,
  type PaymentCallbackBody,
} from "../../contract/payment.ts";
import { INT32_MAX } from "../../lib/validation/fields.ts";
import type { Db } from "../db/index.ts";
import { events, orders, paymentEvents, payments } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import { markPaid } from "./orders/issue.ts";
import { closeOrder, isOpen } from "./orders/lifecycle.ts";

/**
 * Why an approved payment is money to refund (the payment stays `superseded` with this `declineReason`):
 * the order had closed (canceled or expired) before the approval, or it had moved on to another payment
 * (the buyer started a new one, or another one paid it).
 */
export const REFUND_REASONS = {
  orderClosed: "order_closed",
  supersededPayment: "superseded_payment",
} as const;

/** `sha256=<hex>` HMAC of a body with the payment secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Checks a signature header against a raw body; a missing or wrong one is a 401. */
export function verifySignature(body: string, header: string | undefined, secret: string): void {
  const expected = Buffer.from(signBody(body, secret));
  // Stryker disable next-line StringLiteral: whatever stands in for a missing header, it is no signature
  const given = Buffer.from(header ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ServiceError(
      401,
      "BAD_SIGNATURE",
      "The signature of this notification does not match its body",
    );
  }
}

/** Records that an event (callback or transfer) was handled; false when it was handled before. */
async function firstTime(tx: Db, row: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: paymentEvents.eventKey });
  return inserted.length > 0;
}

/**
 * Applies a gateway's callback: an approval of the order's current payment pays the order (issuing its
 * tickets once), a decline marks the payment declined so the buyer can try another method. A repeat of a
 * callback id, or another approval of the payment that paid the order, changes nothing; an approval of a
 * payment that can no longer pay the order (superseded, or its order closed) marks it for refund (see
 * `REFUND_REASONS`) and never changes the order.
 */
export async function applyCallback(
  db: Db,
  body: PaymentCallbackBody,
  now: Date,
): Promise<{ result: "paid" | "declined" | "repeated" | "ignored"; orderId: string }> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.paymentId, body.paymentId));
    if (!known) throw new ServiceError(404, "NOT_FOUND", `Payment "${body.paymentId}" was not found`);
    // The order's row is locked before the payment's, as cancels, expiries and transfers do: no lock cycle.
    // Stryker disable ObjectLiteral: only the lock counts here, not the columns read
    await tx
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(eq(orders.orderId, known.orderId))
      .for("update");
    // Stryker restore ObjectLiteral
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.paymentId, body.paymentId))
      .for("update");
    // Stryker disable next-line all: payments are never deleted, so the one found above is still there
    if (!payment) throw new ServiceError(404, "NOT_FOUND", `Payment "${body.paymentId}" was not found`);
    const orderId = payment.orderId;
    const fresh = await firstTime(tx, {
      eventKey: `callback:${body.callbackId}`,
      kind: "callback",
      orderId,
      result: body.outcome,
      amount: body.amount,
      receivedAt: now,
    });
    if (!fresh) return { result: "repeated", orderId };
    if (body.amount !== payment.amount || body.currencyId !== payment.currencyId) {
      throw new ServiceError(400, "AMOUNT_MISMATCH", "The callback's amount differs from the payment's");
    }
    if (body.outcome === "declined") {
      if (payment.status !== "pending") return { result: "ignored", orderId };
      await tx
        .update(payments)
        .set({ status: "declined", declineReason: body.declineReason ?? null, updatedAt: now })
        .where(eq(payments.paymentId, payment.paymentId));
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.orderId, orderId));
      return { result: "declined", orderId };
    }
    // Only the order's current payment can pay it: the pending one (a new attempt supersedes the older one,
    // a closing order its pending one). A repeat of the approval that paid the order changes nothing.
    if (payment.status === "approved" || payment.status === "declined") return { result: "ignored", orderId };
    if (payment.status === "pending") {
      // An approval after the order's time is up finds it expired (nobody may have read it since).
      await closeOrder(tx, orderId, "expired", now);
      if (await markPaid(tx, orderId, now, body.amount)) {
        await tx
          .update(payments)
          .set({ status: "approved", updatedAt: now })
          .where(eq(payments.paymentId, payment.paymentId));
        return { result: "paid", orderId };
      }
    }
    // Money taken by a payment that can no longer pay the order is not an approval of it: it is marked for
    // refund (the first time) and the order is left as it is.
    if (payment.declineReason === null) {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderId, orderId));
      // Stryker disable next-line OptionalChaining: the order's row is locked above, so it exists
      const closed = order?.status === "canceled" || order?.status === "expired";
      await tx
        .update(payments)
        .set({
          status: "superseded",
          declineReason: closed ? REFUND_REASONS.orderClosed : REFUND_REASONS.supersededPayment,
          updatedAt: now,
        })
        .where(eq(payments.paymentId, payment.paymentId));
    }
    return { result: "ignored", orderId };
  });
}

/**
 * Applies an incoming bank transfer: the variable symbol names the order (its number). The full amount in
 * the order's currency pays it; an underpayment, another currency, an unknown symbol or a closed order is
 * recorded with its result and changes no order.
 */
export async function applyBankTransfer(
  db: Db,
  body: BankNotificationBody,
  now: Date,
): Promise<{
  result: BankTransferResult;
  orderId: string | null;
  orderNumber: number | null;
  expectedAmount: number | null;
}> {
  return db.transaction(async (tx) => {
    const orderNumber = Number(body.variableSymbol);
    // A symbol beyond the order-number column names no order (and must not reach the query).
    const [found] =
      // Stryker disable next-line EqualityOperator: no order is numbered INT32_MAX (numbers count up from 260001)
      orderNumber <= INT32_MAX
        ? await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for("update")
        : [];
    // A transfer after the order's time is up finds it expired (nobody may have read it since).
    // Stryker disable next-line BooleanLiteral: without an order, whether it expired is never read
    const expired = found ? await closeOrder(tx, found.orderId, "expired", now) : false;
    const order = found && expired ? { ...found, status: "expired" as const } : found;
    const record = (result: BankTransferResult) =>
      firstTime(tx, {
        eventKey: `bank:${body.transactionId}`,
        kind: "bankTransfer",
        orderId: order?.orderId ?? null,
        result,
        amount: body.amount,
        variableSymbol: body.variableSymbol,
        receivedAt: now,
      });
    const answer = (result: BankTransferResult) => ({
      result,
      orderId: order?.orderId ?? null,
      orderNumber: order?.orderNumber ?? null,
      expectedAmount: order?.amount ?? null,
    });
    let result: BankTransferResult;
    if (!order) result = "unknownSymbol";
    else if (order.status === "paid") result = "alreadyPaid";
    else if (!isOpen(order.status)) result = "orderClosed";
    else if (body.currencyId !== order.currencyId) result = "wrongCurrency";
    else if (body.amount < order.amount) result = "underpaid";
    else result = "paid";
    if (!(await record(result))) return answer("repeated");
    if (result === "paid" && order) {
      // The transfer is the approved payment; a gateway payment still pending can no longer pay the order
      // (should it be approved after all, it is marked for refund).
      await tx
        .update(payments)
        .set({
          status: sql`case when ${payments.paymentMethodId} = ${BANK_TRANSFER_METHOD_ID} then 'approved' else 'superseded' end`,
          updatedAt: now,
        })
        .where(and(eq(payments.orderId, order.orderId), eq(payments.status, "pending")));
      await markPaid(tx, order.orderId, now, body.amount);
    }
    return answer(result);
  });
}

/** A payment with its order and the order's event (what a gateway's page shows), or undefined. */
export async function paymentWithOrder(db: Db, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, event: events })
    .from(payments)
    .innerJoin(orders, eq(orders.orderId, payments.orderId))
    .innerJoin(events, eq(events.eventId, orders.eventId))
    .where(eq(payments.paymentId, paymentId));
  return row;
}

/** The buyer reached a gateway's payment: a created order now waits for its outcome (pendingPayment). */
export async function markAwaitingPayment(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: "pendingPayment", updatedAt: now })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, "created")));
}
