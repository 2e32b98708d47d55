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

/** Calls of the order area. */
export const orderCalls = {
  byId: defineCall({
    id: "order.byId",
    area: "order",
    method: "GET",
    path: "/api/order-by-id",
    query: orderQuery,
    response: orderAnswer,
    secure: false,
    summary: "An order by id",
  }),
  check: defineCall({
    id: "order.check",
    area: "order",
    method: "GET",
    path: "/api/order-check",
    query: orderQuery,
    response: ok({ orderStatus: OrderStatusInfo }),
    secure: false,
    summary: "Where an order stands (polled by the order page until final)",
  }),
  receipts: defineCall({
    id: "order.receipts",
    area: "order",
    method: "GET",
    path: "/api/order-receipts",
    query: orderQuery,
    response: receiptsAnswer,
    secure: false,
    summary: "Receipts of an order",
  }),
  receiptsV2: defineCall({
    id: "order.receiptsV2",
    area: "order",
    method: "GET",
    path: "/api/order-receipts-v2",
    query: orderQuery,
    response: receiptsAnswer,
    secure: false,
    summary: "Receipts of an order and of its extra orders",
  }),
  extraReceipts: defineCall({
    id: "order.extraReceipts",
    area: "order",
    method: "GET",
    path: "/api/extra-order-receipts",
    query: orderQuery,
    response: receiptsAnswer,
    secure: false,
    summary: "Receipts of the extra orders bought onto an order",
  }),
  tickets: defineCall({
    id: "order.tickets",
    area: "order",
    method: "GET",
    path: "/api/order-tickets",
    query: orderQuery,
    response: ok({ tickets: z.array(Ticket) }),
    secure: false,
    summary: "Tickets issued for an order (empty until paid)",
  }),
  vouchers: defineCall({
    id: "order.vouchers",
    area: "order",
    method: "GET",
    path: "/api/order-vouchers",
    query: orderQuery,
    response: ok({ vouchers: z.array(Voucher) }),
    secure: false,
    summary: "Vouchers issued for an order",
  }),
  content: defineCall({
    id: "order.content",
    area: "order",
    method: "GET",
    path: "/api/order-content",
    query: orderQuery,
    response: ok({ contents: OrderContents }),
    secure: false,
    summary: "Issued contents of an order",
  }),
  bankTransaction: defineCall({
    id: "order.bankTransaction",
    area: "order",
    method: "GET",
    path: "/api/bank-transaction",
    query: orderQuery,
    response: ok({ bankTransaction: z.nullable(BankTransaction) }),
    secure: false,
    summary: "The bank transfer of an order, or null when not paid by transfer",
  }),
  downloadTicket: defineCall({
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
  }),
  receiptPdf: defineCall({
    id: "order.receiptPdf",
    area: "order",
    method: "GET",
    path: "/api/order-receipt-pdf",
    query: orderQuery,
    response: z.any(),
    produces: "application/pdf",
    secure: false,
    summary: "The receipt of a paid order as a PDF, in the order's language",
  }),
  cancel: defineCall({
    id: "order.cancel",
    area: "order",
    method: "POST",
    path: "/api/order-cancel",
    query: orderQuery,
    response: ok({ orderStatus: OrderStatusInfo }),
    secure: false,
    summary: "Cancels an unpaid order and releases what it holds (repeating is harmless)",
  }),
  create: defineCall({
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
  }),
  createV2: defineCall({
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
  }),
  createExtra: defineCall({
    id: "order.createExtra",
    area: "order",
    method: "POST",
    path: "/api/order-create-extra",
    body: OrderCreateExtraBody,
    response: orderAnswer,
    secure: true,
    idempotent: true,
    summary: "Buys extra products onto an earlier order of the account",
  }),
  createCredit: defineCall({
    id: "order.createCredit",
    area: "order",
    method: "POST",
    path: "/api/order-create-credit",
    body: OrderCreateCreditBody,
    response: orderAnswer,
    secure: true,
    idempotent: true,
    summary: "Buys credit for a chip of the account",
  }),
  createCreditFromCode: defineCall({
    id: "order.createCreditFromCode",
    area: "order",
    method: "POST",
    path: "/api/order-create-credit-from-code",
    body: OrderCreateCreditFromCodeBody,
    response: orderAnswer,
    secure: false,
    idempotent: true,
    summary: "Buys credit for a chip named by its printed code",
  }),
} as const;
