/**
 * Starting the payment of an order: the payment methods an event offers online, a new pending payment (a
 * gateway's or a bank transfer's), a new payment of an open order (order-pay), and the return URL the
 * gateway sends the buyer back to.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { BANK_TRANSFER_METHOD_ID, GATEWAY_METHOD_IDS } from "../../../contract/payment.ts";
import { amountsWithMethod } from "../../../lib/pricing/totals.ts";
import type { Db } from "../../db/index.ts";
import { eventPaymentMethods, events, orders, organizers, payments } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import { lacksProvider, type PaymentProviderName } from "../../payment-providers.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { isOpen, timeIsUp } from "./lifecycle.ts";

/**
 * A return URL with the order's id filled in: the storefront sends its order page as a template with
 * `{orderId}` (raw or percent-encoded), since the id does not exist before the order.
 */
export function fillReturnUrl(url: string | undefined, orderId: string): string | null {
  return url ? url.replace(/\{orderId\}|%7BorderId%7D/gi, orderId) : null;
}

/**
 * Starts a payment of an order: supersedes earlier pending attempts and writes a new pending one. Bank
 * transfers and gateway payments both start here; a bank transfer moves the order to pendingPayment at
 * once (and its instructions are mailed to the buyer), a gateway payment when the buyer opens the gateway page.
 */
export async function startPayment(
  tx: Db,
  orderId: string,
  paymentMethodId: number,
  amount: number,
  currencyId: number,
  returnUrl: string | null,
  now: Date,
): Promise<string> {
  const transfer = paymentMethodId === BANK_TRANSFER_METHOD_ID;
  const superseded = await tx
    .update(payments)
    .set({ status: "superseded", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")))
    .returning({ paymentMethodId: payments.paymentMethodId });
  const paymentId = randomUUID();
  await tx.insert(payments).values({
    paymentId,
    orderId,
    paymentMethodId,
    status: "pending",
    amount,
    currencyId,
    returnUrl,
    createdAt: now,
    updatedAt: now,
  });
  const [order] = await tx
    .update(orders)
    .set({
      paymentMethodId,
      updatedAt: now,
      ...(transfer ? { status: "pendingPayment" as const } : {}),
      ...(returnUrl ? { returnUrl } : {}),
    })
    .where(eq(orders.orderId, orderId))
    .returning({ buyer: orders.buyer, language: orders.language });
  // The buyer is sent the transfer's instructions once: not again when a transfer replaces a pending one.
  const repeated = superseded.some((p) => p.paymentMethodId === BANK_TRANSFER_METHOD_ID);
  if (transfer && order && !repeated) {
    await enqueueMail(
      tx,
      { kind: "bankTransfer", data: { orderId }, to: order.buyer.email, locale: order.language },
      now,
    );
  }
  return paymentId;
}

/** The due date of a bank transfer: so many days after the order was created (never later). */
export function bankTransferDue(orderCreatedAt: Date, bankTransferDays: number): Date {
  return new Date(orderCreatedAt.getTime() + bankTransferDays * 86_400_000);
}

/** What a new payment of an existing order needs (order-pay). */
export interface NewPayment {
  orderId: string;
  paymentMethodId: number;
  /** Where the gateway sends the buyer back, its `{orderId}` not yet filled in. */
  returnUrl: string | undefined;
  now: Date;
  bankTransferDays: number;
  paymentProviders: readonly PaymentProviderName[];
}

/**
 * Starts a new payment of an open order (order-pay) in the caller's transaction. The order's row is locked
 * first (then its payments, the lock order of callbacks, cancels and expiries), so the check and the change
 * see the same order: one that is no longer open is refused (409 ORDER_CLOSED) and never reopened. The
 * order's fee and amount follow the new method; a bank transfer's due date is counted from the order's
 * creation, so paying again never extends the hold.
 */
export async function startNewPayment(tx: Db, input: NewPayment): Promise<void> {
  const { now } = input;
  const [order] = await tx.select().from(orders).where(eq(orders.orderId, input.orderId)).for("update");
  if (!order) {
    throw new ServiceError(404, "NOT_FOUND", `Order "${input.orderId}" was not found`, { field: "orderId" });
  }
  const open = isOpen(order.status);
  const timeUp = timeIsUp(order, now);
  if (!open || timeUp) {
    const status = open ? "expired" : order.status;
    throw new ServiceError(409, "ORDER_CLOSED", `This order is ${status}; it cannot be paid any more`, {
      field: "orderId",
    });
  }
  const method = await offeredMethod(tx, order.eventId, input.paymentMethodId, input.paymentProviders);
  const { value, amount, feeAmount } = amountsWithMethod(order, method.feeAmount);
  const transfer = input.paymentMethodId === BANK_TRANSFER_METHOD_ID;
  await tx
    .update(orders)
    .set({
      value,
      amount,
      feeAmount,
      // A transfer takes days: the order keeps its units until the due date, which never moves further.
      ...(transfer ? { expiresAt: bankTransferDue(order.createdAt, input.bankTransferDays) } : {}),
    })
    .where(eq(orders.orderId, order.orderId));
  await startPayment(
    tx,
    order.orderId,
    input.paymentMethodId,
    amount,
    order.currencyId,
    fillReturnUrl(input.returnUrl, order.orderId),
    now,
  );
}

/**
 * The event's terms for a payment method the shop can take online (a gateway method that a configured
 * provider takes, or a bank transfer when the event's organizer has an account); 400
 * PAYMENT_METHOD_NOT_OFFERED otherwise.
 */
export async function offeredMethod(
  db: Db,
  eventId: string,
  paymentMethodId: number,
  providers: readonly PaymentProviderName[],
) {
  const [row] = await db
    .select({ method: eventPaymentMethods, bankAccount: organizers.bankAccount })
    .from(eventPaymentMethods)
    .innerJoin(events, eq(events.eventId, eventPaymentMethods.eventId))
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(
      and(eq(eventPaymentMethods.eventId, eventId), eq(eventPaymentMethods.paymentMethodId, paymentMethodId)),
    );
  const online =
    (GATEWAY_METHOD_IDS as readonly number[]).includes(paymentMethodId) &&
    !lacksProvider(providers, paymentMethodId);
  // A transfer needs the organizer's account to be paid into.
  const transfer = paymentMethodId === BANK_TRANSFER_METHOD_ID && row?.bankAccount;
  if (!row || !(online || transfer)) {
    throw new ServiceError(
      400,
      "PAYMENT_METHOD_NOT_OFFERED",
      "This payment method is not offered for the event",
      {
        field: "paymentMethodId",
      },
    );
  }
  return row.method;
}
