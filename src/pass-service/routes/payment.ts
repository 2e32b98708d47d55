/**
 * Payment area: starting a new payment of an unpaid order, the gateway's signed callback and the bank's
 * signed notification of an incoming transfer. The test gateway's own pages are in ../gateway.ts.
 */
import { eq } from "drizzle-orm";
import { BANK_TRANSFER_METHOD_ID, paymentCalls, SIGNATURE_HEADER } from "../../contract/payment.ts";
import type { ServiceDeps } from "../app.ts";
import { orders } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable } from "../http.ts";
import { runIdempotent } from "../services/idempotency.ts";
import { orderOut } from "../services/order-views.ts";
import { fillReturnUrl, findOrder, OPEN_STATUSES, offeredMethod, startPayment } from "../services/orders.ts";
import { applyBankTransfer, applyCallback, verifySignature } from "../services/payments.ts";
import { checkReturnUrl } from "./order.ts";

/** Registers the calls of the payment area. */
export function registerPaymentRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(paymentCalls.start, async ({ body, idempotencyKey, locale }) => {
    checkReturnUrl(deps, body.returnUrl);
    const now = deps.clock.now();
    const order = await findOrder(db, body.orderId, now);
    if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) {
      throw new ServiceError(
        409,
        "ORDER_CLOSED",
        `This order is ${order.status}; it cannot be paid any more`,
        {
          field: "orderId",
        },
      );
    }
    const method = await offeredMethod(
      db,
      order.eventId,
      body.paymentMethodId,
      deps.settings.paymentProviders,
    );
    const transfer = body.paymentMethodId === BANK_TRANSFER_METHOD_ID;
    await runIdempotent(db, "payment.start", idempotencyKey, body, now, async (tx) => {
      // The fee is the new method's: the order's value and amount follow it.
      const goods = order.value - order.feeAmount;
      const feeAmount = goods > 0 ? (method.feeAmount ?? 0) : 0;
      const amount = order.amount - order.feeAmount + feeAmount;
      await tx
        .update(orders)
        .set({ value: goods + feeAmount, amount, feeAmount })
        .where(eq(orders.orderId, order.orderId));
      await startPayment(
        tx,
        order.orderId,
        body.paymentMethodId,
        amount,
        order.currencyId,
        fillReturnUrl(body.returnUrl, order.orderId),
        now,
      );
      if (transfer) {
        // A transfer takes days: the order keeps its units until the transfer's due date.
        const due = new Date(now.getTime() + deps.settings.bankTransferDays * 86_400_000);
        await tx.update(orders).set({ expiresAt: due }).where(eq(orders.orderId, order.orderId));
      }
      return order.orderId;
    });
    return {
      order: await orderOut(db, await findOrder(db, order.orderId, now), locale, deps.settings.publicUrl),
    };
  });

  table.serve(paymentCalls.callback, async ({ body, c }) => {
    verifySignature(await c.req.text(), c.req.header(SIGNATURE_HEADER), deps.settings.paymentSecret);
    return applyCallback(db, body, deps.clock.now());
  });

  table.serve(paymentCalls.bankNotification, async ({ body, c }) => {
    verifySignature(await c.req.text(), c.req.header(SIGNATURE_HEADER), deps.settings.paymentSecret);
    return applyBankTransfer(db, body, deps.clock.now());
  });
}
