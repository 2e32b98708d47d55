/**
 * Order area of spec §7: creating, checking, cancelling and reading orders, their tickets, vouchers,
 * receipts and bank transfer.
 *
 * Amounts of an order (minor units of `currencyId`): `value` is the order total the buyer owes (contents
 * minus discounts plus fees), `amount` is the part charged through the payment method (value minus credit
 * or vouchers applied), `paidAmount` is what has been received so far.
 *
 * Lifecycle: created → pendingPayment → paid | canceled | expired. Creation calls take an
 * `Idempotency-Key` header: a repeated request with the same key answers the same order.
 */
import { z } from "zod";
import {
  BillingInfo,
  Buyer,
  CodeText,
  Count,
  CurrencyId,
  Email,
  EventRef,
  enumId,
  Href,
  IsoDate,
  IsoDateTime,
  int32,
  LocaleCode,
  MinorUnits,
  ok,
  ReturnUrl,
  Slug,
  Text,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { Receipt } from "./receipt.ts";
import { ExtraProductLine, SeatRef, Ticket, TicketTypeCount, TicketTypeRef } from "./ticket.ts";

/** Status of an order. */
export const OrderStatus = z.enum(["created", "pendingPayment", "paid", "canceled", "expired"]);

/** Status of an order. */
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Statuses after which an order never changes. */
export const FINAL_ORDER_STATUSES = ["paid", "canceled", "expired"] as const satisfies readonly OrderStatus[];

/** Tickets of one type in an order (spec §3 tickets: each has a ticketType). */
export const OrderTicketLine = z.object({
  ticketType: TicketTypeRef,
  count: int32().positive(),
  price: MinorUnits.meta({ description: "Unit price after ticket-type discounts" }),
  seats: z.array(SeatRef),
});

/** Tickets of one type in an order. */
export type OrderTicketLine = z.infer<typeof OrderTicketLine>;

/** Chip credit bought in an order (spec §3 chips: productItemId, amount). */
export const OrderChipLine = z.object({
  productItemId: Uuid,
  amount: MinorUnits,
  name: z.string(),
  price: MinorUnits,
  chipId: z.string().nullable().meta({ description: "Chip to load; null for a credit voucher" }),
});

/** Chip credit bought in an order. */
export type OrderChipLine = z.infer<typeof OrderChipLine>;

/** Event data the trackers send with an order (spec §3 trackingContext). */
export const TrackingContext = z.object({
  eventName: z.string(),
  eventLocation: z.string().meta({ description: "City of the venue" }),
  eventPlace: z.string().meta({ description: "Name of the venue" }),
  eventGroups: z.array(z.object({ namePub: z.string() })),
});

/** Event data the trackers send with an order. */
export type TrackingContext = z.infer<typeof TrackingContext>;

/** What a buyer needs to pay by bank transfer (Czech SPAYD QR included). */
export const BankTransferDetails = z.object({
  accountNumber: z.string().meta({ example: "2900123456/2010" }),
  iban: z.string(),
  bic: z.string(),
  variableSymbol: z.string().regex(/^\d{1,10}$/),
  amount: MinorUnits,
  currencyId: CurrencyId,
  dueDate: IsoDate,
  message: z.string(),
  qrUrl: Href.meta({ description: "SPAYD QR image, `/order/{orderId}/spayd-qr` of the root service" }),
});

/** What a buyer needs to pay by bank transfer. */
export type BankTransferDetails = z.infer<typeof BankTransferDetails>;

/** Where the latest payment attempt of an order stands; `none` before one is started (or for a free order). */
export const PaymentStatus = z.enum(["none", "pending", "approved", "declined"]);

/** Where the latest payment attempt of an order stands. */
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** How an order is being paid: a gateway page to redirect to, or bank transfer details. */
export const OrderPayment = z.object({
  paymentMethodId: enumId("paymentMethod").nullable(),
  status: PaymentStatus,
  declineReason: z.string().nullable().meta({ description: "Why the latest attempt was declined" }),
  redirectUrl: Href.nullable().meta({
    description: "Payment gateway page; null when nothing to redirect to",
  }),
  bankTransfer: BankTransferDetails.nullable(),
});

/** A discount applied to an order. */
export const OrderDiscount = z.object({
  source: z.enum(["coupon", "supercoupon", "discountCode"]),
  code: z.string(),
  amount: MinorUnits.meta({ description: "Subtracted from the order, minor units" }),
});

/** An order with everything the order page and the trackers need. */
export const Order = z.object({
  orderId: Uuid,
  orderNumber: int32().positive(),
  parentOrderId: Uuid.nullable().meta({ description: "Set for an extra order bought onto an earlier order" }),
  eventId: Uuid,
  organizerSlug: Slug,
  eventSlug: Slug,
  status: OrderStatus,
  language: LocaleCode,
  value: MinorUnits,
  amount: MinorUnits,
  paidAmount: MinorUnits,
  feeAmount: MinorUnits,
  currencyId: CurrencyId,
  paymentMethodId: enumId("paymentMethod").nullable(),
  created: IsoDateTime,
  paid: IsoDateTime.nullable(),
  canceled: IsoDateTime.nullable(),
  expiresAt: IsoDateTime.nullable().meta({ description: "Unpaid orders expire then" }),
  accountId: Uuid.nullable(),
  buyer: Buyer,
  billingInfo: BillingInfo.nullable(),
  tickets: z.array(OrderTicketLine),
  chips: z.array(OrderChipLine),
  extraProducts: z.array(ExtraProductLine),
  discounts: z.array(OrderDiscount),
  trackingContext: TrackingContext,
  payment: OrderPayment,
});

/** An order. */
export type Order = z.infer<typeof Order>;

/** A line of the account's order list. */
export const OrderSummary = z.object({
  orderId: Uuid,
  orderNumber: int32().positive(),
  status: OrderStatus,
  value: MinorUnits,
  currencyId: CurrencyId,
  created: IsoDateTime,
  paid: IsoDateTime.nullable(),
  canceled: IsoDateTime.nullable(),
  ticketCount: int32().nonnegative(),
  event: EventRef,
});

/** A line of the account's order list. */
export type OrderSummary = z.infer<typeof OrderSummary>;

/** Where an order stands; `final` is true for paid, canceled and expired (polling stops). */
export const OrderStatusInfo = z.object({
  orderId: Uuid,
  orderNumber: int32().positive(),
  status: OrderStatus,
  final: z.boolean(),
  value: MinorUnits,
  paidAmount: MinorUnits,
  currencyId: CurrencyId,
  paid: IsoDateTime.nullable(),
  canceled: IsoDateTime.nullable(),
  expiresAt: IsoDateTime.nullable(),
  redirectUrl: Href.nullable(),
  paymentMethodId: enumId("paymentMethod").nullable(),
  paymentStatus: PaymentStatus,
  updatedAt: IsoDateTime,
});

/** Where an order stands. */
export type OrderStatusInfo = z.infer<typeof OrderStatusInfo>;

/** A voucher bought in an order: chip credit or a ticket, redeemable by its code. */
export const Voucher = z.object({
  voucherId: Uuid,
  orderId: Uuid,
  code: z.string(),
  qrCode: z.string(),
  kind: z.enum(["chipCredit", "ticket"]),
  name: z.string(),
  amount: MinorUnits.meta({ description: "Credit value (chipCredit) or ticket price, minor units" }),
  currencyId: CurrencyId,
  validTo: IsoDateTime.nullable(),
  redeemed: z.boolean(),
  redeemedAt: IsoDateTime.nullable(),
});

/** A voucher bought in an order. */
export type Voucher = z.infer<typeof Voucher>;

/** What an order holds once issued: tickets, extra products, chip credit and vouchers. */
export const OrderContents = z.object({
  orderId: Uuid,
  status: OrderStatus,
  tickets: z.array(Ticket),
  extraProducts: z.array(ExtraProductLine),
  chips: z.array(OrderChipLine),
  vouchers: z.array(Voucher),
});

/** What an order holds once issued. */
export type OrderContents = z.infer<typeof OrderContents>;

/** The bank transfer expected for an order and what has arrived. */
export const BankTransaction = z.object({
  orderId: Uuid,
  variableSymbol: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  bic: z.string(),
  expectedAmount: MinorUnits,
  receivedAmount: MinorUnits,
  currencyId: CurrencyId,
  dueDate: IsoDate,
  received: z.boolean(),
  receivedAt: IsoDateTime.nullable(),
});

/** The bank transfer of an order. */
export type BankTransaction = z.infer<typeof BankTransaction>;

/** An extra product to buy: product, optional variant value, count. */
export const OrderExtraItem = z.object({
  ticketProductId: Uuid,
  variantValueId: Uuid.optional(),
  count: Count,
});

/** Chip credit to buy: a top-up product and the credit amount. */
export const OrderChipItem = z.object({
  productItemId: Uuid,
  amount: MinorUnits.positive().meta({ description: "Credit in minor units" }),
});

const orderCreateShape = {
  eventId: Uuid,
  reservationId: Uuid.optional().meta({ description: "Hold whose tickets (and seats) the order takes over" }),
  items: z
    .array(TicketTypeCount)
    .max(50)
    .default([])
    .meta({ description: "Standing tickets outside a hold" }),
  extraProducts: z.array(OrderExtraItem).max(50).default([]),
  chips: z.array(OrderChipItem).max(20).default([]),
  buyer: Buyer,
  billingInfo: BillingInfo.optional(),
  paymentMethodId: enumId("paymentMethod"),
  couponCode: CodeText.optional(),
  supercouponCode: CodeText.optional(),
  discountCode: CodeText.optional(),
  language: LocaleCode,
  trackingConsent: z.boolean().optional().meta({ description: "Buyer allowed marketing tracking (consent)" }),
  returnUrl: ReturnUrl.optional().meta({
    description: "Where the gateway sends the buyer back; must be on an allowed storefront origin",
  }),
};

interface OrderContentsInput {
  reservationId?: string | undefined;
  items: { ticketTypeId: string }[];
  extraProducts: unknown[];
  chips: unknown[];
  seats?: unknown[];
}

function hasContents(b: OrderContentsInput): boolean {
  return (
    b.reservationId !== undefined ||
    b.items.length > 0 ||
    b.extraProducts.length > 0 ||
    b.chips.length > 0 ||
    (b.seats?.length ?? 0) > 0
  );
}

function distinctTicketTypes(b: OrderContentsInput): boolean {
  return new Set(b.items.map((i) => i.ticketTypeId)).size === b.items.length;
}

const nothingToBuy = { path: ["items"], message: "The order contains nothing: give a reservation or items" };
const repeatedType = { path: ["items"], message: "A ticket type repeats; give it once with its count" };

/** Body of `order.create`. */
export const OrderCreateBody = z
  .object(orderCreateShape)
  .refine(hasContents, nothingToBuy)
  .refine(distinctTicketTypes, repeatedType);

/** Body of `order.create`. */
export type OrderCreateBody = z.input<typeof OrderCreateBody>;

/** A seat to buy in `order.createV2`, optionally as a given ticket type. */
export const OrderSeatItem = z.object({ sectorId: Uuid, seatId: Uuid, ticketTypeId: Uuid.optional() });

/** Body of `order.createV2`: as `order.create`, plus seats to buy. */
export const OrderCreateV2Body = z
  .object({ ...orderCreateShape, seats: z.array(OrderSeatItem).max(50).default([]) })
  .refine(hasContents, nothingToBuy)
  .refine(distinctTicketTypes, repeatedType)
  .refine((b) => new Set(b.seats.map((s) => s.seatId)).size === b.seats.length, {
    path: ["seats"],
    message: "A seat repeats",
  });

/** Body of `order.createV2`. */
export type OrderCreateV2Body = z.input<typeof OrderCreateV2Body>;

/** Body of `order.createExtra`: extra products (and chip credit) bought onto an earlier order. */
export const OrderCreateExtraBody = z
  .object({
    orderId: Uuid,
    extraProducts: z.array(OrderExtraItem).max(50).default([]),
    chips: z.array(OrderChipItem).max(20).default([]),
    paymentMethodId: enumId("paymentMethod"),
    language: LocaleCode,
    returnUrl: ReturnUrl.optional(),
  })
  .refine((b) => b.extraProducts.length + b.chips.length > 0, {
    path: ["extraProducts"],
    message: "The order contains nothing",
  });

/** Body of `order.createCredit`: credit for a chip of the account. */
export const OrderCreateCreditBody = z.object({
  eventId: Uuid,
  chipId: Text.min(1).max(64),
  productItemId: Uuid.optional().meta({ description: "A preset top-up product; free amount when absent" }),
  amount: MinorUnits.positive().meta({
    description: "Credit in minor units, within the event's chip credit limit",
  }),
  paymentMethodId: enumId("paymentMethod"),
  language: LocaleCode,
  returnUrl: ReturnUrl.optional(),
});

/** Body of `order.createCreditFromCode` and `v2.orderCreditFromCode`: credit for a chip named by its printed code. */
export const OrderCreateCreditFromCodeBody = z.object({
  eventId: Uuid,
  code: CodeText.meta({ description: "Code printed on the chip or wristband" }),
  productItemId: Uuid.optional(),
  amount: MinorUnits.positive(),
  paymentMethodId: enumId("paymentMethod"),
  email: Email.meta({ description: "Where the receipt goes" }),
  language: LocaleCode,
  returnUrl: ReturnUrl.optional(),
});

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
    response: ok({ bankTransaction: BankTransaction.nullable() }),
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
      ticketId: Uuid.optional().meta({ description: "One ticket; all when absent" }),
    }),
    response: z.any(),
    produces: "application/pdf",
    secure: false,
    summary: "Tickets of a paid order as a PDF",
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
