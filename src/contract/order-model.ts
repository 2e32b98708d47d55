/**
 * An order as the service answers it (spec §7 order area): its status, ticket and chip lines, discounts,
 * payment and tracking context, plus the account's order list line and the polled status.
 *
 * Amounts of an order (minor units of `currencyId`): `value` is the order total the buyer owes (contents
 * minus discounts plus fees), `amount` is the part charged through the payment method (value minus credit
 * or vouchers applied), `paidAmount` is what has been received so far.
 *
 * Lifecycle: created → pendingPayment → paid | canceled | expired.
 */
import { z } from "zod/mini";
import type { DiscountBasis as DiscountBasisOf } from "../lib/pricing/discount-basis.ts";
import {
  BillingInfo,
  Buyer,
  CurrencyId,
  EventRef,
  enumId,
  Href,
  IsoDate,
  IsoDateTime,
  int32,
  LocaleCode,
  MinorUnits,
  Slug,
  Uuid,
} from "./common.ts";
import { ExtraProductLine, SeatRef, TicketTypeRef } from "./ticket.ts";

/** Status of an order. */
export const OrderStatus = z.enum(["created", "pendingPayment", "paid", "canceled", "expired"]);

/** Status of an order. */
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Tickets of one type in an order (spec §3 tickets: each has a ticketType). */
export const OrderTicketLine = z.object({
  ticketType: TicketTypeRef,
  count: int32().check(z.positive()),
  price: MinorUnits.check(z.meta({ description: "Unit price after ticket-type discounts" })),
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
  chipId: z.nullable(z.string()).check(z.meta({ description: "Chip to load; null for a credit voucher" })),
});

/** Chip credit bought in an order. */
export type OrderChipLine = z.infer<typeof OrderChipLine>;

/** Event data the trackers send with an order (spec §3 trackingContext). */
export const TrackingContext = z.object({
  eventName: z.string(),
  eventLocation: z.string().check(z.meta({ description: "City of the venue" })),
  eventPlace: z.string().check(z.meta({ description: "Name of the venue" })),
  eventGroups: z.array(z.object({ namePub: z.string() })),
});

/** Event data the trackers send with an order. */
export type TrackingContext = z.infer<typeof TrackingContext>;

/** What a buyer needs to pay by bank transfer (Czech SPAYD QR included). */
export const BankTransferDetails = z.object({
  accountNumber: z.string().check(z.meta({ example: "2900123456/2010" })),
  iban: z.string(),
  bic: z.string(),
  variableSymbol: z.string().check(z.regex(/^\d{1,10}$/)),
  amount: MinorUnits,
  currencyId: CurrencyId,
  dueDate: IsoDate,
  message: z.string(),
  qrUrl: Href.check(
    z.meta({ description: "SPAYD QR image, `/order/{orderId}/spayd-qr` of the root service" }),
  ),
});

/** What a buyer needs to pay by bank transfer. */
export type BankTransferDetails = z.infer<typeof BankTransferDetails>;

/** Where the latest payment attempt of an order stands; `none` before one is started (or for a free order). */
export const PaymentStatus = z.enum(["none", "pending", "approved", "declined"]);

/** Where the latest payment attempt of an order stands. */
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** How an order is being paid: a gateway page to redirect to, or bank transfer details. */
export const OrderPayment = z.object({
  paymentMethodId: z.nullable(enumId("paymentMethod")),
  status: PaymentStatus,
  declineReason: z.nullable(z.string()).check(z.meta({ description: "Why the latest attempt was declined" })),
  redirectUrl: z.nullable(Href).check(
    z.meta({
      description: "Payment gateway page; null when nothing to redirect to",
    }),
  ),
  bankTransfer: z.nullable(BankTransferDetails),
});

/** How a discount counts (lib/pricing/discount-basis.ts): per ticket, once per order, or whole tickets. */
const DiscountBasis: z.ZodMiniType<DiscountBasisOf> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("percent"), percent: z.number() }),
  z.object({ kind: z.literal("fixed"), amount: MinorUnits }),
  z.object({ kind: z.literal("tickets"), count: int32() }),
]);

/** A discount applied to an order. */
export const OrderDiscount = z.object({
  source: z.enum(["coupon", "supercoupon", "discountCode"]),
  code: z.string(),
  amount: MinorUnits.check(z.meta({ description: "Subtracted from the order, minor units" })),
  basis: z.nullable(DiscountBasis).check(
    z.meta({
      description:
        "How it counts: `percent` off each ticket it covers, a `fixed` amount once per order, or `tickets` a supercoupon paid for; null when not recorded",
    }),
  ),
});

/** An order with everything the order page and the trackers need. */
export const Order = z.object({
  orderId: Uuid,
  orderNumber: int32().check(z.positive()),
  parentOrderId: z
    .nullable(Uuid)
    .check(z.meta({ description: "Set for an extra order bought onto an earlier order" })),
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
  paymentMethodId: z.nullable(enumId("paymentMethod")),
  created: IsoDateTime,
  paid: z.nullable(IsoDateTime),
  canceled: z.nullable(IsoDateTime),
  expiresAt: z.nullable(IsoDateTime).check(z.meta({ description: "Unpaid orders expire then" })),
  accountId: z.nullable(Uuid),
  buyer: Buyer,
  billingInfo: z.nullable(BillingInfo),
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
  orderNumber: int32().check(z.positive()),
  status: OrderStatus,
  value: MinorUnits,
  currencyId: CurrencyId,
  created: IsoDateTime,
  paid: z.nullable(IsoDateTime),
  canceled: z.nullable(IsoDateTime),
  ticketCount: int32().check(z.nonnegative()),
  event: EventRef,
});

/** A line of the account's order list. */
export type OrderSummary = z.infer<typeof OrderSummary>;

/** Where an order stands; `final` is true for paid, canceled and expired (polling stops). */
export const OrderStatusInfo = z.object({
  orderId: Uuid,
  orderNumber: int32().check(z.positive()),
  status: OrderStatus,
  final: z.boolean(),
  value: MinorUnits,
  paidAmount: MinorUnits,
  currencyId: CurrencyId,
  paid: z.nullable(IsoDateTime),
  canceled: z.nullable(IsoDateTime),
  expiresAt: z.nullable(IsoDateTime),
  redirectUrl: z.nullable(Href),
  paymentMethodId: z.nullable(enumId("paymentMethod")),
  paymentStatus: PaymentStatus,
  updatedAt: IsoDateTime,
});

/** Where an order stands. */
export type OrderStatusInfo = z.infer<typeof OrderStatusInfo>;
