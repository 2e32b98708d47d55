/**
 * Bodies of the calls that create orders: tickets (and seats), extra products and chip credit, extra orders
 * onto an earlier order, and credit for a chip. Every order must contain something; a ticket type or a seat
 * is given once.
 */
import { z } from "zod/mini";
import { MAX_SEATS_PER_ORDER } from "../lib/order-limits.ts";
import {
  BillingInfo,
  Buyer,
  CodeText,
  Count,
  Email,
  enumId,
  LocaleCode,
  MinorUnits,
  ReturnUrl,
  Text,
  Uuid,
} from "./common.ts";
import { TicketTypeCount } from "./ticket.ts";

/** An extra product to buy: product, optional variant value, count. */
export const OrderExtraItem = z.object({
  ticketProductId: Uuid,
  variantValueId: z.optional(Uuid),
  count: Count,
});

/** Chip credit to buy: a top-up product and the credit amount. */
export const OrderChipItem = z.object({
  productItemId: Uuid,
  amount: MinorUnits.check(z.positive(), z.meta({ description: "Credit in minor units" })),
});

/** The buyer's acceptance of the seller's terms of sale (and of having read the privacy notice), sent with an order. */
const termsAcceptance = {
  termsAccepted: z.optional(z.boolean()).check(
    z.meta({
      description: "The buyer accepted the terms of sale and read the privacy notice; required to be true",
    }),
  ),
  termsVersion: z.optional(Text.check(z.minLength(1), z.maxLength(40))).check(
    z.meta({
      description: "Version of the terms the buyer accepted (the organizer's `termsOfSale.version`)",
    }),
  ),
};

const orderCreateShape = {
  ...termsAcceptance,
  eventId: Uuid,
  reservationId: z
    .optional(Uuid)
    .check(z.meta({ description: "Hold whose tickets (and seats) the order takes over" })),
  items: z
    ._default(z.array(TicketTypeCount).check(z.maxLength(50)), [])
    .check(z.meta({ description: "Standing tickets outside a hold" })),
  extraProducts: z._default(z.array(OrderExtraItem).check(z.maxLength(50)), []),
  chips: z._default(z.array(OrderChipItem).check(z.maxLength(20)), []),
  buyer: Buyer,
  billingInfo: z.optional(BillingInfo),
  paymentMethodId: enumId("paymentMethod"),
  couponCode: z.optional(CodeText),
  supercouponCode: z.optional(CodeText),
  discountCode: z.optional(CodeText),
  language: LocaleCode,
  trackingConsent: z
    .optional(z.boolean())
    .check(z.meta({ description: "Buyer allowed marketing tracking (consent)" })),
  returnUrl: z.optional(ReturnUrl).check(
    z.meta({
      description: "Where the gateway sends the buyer back; must be on an allowed storefront origin",
    }),
  ),
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
  .check(z.refine(hasContents, nothingToBuy), z.refine(distinctTicketTypes, repeatedType));

/** Body of `order.create`. */
export type OrderCreateBody = z.input<typeof OrderCreateBody>;

/** A seat to buy in `order.createV2`, optionally as a given ticket type. */
export const OrderSeatItem = z.object({ sectorId: Uuid, seatId: Uuid, ticketTypeId: z.optional(Uuid) });

/** Body of `order.createV2`: as `order.create`, plus seats to buy. */
export const OrderCreateV2Body = z
  .object({
    ...orderCreateShape,
    seats: z._default(z.array(OrderSeatItem).check(z.maxLength(MAX_SEATS_PER_ORDER)), []),
  })
  .check(
    z.refine(hasContents, nothingToBuy),
    z.refine(distinctTicketTypes, repeatedType),
    z.refine((b) => new Set(b.seats.map((s) => s.seatId)).size === b.seats.length, {
      path: ["seats"],
      message: "A seat repeats",
    }),
  );

/** Body of `order.createV2`. */
export type OrderCreateV2Body = z.input<typeof OrderCreateV2Body>;

/** Body of `order.createExtra`: extra products (and chip credit) bought onto an earlier order. */
export const OrderCreateExtraBody = z
  .object({
    orderId: Uuid,
    ...termsAcceptance,
    extraProducts: z._default(z.array(OrderExtraItem).check(z.maxLength(50)), []),
    chips: z._default(z.array(OrderChipItem).check(z.maxLength(20)), []),
    paymentMethodId: enumId("paymentMethod"),
    language: LocaleCode,
    returnUrl: z.optional(ReturnUrl),
  })
  .check(
    z.refine((b) => b.extraProducts.length + b.chips.length > 0, {
      path: ["extraProducts"],
      message: "The order contains nothing",
    }),
  );

/** Body of `order.createCredit`: credit for a chip of the account. */
export const OrderCreateCreditBody = z.object({
  eventId: Uuid,
  ...termsAcceptance,
  chipId: Text.check(z.minLength(1), z.maxLength(64)),
  productItemId: z
    .optional(Uuid)
    .check(z.meta({ description: "A preset top-up product; free amount when absent" })),
  amount: MinorUnits.check(
    z.positive(),
    z.meta({
      description: "Credit in minor units, within the event's chip credit limit",
    }),
  ),
  paymentMethodId: enumId("paymentMethod"),
  language: LocaleCode,
  returnUrl: z.optional(ReturnUrl),
});

/** Body of `order.createCreditFromCode` and `v2.orderCreditFromCode`: credit for a chip named by its printed code. */
export const OrderCreateCreditFromCodeBody = z.object({
  eventId: Uuid,
  code: CodeText.check(z.meta({ description: "Code printed on the chip or wristband" })),
  productItemId: z.optional(Uuid),
  amount: MinorUnits.check(z.positive()),
  paymentMethodId: enumId("paymentMethod"),
  email: Email.check(z.meta({ description: "Where the receipt goes" })),
  language: LocaleCode,
  returnUrl: z.optional(ReturnUrl),
});
