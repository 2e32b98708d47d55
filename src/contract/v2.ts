/** Second version of the service (spec §7): event-centred reads, static-path lists, order status and codes. */
import { z } from "zod/mini";
import {
  CodeText,
  CurrencyId,
  Digest,
  DisplayOrder,
  Href,
  Image,
  IsoDateTime,
  int32,
  MinorUnits,
  ok,
  Slug,
  Text,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { Event, EventGroup, EventSummary, SalesState, Venue } from "./event.ts";
import { OrderCreateCreditFromCodeBody, OrderExtraItem } from "./order-create.ts";
import { OrderContents } from "./order-issued.ts";
import { Order, OrderStatusInfo } from "./order-model.ts";
import { Organizer } from "./organizer.ts";
import { ProductGroup } from "./product.ts";
import { ReservationCategory, SectorWithSeats } from "./reservation.ts";
import {
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  TicketPublic,
  TicketType,
  TicketTypeCount,
  TicketTypeGroup,
} from "./ticket.ts";

/** A partner shown on an event or tour page (sponsor, co-organizer, media partner). */
export const OrgPartner = z.object({
  orgPartnerId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  logo: z.nullable(Image),
  url: z.nullable(Href),
  displayOrder: DisplayOrder,
});

/** A partner shown on an event or tour page. */
export type OrgPartner = z.infer<typeof OrgPartner>;

/** Lowest and highest ticket price of an event. */
export const PriceRange = z.object({ minPrice: MinorUnits, maxPrice: MinorUnits, currencyId: CurrencyId });

/** Lowest and highest ticket price of an event. */
export type PriceRange = z.infer<typeof PriceRange>;

/** Availability at a glance, for badges such as "last tickets". */
export const QuickStats = z.object({
  eventId: Uuid,
  salesState: SalesState,
  capacity: int32().check(z.nonnegative()),
  available: int32().check(z.nonnegative()),
  soldPercent: int32().check(z.gte(0), z.lte(100)),
  lowAvailability: z.boolean().check(z.meta({ description: "At most 10 % of capacity left" })),
  ticketTypesOnSale: int32().check(z.nonnegative()),
  favoriteCount: int32().check(z.nonnegative()),
});

/** Availability at a glance. */
export type QuickStats = z.infer<typeof QuickStats>;

/** An event page to pre-render, with what changes when the page must be rebuilt. */
export const StaticPathEvent = z.object({
  eventId: Uuid,
  organizerSlug: Slug,
  eventSlug: Slug,
  lastModified: IsoDateTime,
  digest: Digest,
});

/** A tour page to pre-render. */
export const StaticPathGroup = z.object({
  eventGroupId: Uuid,
  eventGroupSlug: Slug,
  lastModified: IsoDateTime,
  digest: Digest,
});

/** An organizer page to pre-render. */
export const StaticPathOrganizer = z.object({
  organizerSlug: Slug,
  lastModified: IsoDateTime,
  digest: Digest,
});

/** Body of `v2.checkDiscountCode`: the event and, optionally, the cart to compute the discount for. */
export const CheckDiscountCodeBody = z.object({
  eventId: Uuid,
  items: z.optional(z.array(TicketTypeCount).check(z.maxLength(50))),
  extraProducts: z.optional(z.array(OrderExtraItem).check(z.maxLength(50))),
});

const eventParams = z.object({ eventId: Uuid });
const eventQuery = z.object({ eventId: Uuid });

/** `v2.event`: An event by id. */
export const v2Event = defineCall({
  id: "v2.event",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}",
  params: eventParams,
  response: ok({ event: Event }),
  secure: false,
  summary: "An event by id",
});
/** `v2.eventTicketTypes`: Ticket types of an event with their groups. */
export const v2EventTicketTypes = defineCall({
  id: "v2.eventTicketTypes",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/ticket-type",
  params: eventParams,
  response: ok({ ticketTypes: z.array(TicketType), ticketTypeGroups: z.array(TicketTypeGroup) }),
  secure: false,
  summary: "Ticket types of an event with their groups",
});
/** `v2.eventExtraProducts`: Extra products, product groups and chip top-ups of an event. */
export const v2EventExtraProducts = defineCall({
  id: "v2.eventExtraProducts",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/extra-products",
  params: eventParams,
  response: ok({
    extraProducts: z.array(ExtraProduct),
    productGroups: z.array(ProductGroup),
    chipProducts: z.array(ChipProduct),
  }),
  secure: false,
  summary: "Extra products, product groups and chip top-ups of an event",
});
/** `v2.eventGroups`: Event groups (tours) an event belongs to. */
export const v2EventGroups = defineCall({
  id: "v2.eventGroups",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/event-group",
  params: eventParams,
  response: ok({ eventGroups: z.array(EventGroup) }),
  secure: false,
  summary: "Event groups (tours) an event belongs to",
});
/** `v2.eventCoupon`: Checks a coupon for an event and lists the ticket types it applies to. */
export const v2EventCoupon = defineCall({
  id: "v2.eventCoupon",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/ticket-type/coupon",
  params: eventParams,
  query: z.object({ code: CodeText }),
  response: ok({ coupon: CodeCheck, ticketTypes: z.array(TicketType) }),
  secure: false,
  summary: "Checks a coupon for an event and lists the ticket types it applies to",
});
/** `v2.eventOrgPartners`: Partners of an event. */
export const v2EventOrgPartners = defineCall({
  id: "v2.eventOrgPartners",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/org-partner",
  params: eventParams,
  response: ok({ orgPartners: z.array(OrgPartner) }),
  secure: false,
  summary: "Partners of an event",
});
/** `v2.eventPriceRange`: Lowest and highest ticket price, or null without ticket types. */
export const v2EventPriceRange = defineCall({
  id: "v2.eventPriceRange",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/ticket/price-range",
  params: eventParams,
  response: ok({ priceRange: z.nullable(PriceRange) }),
  secure: false,
  summary: "Lowest and highest ticket price, or null without ticket types",
});
/** `v2.eventQuickStats`: Availability of an event at a glance. */
export const v2EventQuickStats = defineCall({
  id: "v2.eventQuickStats",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/quick-stats",
  params: eventParams,
  response: ok({ quickStats: QuickStats }),
  secure: false,
  summary: "Availability of an event at a glance",
});
/** `v2.eventReservationCategories`: Seat price categories of an event. */
export const v2EventReservationCategories = defineCall({
  id: "v2.eventReservationCategories",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/reservation/category",
  params: eventParams,
  response: ok({ reservationCategories: z.array(ReservationCategory) }),
  secure: false,
  summary: "Seat price categories of an event",
});
/** `v2.eventVenue`: Venue of an event. */
export const v2EventVenue = defineCall({
  id: "v2.eventVenue",
  area: "v2",
  method: "GET",
  path: "/api/v2/event/id/{eventId}/venue",
  params: eventParams,
  response: ok({ venue: z.nullable(Venue) }),
  secure: false,
  summary: "Venue of an event",
});
/** `v2.ticketByQrCode`: A ticket by the content of its QR code (what the ticket shows, not its order). */
export const v2TicketByQrCode = defineCall({
  id: "v2.ticketByQrCode",
  area: "v2",
  method: "GET",
  path: "/api/v2/ticket/qrCode/{qrCode}",
  params: z.object({ qrCode: Text.check(z.minLength(1), z.maxLength(256)) }),
  response: ok({ ticket: TicketPublic }),
  secure: false,
  summary: "A ticket by the content of its QR code (what the ticket shows, not its order)",
});
/** `v2.staticPathsEvents`: Event pages to pre-render: every visible event, past ones too (their pages stay online). */
export const v2StaticPathsEvents = defineCall({
  id: "v2.staticPathsEvents",
  area: "v2",
  method: "GET",
  path: "/api/v2/static-paths/events",
  response: ok({ events: z.array(StaticPathEvent) }),
  secure: false,
  summary: "Event pages to pre-render: every visible event, past ones too (their pages stay online)",
});
/** `v2.staticPathsGroups`: Tour pages to pre-render. */
export const v2StaticPathsGroups = defineCall({
  id: "v2.staticPathsGroups",
  area: "v2",
  method: "GET",
  path: "/api/v2/static-paths/groups",
  response: ok({ groups: z.array(StaticPathGroup) }),
  secure: false,
  summary: "Tour pages to pre-render",
});
/** `v2.staticPathsOrganizers`: Organizer pages to pre-render. */
export const v2StaticPathsOrganizers = defineCall({
  id: "v2.staticPathsOrganizers",
  area: "v2",
  method: "GET",
  path: "/api/v2/static-paths/organizers",
  response: ok({ organizers: z.array(StaticPathOrganizer) }),
  secure: false,
  summary: "Organizer pages to pre-render",
});
/** `v2.orderStatus`: Where an order stands (polled until final). */
export const v2OrderStatus = defineCall({
  id: "v2.orderStatus",
  area: "v2",
  method: "GET",
  path: "/api/v2/order/{orderId}/status",
  params: z.object({ orderId: Uuid }),
  response: ok({ orderStatus: OrderStatusInfo }),
  secure: false,
  summary: "Where an order stands (polled until final)",
});
/** `v2.orderContents`: Issued contents of an order. */
export const v2OrderContents = defineCall({
  id: "v2.orderContents",
  area: "v2",
  method: "GET",
  path: "/api/v2/order/{orderId}/contents",
  params: z.object({ orderId: Uuid }),
  response: ok({ contents: OrderContents }),
  secure: false,
  summary: "Issued contents of an order",
});
/** `v2.groupBySlug`: An event group (tour) by slug. */
export const v2GroupBySlug = defineCall({
  id: "v2.groupBySlug",
  area: "v2",
  method: "GET",
  path: "/api/v2/group/slug/{eventGroupSlug}",
  params: z.object({ eventGroupSlug: Slug }),
  response: ok({ eventGroup: EventGroup }),
  secure: false,
  summary: "An event group (tour) by slug",
});
/** `v2.groupOrgPartners`: Partners of an event group. */
export const v2GroupOrgPartners = defineCall({
  id: "v2.groupOrgPartners",
  area: "v2",
  method: "GET",
  path: "/api/v2/group/slug/{eventGroupSlug}/orgPartner",
  params: z.object({ eventGroupSlug: Slug }),
  response: ok({ orgPartners: z.array(OrgPartner) }),
  secure: false,
  summary: "Partners of an event group",
});
/** `v2.groupVisibleEvents`: Visible events of an event group that have not ended. */
export const v2GroupVisibleEvents = defineCall({
  id: "v2.groupVisibleEvents",
  area: "v2",
  method: "GET",
  path: "/api/v2/group/{eventGroupId}/visible-events",
  params: z.object({ eventGroupId: Uuid }),
  response: ok({ events: z.array(EventSummary) }),
  secure: false,
  summary: "Visible events of an event group that have not ended",
});
/** `v2.eventsByOrganizer`: Visible events of an organizer that have not ended. */
export const v2EventsByOrganizer = defineCall({
  id: "v2.eventsByOrganizer",
  area: "v2",
  method: "GET",
  path: "/api/v2/events-by-organizer",
  query: z.object({ organizerSlug: Slug }),
  response: ok({ events: z.array(EventSummary) }),
  secure: false,
  summary: "Visible events of an organizer that have not ended",
});
/** `v2.checkDiscountCode`: Checks a discount code for an event (and computes the discount on the cart sent). */
export const v2CheckDiscountCode = defineCall({
  id: "v2.checkDiscountCode",
  area: "v2",
  method: "POST",
  path: "/api/v2/check-discount-code/{code}",
  params: z.object({ code: CodeText }),
  body: CheckDiscountCodeBody,
  response: ok({ discount: CodeCheck }),
  secure: false,
  summary: "Checks a discount code for an event (and computes the discount on the cart sent)",
});
/** `v2.ticketExtraProducts`: Extra products of an event. */
export const v2TicketExtraProducts = defineCall({
  id: "v2.ticketExtraProducts",
  area: "v2",
  method: "GET",
  path: "/api/v2/ticket/extra-products",
  query: eventQuery,
  response: ok({ extraProducts: z.array(ExtraProduct) }),
  secure: false,
  summary: "Extra products of an event",
});
/** `v2.ticketGroups`: Ticket type groups of an event. */
export const v2TicketGroups = defineCall({
  id: "v2.ticketGroups",
  area: "v2",
  method: "GET",
  path: "/api/v2/ticket/groups",
  query: eventQuery,
  response: ok({ ticketTypeGroups: z.array(TicketTypeGroup) }),
  secure: false,
  summary: "Ticket type groups of an event",
});
/** `v2.ticketType`: A ticket type by id. */
export const v2TicketType = defineCall({
  id: "v2.ticketType",
  area: "v2",
  method: "GET",
  path: "/api/v2/ticket/type/{ticketTypeId}",
  params: z.object({ ticketTypeId: Uuid }),
  response: ok({ ticketType: TicketType }),
  secure: false,
  summary: "A ticket type by id",
});
/** `v2.sector`: A sector with its seats and their state for the event. */
export const v2Sector = defineCall({
  id: "v2.sector",
  area: "v2",
  method: "GET",
  path: "/api/v2/sector/{sectorId}",
  params: z.object({ sectorId: Uuid }),
  query: eventQuery,
  response: ok({ sector: SectorWithSeats }),
  secure: false,
  summary: "A sector with its seats and their state for the event",
});
/** `v2.orderCreditFromCode`: Buys credit for a chip named by its printed code. */
export const v2OrderCreditFromCode = defineCall({
  id: "v2.orderCreditFromCode",
  area: "v2",
  method: "POST",
  path: "/api/v2/order-credit-from-code",
  body: OrderCreateCreditFromCodeBody,
  response: ok({ order: Order }),
  secure: false,
  idempotent: true,
  summary: "Buys credit for a chip named by its printed code",
});
/** `v2.organizerVisibleSlugs`: Slugs of organizers with a visible event or group. */
export const v2OrganizerVisibleSlugs = defineCall({
  id: "v2.organizerVisibleSlugs",
  area: "v2",
  method: "GET",
  path: "/api/v2/organizer/visible-slugs",
  response: ok({ organizerSlugs: z.array(Slug) }),
  secure: false,
  summary: "Slugs of organizers with a visible event or group",
});
/** `v2.organizerBySlug`: An organizer by slug. */
export const v2OrganizerBySlug = defineCall({
  id: "v2.organizerBySlug",
  area: "v2",
  method: "GET",
  path: "/api/v2/organizer/slug/{slug}",
  params: z.object({ slug: Slug }),
  response: ok({ organizer: Organizer }),
  secure: false,
  summary: "An organizer by slug",
});
/** `v2.eventBySlugs`: An event by organizer slug and event slug. */
export const v2EventBySlugs = defineCall({
  id: "v2.eventBySlugs",
  area: "v2",
  method: "GET",
  path: "/api/v2/{organizerSlug}/{eventSlug}",
  params: z.object({ organizerSlug: Slug, eventSlug: Slug }),
  response: ok({ event: Event }),
  secure: false,
  summary: "An event by organizer slug and event slug",
});

/** Calls of the second version. The catch-all `eventBySlugs` is declared last so it shadows nothing. */
export const v2Calls = {
  event: v2Event,
  eventTicketTypes: v2EventTicketTypes,
  eventExtraProducts: v2EventExtraProducts,
  eventGroups: v2EventGroups,
  eventCoupon: v2EventCoupon,
  eventOrgPartners: v2EventOrgPartners,
  eventPriceRange: v2EventPriceRange,
  eventQuickStats: v2EventQuickStats,
  eventReservationCategories: v2EventReservationCategories,
  eventVenue: v2EventVenue,
  ticketByQrCode: v2TicketByQrCode,
  staticPathsEvents: v2StaticPathsEvents,
  staticPathsGroups: v2StaticPathsGroups,
  staticPathsOrganizers: v2StaticPathsOrganizers,
  orderStatus: v2OrderStatus,
  orderContents: v2OrderContents,
  groupBySlug: v2GroupBySlug,
  groupOrgPartners: v2GroupOrgPartners,
  groupVisibleEvents: v2GroupVisibleEvents,
  eventsByOrganizer: v2EventsByOrganizer,
  checkDiscountCode: v2CheckDiscountCode,
  ticketExtraProducts: v2TicketExtraProducts,
  ticketGroups: v2TicketGroups,
  ticketType: v2TicketType,
  sector: v2Sector,
  orderCreditFromCode: v2OrderCreditFromCode,
  organizerVisibleSlugs: v2OrganizerVisibleSlugs,
  organizerBySlug: v2OrganizerBySlug,
  // Keep LAST: `/api/v2/{organizerSlug}/{eventSlug}` matches every two-segment v2 path
  // (e.g. /api/v2/static-paths/events), so a router must try it after every other v2 route.
  eventBySlugs: v2EventBySlugs,
} as const;

/**
 * Organizer slugs that would collide with fixed v2 paths under the catch-all `/api/v2/{organizerSlug}/…`:
 * the first segment of every other v2 path.
 */
export const RESERVED_ORGANIZER_SLUGS: readonly string[] = [
  ...new Set(
    Object.values(v2Calls)
      .filter((c) => c.id !== "v2.eventBySlugs")
      .map((c) => c.path.split("/")[3] ?? "")
      .filter((s) => s !== "" && !s.startsWith("{")),
  ),
];
