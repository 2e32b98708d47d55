/**
 * Payment area: starting a new payment of an unpaid order, the gateway's signed callback and the bank's
 * signed notification of an incoming transfer. The test gateway's own pages are in ../gateway.ts.
 */
import { paymentCalls, SIGNATURE_HEADER } from "../../contract/payment.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { checkReturnUrl } from "../return-url.ts";
import { runIdempotent } from "../services/idempotency.ts";
import { orderOut } from "../services/order-views.ts";
import { findOrder } from "../services/orders/lifecycle.ts";
import { startNewPayment } from "../services/orders/payment-start.ts";
import { applyBankTransfer, applyCallback, verifySignature } from "../services/payments.ts";

/** Registers the calls of the payment area. */
export function registerPaymentRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(paymentCalls.start, async ({ body, idempotencyKey, locale }) => {
    checkReturnUrl(deps.settings, body.returnUrl);
    const now = deps.clock.now();
    // An order whose time is up is marked expired first (in its own transaction), so the refusal says so.
    const order = await findOrder(db, body.orderId, now);
    // The check and the change are one transaction on the locked order (see startNewPayment).
    await runIdempotent(db, "payment.start", idempotencyKey, body, now, async (tx) => {
      await startNewPayment(tx, {
        orderId: order.orderId,
        paymentMethodId: body.paymentMethodId,
        returnUrl: body.returnUrl,
        now,
        bankTransferDays: deps.settings.bankTransferDays,
        paymentProviders: deps.settings.paymentProviders,
      });
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
