/**
 * Ticket area of spec §7: ticket types and their groups, extra products, chip top-ups, coupon and
 * supercoupon checks, and issued tickets.
 */
import { z } from "zod/mini";
import {
  Buyer,
  CodeText,
  Count,
  CurrencyId,
  DisplayOrder,
  EventRef,
  enumId,
  Image,
  IsoDateTime,
  int32,
  LocaleCode,
  MinorUnits,
  ok,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { Variant } from "./product.ts";

/** A ticket type group as embedded in a ticket type (spec §3: ticketTypeGroup.namePub). */
export const TicketTypeGroupRef = z.object({
  ticketTypeGroupId: Uuid,
  namePub: z.string(),
});

/** A group of ticket types shown together in the cart, e.g. "Festival passes". */
export const TicketTypeGroup = z.extend(TicketTypeGroupRef, {
  eventId: Uuid,
  description: z.nullable(z.string()),
  displayOrder: DisplayOrder,
});

/** A group of ticket types. */
export type TicketTypeGroup = z.infer<typeof TicketTypeGroup>;

/** A ticket type with exactly the fields of spec §3 used for tracking; embedded in orders and tickets. */
export const TicketTypeRef = z.object({
  ticketTypeId: Uuid,
  namePub: z.string().check(z.meta({ description: "Public name", example: "Festival pass" })),
  price: MinorUnits.check(z.meta({ description: "Unit price in minor units" })),
  displayOrder: DisplayOrder,
  ticketTypeGroup: z.nullable(TicketTypeGroupRef),
});

/** A ticket type as embedded in orders and tickets. */
export type TicketTypeRef = z.infer<typeof TicketTypeRef>;

/** A ticket type on sale for an event. */
export const TicketType = z.extend(TicketTypeRef, {
  eventId: Uuid,
  currencyId: CurrencyId,
  description: z.nullable(z.string()),
  capacity: int32().check(z.nonnegative()),
  available: int32().check(
    z.nonnegative(),
    z.meta({ description: "Capacity minus sold minus active holds" }),
  ),
  minPerOrder: int32().check(z.positive()),
  maxPerOrder: int32().check(z.positive()),
  itemTypeId: enumId("itemType"),
  sectorId: z.nullable(Uuid).check(z.meta({ description: "Set for seated or sector-bound ticket types" })),
  reservationCategoryId: z.nullable(Uuid),
  salesFrom: z.nullable(IsoDateTime),
  salesTo: z.nullable(IsoDateTime),
  soldOut: z.boolean(),
});

/** A ticket type on sale for an event. */
export type TicketType = z.infer<typeof TicketType>;

/** Chip credit included in a purchase (spec §3 chips: productItemId, amount). */
export const ChipTopUp = z.object({
  productItemId: Uuid,
  amount: MinorUnits.check(z.meta({ description: "Credit loaded to the chip, minor units" })),
});

/** Chip credit included in a purchase. */
export type ChipTopUp = z.infer<typeof ChipTopUp>;

/** An extra product of an event (parking, merchandise, workshop, …). */
export const ExtraProduct = z.object({
  ticketProductId: Uuid,
  eventId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  price: MinorUnits,
  currencyId: CurrencyId,
  count: z
    .optional(int32().check(z.positive()))
    .check(z.meta({ description: "Quantity; only in cart or order context" })),
  displayOrder: DisplayOrder,
  itemTypeId: enumId("itemType"),
  productCategoryId: z.nullable(enumId("productCategory")),
  productGroupId: z.nullable(Uuid),
  image: z.nullable(Image),
  variants: z.array(Variant),
  chips: z.array(ChipTopUp).check(z.meta({ description: "Chip credit included with each unit" })),
  available: int32().check(z.nonnegative()),
  maxPerOrder: int32().check(z.positive()),
  soldOut: z.boolean(),
});

/** An extra product of an event. */
export type ExtraProduct = z.infer<typeof ExtraProduct>;

/** An extra product as bought: a line of an order (spec §3 extraProducts). */
export const ExtraProductLine = z.object({
  ticketProductId: Uuid,
  name: z.string(),
  price: MinorUnits.check(z.meta({ description: "Unit price including the variant's price delta" })),
  currencyId: CurrencyId,
  count: int32().check(z.positive()),
  displayOrder: DisplayOrder,
  itemTypeId: enumId("itemType"),
  variantValueId: z.nullable(Uuid),
  variantName: z.nullable(z.string()).check(z.meta({ example: "L" })),
  chips: z.array(ChipTopUp),
});

/** An extra product as bought. */
export type ExtraProductLine = z.infer<typeof ExtraProductLine>;

/** A chip top-up product: buys credit for the cashless chip of an event. */
export const ChipProduct = z.object({
  productItemId: Uuid,
  eventId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  amount: MinorUnits.check(z.meta({ description: "Credit loaded, minor units" })),
  price: MinorUnits,
  currencyId: CurrencyId,
  chipTypeId: enumId("chipType"),
  displayOrder: DisplayOrder,
});

/** A chip top-up product. */
export type ChipProduct = z.infer<typeof ChipProduct>;

/** Limits of a free-amount chip top-up for an event. */
export const ChipCreditLimit = z.object({
  eventId: Uuid,
  minAmount: MinorUnits,
  maxAmount: MinorUnits,
  step: int32().check(z.positive(), z.meta({ description: "Amounts are multiples of this, minor units" })),
  currencyId: CurrencyId,
});

/** Limits of a free-amount chip top-up. */
export type ChipCreditLimit = z.infer<typeof ChipCreditLimit>;

/** How many items of one item type an event sells. */
export const ItemTypeCount = z.object({
  itemTypeId: enumId("itemType"),
  count: int32().check(z.nonnegative()),
});

/** Kind of a discount: a percentage or a fixed amount. */
export const DiscountKind = z.enum(["percent", "fixed"]);

/** Why a code cannot be used. */
export const CodeRefusal = z.enum([
  "notFound",
  "notStarted",
  "expired",
  "exhausted",
  "notApplicable",
  "wrongEvent",
]);

/** Result of checking a coupon or a discount code. */
export const CodeCheck = z.object({
  code: z.string(),
  valid: z.boolean(),
  reason: z.nullable(CodeRefusal).check(z.meta({ description: "Null when valid" })),
  kind: z.nullable(DiscountKind),
  value: z
    .nullable(int32())
    .check(z.meta({ description: "percent: 1–100; fixed: minor units of currencyId (per order)" })),
  currencyId: z.nullable(CurrencyId),
  ticketTypeIds: z.array(Uuid).check(z.meta({ description: "Ticket types it applies to; empty means all" })),
  ticketProductIds: z
    .array(Uuid)
    .check(z.meta({ description: "Extra products it applies to; empty means none" })),
  validFrom: z.nullable(IsoDateTime),
  validTo: z.nullable(IsoDateTime),
  discountAmount: z.nullable(MinorUnits).check(
    z.meta({
      description: "Discount on the items sent, when items were sent",
    }),
  ),
});

/** Result of checking a coupon or a discount code. */
export type CodeCheck = z.infer<typeof CodeCheck>;

/** Result of checking a supercoupon: a prepaid code worth a number of tickets across events. */
export const SupercouponCheck = z.object({
  code: z.string(),
  valid: z.boolean(),
  reason: z.nullable(CodeRefusal),
  eventIds: z
    .array(Uuid)
    .check(z.meta({ description: "Events it can be used for; empty means all of the organizer" })),
  ticketTypeIds: z.array(Uuid).check(z.meta({ description: "Ticket types it covers; empty means all" })),
  remainingTickets: int32().check(z.nonnegative()),
  validTo: z.nullable(IsoDateTime),
});

/** Result of checking a supercoupon. */
export type SupercouponCheck = z.infer<typeof SupercouponCheck>;

/** A seat as written on a ticket or an order. */
export const SeatRef = z.object({
  seatId: Uuid,
  sectorId: Uuid,
  sectorName: z.string(),
  row: z.string(),
  number: int32().check(z.positive()),
});

/** A seat as written on a ticket. */
export type SeatRef = z.infer<typeof SeatRef>;

/** State of an issued ticket. */
export const TicketStatus = z.enum(["valid", "used", "canceled"]);

/** An issued ticket. `code` is printed for people, `qrCode` is what the QR image encodes. */
export const Ticket = z.object({
  ticketId: Uuid,
  orderId: Uuid,
  eventId: Uuid,
  code: z.string().check(z.meta({ example: "VST-8F3K-2Q9M-7HXA-C4PD" })),
  qrCode: z.string().check(z.meta({ description: "Opaque unique string encoded in the ticket's QR code" })),
  ticketType: TicketTypeRef,
  itemTypeId: enumId("itemType"),
  holderName: z.nullable(z.string()),
  seat: z.nullable(SeatRef),
  status: TicketStatus,
  issuedAt: IsoDateTime,
  usedAt: z.nullable(IsoDateTime),
  event: EventRef,
});

/** An issued ticket. */
export type Ticket = z.infer<typeof Ticket>;

/**
 * A ticket as its printed code or QR code shows it (the code look-ups): what is printed on the ticket, and
 * nothing that opens more. Without the order's id and the ticket's id, which lead to the buyer's contact,
 * the order's other tickets and its cancelling; the order's owner reads the whole `Ticket`.
 */
export const TicketPublic = z.omit(Ticket, { ticketId: true, orderId: true });

/** A ticket as its printed code shows it. */
export type TicketPublic = z.infer<typeof TicketPublic>;

/** What a ticket grants, one line per item type (e.g. entry plus parking in a package). */
export const TicketItem = z.object({
  itemTypeId: enumId("itemType"),
  name: z.string(),
  count: int32().check(z.positive()),
});

/** A cashless NFC chip and its credit. */
export const Chip = z.object({
  chipId: z.string().check(z.minLength(1), z.meta({ description: "Chip identifier (spec §3: string)" })),
  chipTypeId: enumId("chipType"),
  balance: int32().check(z.meta({ description: "Credit in minor units of currencyId" })),
  currencyId: CurrencyId,
  eventId: Uuid,
  label: z.nullable(z.string()),
  updatedAt: IsoDateTime,
});

/** A cashless NFC chip and its credit. */
export type Chip = z.infer<typeof Chip>;

/** Items of a cart: a ticket type and how many. */
export const TicketTypeCount = z.object({ ticketTypeId: Uuid, count: Count });

/** Body of `ticket.supercouponRedeem`. */
export const SupercouponRedeemBody = z.object({
  code: CodeText,
  eventId: Uuid,
  items: z.array(TicketTypeCount).check(z.minLength(1), z.maxLength(50)),
  buyer: Buyer,
  language: LocaleCode,
});

const eventQuery = z.object({ eventId: Uuid });
const ticketQuery = z.object({ ticketId: Uuid });

/** `ticket.typesExtraProducts`: Everything an event's cart sells, in one answer. */
export const ticketTypesExtraProducts = defineCall({
  id: "ticket.typesExtraProducts",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-types-extra-products",
  query: eventQuery,
  response: ok({
    ticketTypes: z.array(TicketType),
    ticketTypeGroups: z.array(TicketTypeGroup),
    extraProducts: z.array(ExtraProduct),
    chipProducts: z.array(ChipProduct),
  }),
  secure: false,
  summary: "Everything an event's cart sells, in one answer",
});

/** `ticket.contentItemTypes`: Item types among an event's ticket types (for cart tabs). */
export const ticketContentItemTypes = defineCall({
  id: "ticket.contentItemTypes",
  area: "ticket",
  method: "GET",
  path: "/api/content-item-types",
  query: eventQuery,
  response: ok({ itemTypes: z.array(ItemTypeCount) }),
  secure: false,
  summary: "Item types among an event's ticket types (for cart tabs)",
});

/** `ticket.productItemTypes`: Item types among an event's extra products. */
export const ticketProductItemTypes = defineCall({
  id: "ticket.productItemTypes",
  area: "ticket",
  method: "GET",
  path: "/api/product-item-types",
  query: eventQuery,
  response: ok({ itemTypes: z.array(ItemTypeCount) }),
  secure: false,
  summary: "Item types among an event's extra products",
});

/** `ticket.chipCreditLimit`: Limits of a free-amount chip top-up, or null when the event has none. */
export const ticketChipCreditLimit = defineCall({
  id: "ticket.chipCreditLimit",
  area: "ticket",
  method: "GET",
  path: "/api/chip-credit-limit",
  query: eventQuery,
  response: ok({ chipCreditLimit: z.nullable(ChipCreditLimit) }),
  secure: false,
  summary: "Limits of a free-amount chip top-up, or null when the event has none",
});

/** `ticket.extraProducts`: Extra products of an event. */
export const ticketExtraProducts = defineCall({
  id: "ticket.extraProducts",
  area: "ticket",
  method: "GET",
  path: "/api/extra-products",
  query: eventQuery,
  response: ok({ extraProducts: z.array(ExtraProduct) }),
  secure: false,
  summary: "Extra products of an event",
});

/** `ticket.coupon`: Checks a coupon code for an event. */
export const ticketCoupon = defineCall({
  id: "ticket.coupon",
  area: "ticket",
  method: "GET",
  path: "/api/coupon",
  query: z.object({ eventId: Uuid, code: CodeText }),
  response: ok({ coupon: CodeCheck }),
  secure: false,
  summary: "Checks a coupon code for an event",
});

/** `ticket.supercoupon`: Checks a supercoupon code. */
export const ticketSupercoupon = defineCall({
  id: "ticket.supercoupon",
  area: "ticket",
  method: "GET",
  path: "/api/supercoupon",
  query: z.object({ code: CodeText, eventId: z.optional(Uuid) }),
  response: ok({ supercoupon: SupercouponCheck }),
  secure: false,
  summary: "Checks a supercoupon code",
});

/** `ticket.supercouponWithTicketTypes`: Checks a supercoupon and lists the event's ticket types it covers. */
export const ticketSupercouponWithTicketTypes = defineCall({
  id: "ticket.supercouponWithTicketTypes",
  area: "ticket",
  method: "GET",
  path: "/api/supercoupon-with-ticket-types",
  query: z.object({ code: CodeText, eventId: Uuid }),
  response: ok({ supercoupon: SupercouponCheck, ticketTypes: z.array(TicketType) }),
  secure: false,
  summary: "Checks a supercoupon and lists the event's ticket types it covers",
});

/** `ticket.supercouponRedeem`: Redeems a supercoupon for tickets: creates a paid order and issues its tickets. */
export const ticketSupercouponRedeem = defineCall({
  id: "ticket.supercouponRedeem",
  area: "ticket",
  method: "POST",
  path: "/api/supercoupon-redeem",
  body: SupercouponRedeemBody,
  response: ok({ orderId: Uuid, orderNumber: int32().check(z.positive()), tickets: z.array(Ticket) }),
  secure: false,
  idempotent: true,
  summary: "Redeems a supercoupon for tickets: creates a paid order and issues its tickets",
});

/** `ticket.byId`: A ticket by id. */
export const ticketById = defineCall({
  id: "ticket.byId",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-by-id",
  query: ticketQuery,
  response: ok({ ticket: Ticket }),
  secure: false,
  summary: "A ticket by id",
});

/** `ticket.items`: What a ticket grants. */
export const ticketItems = defineCall({
  id: "ticket.items",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-items",
  query: ticketQuery,
  response: ok({ items: z.array(TicketItem) }),
  secure: false,
  summary: "What a ticket grants",
});

/** `ticket.products`: Extra products bought with a ticket's order. */
export const ticketProducts = defineCall({
  id: "ticket.products",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-products",
  query: ticketQuery,
  response: ok({ extraProducts: z.array(ExtraProductLine) }),
  secure: false,
  summary: "Extra products bought with a ticket's order",
});

/** `ticket.chips`: Chips paired with a ticket. */
export const ticketChips = defineCall({
  id: "ticket.chips",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-chips",
  query: ticketQuery,
  response: ok({ chips: z.array(Chip) }),
  secure: false,
  summary: "Chips paired with a ticket",
});

/** `ticket.byCode`: A ticket by its printed code (what the ticket shows, not its order). */
export const ticketByCode = defineCall({
  id: "ticket.byCode",
  area: "ticket",
  method: "GET",
  path: "/api/ticket-by-code",
  query: z.object({ code: CodeText }),
  response: ok({ ticket: TicketPublic }),
  secure: false,
  summary: "A ticket by its printed code (what the ticket shows, not its order)",
});

/** Calls of the ticket area. */
export const ticketCalls = {
  typesExtraProducts: ticketTypesExtraProducts,
  contentItemTypes: ticketContentItemTypes,
  productItemTypes: ticketProductItemTypes,
  chipCreditLimit: ticketChipCreditLimit,
  extraProducts: ticketExtraProducts,
  coupon: ticketCoupon,
  supercoupon: ticketSupercoupon,
  supercouponWithTicketTypes: ticketSupercouponWithTicketTypes,
  supercouponRedeem: ticketSupercouponRedeem,
  byId: ticketById,
  items: ticketItems,
  products: ticketProducts,
  chips: ticketChips,
  byCode: ticketByCode,
} as const;
