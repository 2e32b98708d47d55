/**
 * Order area of spec §7: creating orders (idempotent; an account's when made with its bearer token), extra
 * orders and chip credit of an account, chip credit from a printed chip code, checking, cancelling and
 * reading orders, their tickets, vouchers, receipts, bank transfer, the tickets' PDF and the
 * receipt's PDF.
 */
import type { CallDef } from "../../contract/define.ts";
import { orderCalls } from "../../contract/order.ts";
import type { ServiceDeps } from "../deps.ts";
import { accountIdOf, type CallInput, type HandlerTable, type ServiceLocale } from "../http.ts";
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
import { createChipCreditOrder, createExtraOrder } from "../services/orders/for-account.ts";
import { type CreditFromCodeRequest, creditFromChipCode } from "../services/orders/from-codes.ts";
import { cancelOrder, expireDueOrders, findOrder } from "../services/orders/lifecycle.ts";
import { requireTermsAccepted } from "../services/orders/terms.ts";
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

  /** Checks the return URL, gives back the units of orders whose time is up, and answers the context. */
  const prepare = async (returnUrl: string | undefined, locale: ServiceLocale) => {
    checkReturnUrl(deps.settings, returnUrl);
    const now = deps.clock.now();
    // Units of orders whose time is up are given back before this order counts what is left.
    await expireDueOrders(db, now);
    return orderContextOf(deps.settings, now, locale);
  };
  const answer = async (orderId: string, locale: ServiceLocale) => ({
    order: await orderOut(db, await order(orderId), locale, publicUrl()),
  });

  // Public, but made with a valid bearer token the order is the account's (a stale token is a 401).
  const create = async (callId: string, input: Omit<CallInput<CallDef>, "body"> & { body: CreateBody }) => {
    const { body, locale } = input;
    const { account } = input;
    const context = await prepare(body.returnUrl, locale);
    await requireTermsAccepted(db, body.eventId, body);
    // The key is the account's: the same key and body from someone else is a different request.
    const hashed = account ? { ...body, accountId: account.accountId } : body;
    const orderId = await runIdempotent(db, callId, input.idempotencyKey, hashed, context.now, (tx) =>
      createOrder(tx, body, context, account),
    );
    return answer(orderId, locale);
  };

  table.serve(orderCalls.create, (input) => create("order.create", input));
  table.serve(orderCalls.createV2, (input) => create("order.createV2", input));
  table.serve(orderCalls.createExtra, async (input) => {
    const context = await prepare(input.body.returnUrl, input.locale);
    const request = { accountId: accountIdOf(input), idempotencyKey: input.idempotencyKey };
    return answer(await createExtraOrder(db, request, input.body, context), input.locale);
  });
  table.serve(orderCalls.createCredit, async (input) => {
    const context = await prepare(input.body.returnUrl, input.locale);
    const request = { accountId: accountIdOf(input), idempotencyKey: input.idempotencyKey };
    return answer(await createChipCreditOrder(db, request, input.body, context), input.locale);
  });
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
