/**
 * Order area of spec §7: creating, checking, cancelling and reading orders, their tickets, vouchers,
 * receipts and bank transfer. Creation calls take an `Idempotency-Key` header: a repeated request with the
 * same key answers the same order.
 *
 * This module holds the call table and re-exports the area's schemas: the order as answered, with its
 * amounts and lifecycle (`order-model.ts`), what it issues (`order-issued.ts`) and the creation bodies
 * (`order-create.ts`).
 */
import { z } from "zod/mini";
import { ok, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";
import {
  OrderCreateBody,
  OrderCreateCreditBody,
  OrderCreateCreditFromCodeBody,
  OrderCreateExtraBody,
  OrderCreateV2Body,
} from "./order-create.ts";
import { BankTransaction, OrderContents, Voucher } from "./order-issued.ts";
import { Order, OrderStatusInfo } from "./order-model.ts";
import { Receipt } from "./receipt.ts";
import { Ticket } from "./ticket.ts";

export * from "./order-create.ts";
export * from "./order-issued.ts";
export * from "./order-model.ts";

const orderQuery = z.object({ orderId: Uuid });
const orderAnswer = ok({ order: Order });
const receiptsAnswer = ok({ receipts: z.array(Receipt) });

/** `order.byId`: An order by id. */
export const orderById = defineCall({
  id: "order.byId",
  area: "order",
  method: "GET",
  path: "/api/order-by-id",
  query: orderQuery,
  response: orderAnswer,
  secure: false,
  summary: "An order by id",
});

/** `order.check`: Where an order stands (polled by the order page until final). */
export const orderCheck = defineCall({
  id: "order.check",
  area: "order",
  method: "GET",
  path: "/api/order-check",
  query: orderQuery,
  response: ok({ orderStatus: OrderStatusInfo }),
  secure: false,
  summary: "Where an order stands (polled by the order page until final)",
});

/** `order.receipts`: Receipts of an order. */
export const orderReceipts = defineCall({
  id: "order.receipts",
  area: "order",
  method: "GET",
  path: "/api/order-receipts",
  query: orderQuery,
  response: receiptsAnswer,
  secure: false,
  summary: "Receipts of an order",
});

/** `order.receiptsV2`: Receipts of an order and of its extra orders. */
export const orderReceiptsV2 = defineCall({
  id: "order.receiptsV2",
  area: "order",
  method: "GET",
  path: "/api/order-receipts-v2",
  query: orderQuery,
  response: receiptsAnswer,
  secure: false,
  summary: "Receipts of an order and of its extra orders",
});

/** `order.extraReceipts`: Receipts of the extra orders bought onto an order. */
export const orderExtraReceipts = defineCall({
  id: "order.extraReceipts",
  area: "order",
  method: "GET",
  path: "/api/extra-order-receipts",
  query: orderQuery,
  response: receiptsAnswer,
  secure: false,
  summary: "Receipts of the extra orders bought onto an order",
});

/** `order.tickets`: Tickets issued for an order (empty until paid). */
export const orderTickets = defineCall({
  id: "order.tickets",
  area: "order",
  method: "GET",
  path: "/api/order-tickets",
  query: orderQuery,
  response: ok({ tickets: z.array(Ticket) }),
  secure: false,
  summary: "Tickets issued for an order (empty until paid)",
});

/** `order.vouchers`: Vouchers issued for an order. */
export const orderVouchers = defineCall({
  id: "order.vouchers",
  area: "order",
  method: "GET",
  path: "/api/order-vouchers",
  query: orderQuery,
  response: ok({ vouchers: z.array(Voucher) }),
  secure: false,
  summary: "Vouchers issued for an order",
});

/** `order.content`: Issued contents of an order. */
export const orderContent = defineCall({
  id: "order.content",
  area: "order",
  method: "GET",
  path: "/api/order-content",
  query: orderQuery,
  response: ok({ contents: OrderContents }),
  secure: false,
  summary: "Issued contents of an order",
});

/** `order.bankTransaction`: The bank transfer of an order, or null when not paid by transfer. */
export const orderBankTransaction = defineCall({
  id: "order.bankTransaction",
  area: "order",
  method: "GET",
  path: "/api/bank-transaction",
  query: orderQuery,
  response: ok({ bankTransaction: z.nullable(BankTransaction) }),
  secure: false,
  summary: "The bank transfer of an order, or null when not paid by transfer",
});

/** `order.downloadTicket`: Tickets of a paid order as a PDF. */
export const orderDownloadTicket = defineCall({
  id: "order.downloadTicket",
  area: "order",
  method: "GET",
  path: "/api/order-download-ticket",
  query: z.object({
    orderId: Uuid,
    ticketId: z.optional(Uuid).check(z.meta({ description: "One ticket; all when absent" })),
  }),
  response: z.any(),
  produces: "application/pdf",
  secure: false,
  summary: "Tickets of a paid order as a PDF",
});

/** `order.receiptPdf`: The receipt of a paid order as a PDF, in the order's language. */
export const orderReceiptPdf = defineCall({
  id: "order.receiptPdf",
  area: "order",
  method: "GET",
  path: "/api/order-receipt-pdf",
  query: orderQuery,
  response: z.any(),
  produces: "application/pdf",
  secure: false,
  summary: "The receipt of a paid order as a PDF, in the order's language",
});

/** `order.cancel`: Cancels an unpaid order and releases what it holds (repeating is harmless). */
export const orderCancel = defineCall({
  id: "order.cancel",
  area: "order",
  method: "POST",
  path: "/api/order-cancel",
  query: orderQuery,
  response: ok({ orderStatus: OrderStatusInfo }),
  secure: false,
  summary: "Cancels an unpaid order and releases what it holds (repeating is harmless)",
});

/** `order.create`: Creates an order of tickets, extra products and chip credit. */
export const orderCreate = defineCall({
  id: "order.create",
  area: "order",
  method: "POST",
  path: "/api/order-create",
  body: OrderCreateBody,
  response: orderAnswer,
  secure: false,
  withToken: true,
  idempotent: true,
  summary: "Creates an order of tickets, extra products and chip credit",
});

/** `order.createV2`: Creates an order, seats included. */
export const orderCreateV2 = defineCall({
  id: "order.createV2",
  area: "order",
  method: "POST",
  path: "/api/order-create-v2",
  body: OrderCreateV2Body,
  response: orderAnswer,
  secure: false,
  withToken: true,
  idempotent: true,
  summary: "Creates an order, seats included",
});

/** `order.createExtra`: Buys extra products onto an earlier order of the account. */
export const orderCreateExtra = defineCall({
  id: "order.createExtra",
  area: "order",
  method: "POST",
  path: "/api/order-create-extra",
  body: OrderCreateExtraBody,
  response: orderAnswer,
  secure: true,
  idempotent: true,
  summary: "Buys extra products onto an earlier order of the account",
});

/** `order.createCredit`: Buys credit for a chip of the account. */
export const orderCreateCredit = defineCall({
  id: "order.createCredit",
  area: "order",
  method: "POST",
  path: "/api/order-create-credit",
  body: OrderCreateCreditBody,
  response: orderAnswer,
  secure: true,
  idempotent: true,
  summary: "Buys credit for a chip of the account",
});

/** `order.createCreditFromCode`: Buys credit for a chip named by its printed code. */
export const orderCreateCreditFromCode = defineCall({
  id: "order.createCreditFromCode",
  area: "order",
  method: "POST",
  path: "/api/order-create-credit-from-code",
  body: OrderCreateCreditFromCodeBody,
  response: orderAnswer,
  secure: false,
  idempotent: true,
  summary: "Buys credit for a chip named by its printed code",
});

/** Calls of the order area. */
export const orderCalls = {
  byId: orderById,
  check: orderCheck,
  receipts: orderReceipts,
  receiptsV2: orderReceiptsV2,
  extraReceipts: orderExtraReceipts,
  tickets: orderTickets,
  vouchers: orderVouchers,
  content: orderContent,
  bankTransaction: orderBankTransaction,
  downloadTicket: orderDownloadTicket,
  receiptPdf: orderReceiptPdf,
  cancel: orderCancel,
  create: orderCreate,
  createV2: orderCreateV2,
  createExtra: orderCreateExtra,
  createCredit: orderCreateCredit,
  createCreditFromCode: orderCreateCreditFromCode,
} as const;
