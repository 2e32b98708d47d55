/**
 * Order area of spec §7: creating orders (idempotent), chip credit from a printed chip code, checking,
 * cancelling and reading orders, their tickets, vouchers, receipts, bank transfer, the tickets' PDF and the
 * receipt's PDF.
 */
import { orderCalls } from "../../contract/order.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable, ServiceLocale } from "../http.ts";
import { checkReturnUrl } from "../return-url.ts";
import { runIdempotent } from "../services/idempotency.ts";
import {
  bankTransactionOut,
  contentsOut,
  orderOut,
  orderStatusOut,
  vouchersOut,
} from "../services/order-views.ts";
import { type CreateBody, createOrder, orderContextOf } from "../services/orders/create.ts";
import { type CreditFromCodeRequest, creditFromChipCode } from "../services/orders/from-codes.ts";
import { cancelOrder, expireDueOrders, findOrder } from "../services/orders/lifecycle.ts";
import { paidReceiptPdf, receiptOrders, receiptsOut } from "../services/receipts.ts";
import { paidTicketsPdf, ticketsOut } from "../services/tickets.ts";

/**
 * Creates chip credit for a printed chip code (order.createCreditFromCode and v2.orderCreditFromCode) and
 * answers the order.
 */
export async function serveCreditFromCode(
  deps: ServiceDeps,
  callId: string,
  input: { body: CreditFromCodeRequest; idempotencyKey: string | undefined; locale: ServiceLocale },
) {
  const { db } = deps.database;
  checkReturnUrl(deps.settings, input.body.returnUrl);
  const now = deps.clock.now();
  const context = orderContextOf(deps.settings, now, input.locale);
  const orderId = await creditFromChipCode(db, callId, input.body, input.idempotencyKey, context);
  const order = await findOrder(db, orderId, deps.clock.now());
  return { order: await orderOut(db, order, input.locale, deps.settings.publicUrl) };
}

/** Registers the calls of the order area. */
export function registerOrderRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const publicUrl = () => deps.settings.publicUrl;
  const order = (orderId: string) => findOrder(db, orderId, deps.clock.now());

  const create = async (callId: string, body: CreateBody, key: string | undefined, locale: ServiceLocale) => {
    checkReturnUrl(deps.settings, body.returnUrl);
    const now = deps.clock.now();
    // Units of orders whose time is up are given back before this order counts what is left.
    await expireDueOrders(db, now);
    const context = orderContextOf(deps.settings, now, locale);
    const orderId = await runIdempotent(db, callId, key, body, now, (tx) => createOrder(tx, body, context));
    return { order: await orderOut(db, await order(orderId), locale, publicUrl()) };
  };

  table.serve(orderCalls.create, ({ body, idempotencyKey, locale }) =>
    create("order.create", body, idempotencyKey, locale),
  );
  table.serve(orderCalls.createV2, ({ body, idempotencyKey, locale }) =>
    create("order.createV2", body, idempotencyKey, locale),
  );
  table.serve(orderCalls.createCreditFromCode, (input) =>
    serveCreditFromCode(deps, "order.createCreditFromCode", input),
  );

  table.serve(orderCalls.byId, async ({ query, locale }) => ({
    order: await orderOut(db, await order(query.orderId), locale, publicUrl()),
  }));
  table.serve(orderCalls.check, async ({ query }) => ({
    orderStatus: await orderStatusOut(db, await order(query.orderId), publicUrl()),
  }));
  table.serve(orderCalls.content, async ({ query, locale }) => ({
    contents: await contentsOut(db, await order(query.orderId), locale, publicUrl()),
  }));
  table.serve(orderCalls.tickets, async ({ query, locale }) => {
    await order(query.orderId);
    return { tickets: await ticketsOut(db, { orderId: query.orderId }, locale) };
  });
  table.serve(orderCalls.vouchers, async ({ query, locale }) => ({
    vouchers: await vouchersOut(db, await order(query.orderId), locale),
  }));
  table.serve(orderCalls.bankTransaction, async ({ query }) => ({
    bankTransaction: await bankTransactionOut(db, await order(query.orderId)),
  }));

  table.serve(orderCalls.cancel, async ({ query }) => {
    const canceled = await cancelOrder(db, query.orderId, deps.clock.now());
    return { orderStatus: await orderStatusOut(db, canceled, publicUrl()) };
  });

  const receipts = async (orderId: string, which: "own" | "extra" | "all", locale: ServiceLocale) => ({
    receipts: await receiptsOut(
      db,
      await receiptOrders(db, orderId, which, deps.clock.now()),
      locale,
      publicUrl(),
    ),
  });
  table.serve(orderCalls.receipts, ({ query, locale }) => receipts(query.orderId, "own", locale));
  table.serve(orderCalls.receiptsV2, ({ query, locale }) => receipts(query.orderId, "all", locale));
  table.serve(orderCalls.extraReceipts, ({ query, locale }) => receipts(query.orderId, "extra", locale));

  table.serve(orderCalls.downloadTicket, async ({ query, c }) => {
    const paid = await order(query.orderId);
    const pdf = await paidTicketsPdf(db, paid, query.ticketId);
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="tickets-${paid.orderNumber}.pdf"`,
      "cache-control": "private, no-store",
    });
  });

  table.serve(orderCalls.receiptPdf, async ({ query, c }) => {
    const paid = await order(query.orderId);
    const pdf = await paidReceiptPdf(db, paid, publicUrl());
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="receipt-${paid.orderNumber}.pdf"`,
      "cache-control": "private, no-store",
    });
  });
}
