/**
 * Event area of spec §7: events, event groups (tours), venues, payment methods, and the per-event
 * line-up, program, sectors and venue.
 */
import { z } from "zod/mini";
import { LineupBand, LineupPerformer } from "./band.ts";
import {
  Address,
  CurrencyId,
  DisplayOrder,
  EventGroupRef,
  enumId,
  Geo,
  Image,
  IsoDateTime,
  int32,
  MinorUnits,
  OrganizerSummary,
  ok,
  queryInt,
  Slug,
  TimeZone,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { GalleryImage } from "./gallery.ts";
import { ProgramEntry, ProgramEntryWithProducts, Stage } from "./program.ts";
import { Sector } from "./reservation.ts";

/** Where an event stands in its sales: not yet on sale, on sale, sold out, or over. */
export const SalesState = z.enum(["upcoming", "onSale", "soldOut", "ended"]);

/** Where an event stands in its sales. */
export type SalesState = z.infer<typeof SalesState>;

/** Editorial flags of an event (index sections "popular", "our selection", "special"). */
export const EventFlags = z.object({
  popular: z.boolean(),
  ourSelection: z.boolean(),
  special: z.boolean(),
});

/** A venue of events. */
export const Venue = z.object({
  venueId: Uuid,
  name: z.string(),
  venueTypeId: enumId("venueType"),
  address: Address,
  geo: z.nullable(Geo),
  description: z.nullable(z.string()),
  image: z.nullable(Image),
  capacity: z.nullable(int32().check(z.nonnegative())),
  seated: z.boolean().check(z.meta({ description: "Has at least one seated sector" })),
});

/** A venue. */
export type Venue = z.infer<typeof Venue>;

/** An event as listed on index, organizer and tour pages. */
export const EventSummary = z.object({
  eventId: Uuid,
  organizerSlug: Slug,
  eventSlug: Slug,
  name: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  timezone: TimeZone,
  eventTypeId: enumId("eventType").check(
    z.meta({
      description: "eventType: 1 tickets, 2 packages, 3 credit recharge",
    }),
  ),
  eventKindId: enumId("eventKind").check(
    z.meta({
      description: "eventKind: 1 one-time event, 2 long-term operation",
    }),
  ),
  eventCategoryIds: z.array(enumId("eventCategory")),
  currencyId: CurrencyId,
  salesState: SalesState,
  saleStartsAt: z.nullable(IsoDateTime),
  priceFrom: z
    .nullable(MinorUnits)
    .check(z.meta({ description: "Lowest ticket price, minor units of currencyId" })),
  poster: z.nullable(Image),
  venueName: z.nullable(z.string()),
  city: z.nullable(z.string()),
  flags: EventFlags,
  visible: z
    .boolean()
    .check(z.meta({ description: "Listed publicly; hidden events are reachable by id only" })),
  updatedAt: IsoDateTime,
});

/** An event as listed. */
export type EventSummary = z.infer<typeof EventSummary>;

/** An event with everything its page shows. */
export const Event = z.extend(EventSummary, {
  description: z.string().check(z.meta({ description: "Plain text; paragraphs separated by a blank line" })),
  doorsAt: z.nullable(IsoDateTime),
  saleEndsAt: z.nullable(IsoDateTime),
  eventSizeId: enumId("eventSize"),
  venue: z.nullable(Venue),
  gallery: z
    .array(GalleryImage)
    .check(z.meta({ description: "Images of the event's galleries, in display order" })),
  galleryIds: z.array(Uuid),
  eventGroups: z.array(EventGroupRef),
  organizer: OrganizerSummary,
  hasProgram: z.boolean(),
  hasSeatMap: z.boolean(),
});

/** An event with everything its page shows. */
export type Event = z.infer<typeof Event>;

/** An event group (tour): events sold under one name. */
export const EventGroup = z.object({
  eventGroupId: Uuid,
  eventGroupSlug: Slug,
  namePub: z.string(),
  description: z.nullable(z.string()),
  poster: z.nullable(Image),
  organizerId: Uuid,
  organizerSlug: Slug,
  dateFrom: z.nullable(IsoDateTime).check(z.meta({ description: "Start of its first visible event" })),
  dateTo: z.nullable(IsoDateTime).check(z.meta({ description: "End of its last visible event" })),
  eventCount: int32().check(z.nonnegative()),
  visible: z.boolean(),
  updatedAt: IsoDateTime,
});

/** An event group (tour). */
export type EventGroup = z.infer<typeof EventGroup>;

/** A payment method offered for an event, with its fee (null when free). */
export const PaymentMethod = z.object({
  paymentMethodId: enumId("paymentMethod"),
  name: z.string(),
  description: z.nullable(z.string()),
  feeAmount: z.nullable(MinorUnits),
  currencyId: CurrencyId,
  displayOrder: DisplayOrder,
});

/** A payment method offered for an event. */
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const eventParams = z.object({ eventId: Uuid });

/** `event.bySlugs`: An event by organizer slug and event slug. */
export const eventBySlugs = defineCall({
  id: "event.bySlugs",
  area: "event",
  method: "GET",
  path: "/api/event-by-slugs",
  query: z.object({ organizerSlug: Slug, eventSlug: Slug }),
  response: ok({ event: Event }),
  secure: false,
  summary: "An event by organizer slug and event slug",
});

/** `event.byId`: An event by id (hidden events included). */
export const eventById = defineCall({
  id: "event.byId",
  area: "event",
  method: "GET",
  path: "/api/event-by-id",
  query: z.object({ eventId: Uuid }),
  response: ok({ event: Event }),
  secure: false,
  summary: "An event by id (hidden events included)",
});

/** `event.groupBySlug`: An event group (tour) by slug. */
export const eventGroupBySlug = defineCall({
  id: "event.groupBySlug",
  area: "event",
  method: "GET",
  path: "/api/event-group-by-slug",
  query: z.object({ eventGroupSlug: Slug }),
  response: ok({ eventGroup: EventGroup }),
  secure: false,
  summary: "An event group (tour) by slug",
});

/** `event.groupEvents`: Visible events of an event group, by start time. */
export const eventGroupEvents = defineCall({
  id: "event.groupEvents",
  area: "event",
  method: "GET",
  path: "/api/event-group-events",
  query: z.object({ eventGroupId: Uuid }),
  response: ok({ events: z.array(EventSummary) }),
  secure: false,
  summary: "Visible events of an event group, by start time",
});

/** `event.groupsAll`: Every visible event group. */
export const eventGroupsAll = defineCall({
  id: "event.groupsAll",
  area: "event",
  method: "GET",
  path: "/api/event-groups-all",
  response: ok({ eventGroups: z.array(EventGroup) }),
  secure: false,
  summary: "Every visible event group",
});

/** `event.all`: Every visible event that has not ended, by start time. */
export const eventAll = defineCall({
  id: "event.all",
  area: "event",
  method: "GET",
  path: "/api/events-all",
  query: z.object({
    eventCategoryId: z.optional(queryInt().check(z.positive())),
    eventTypeId: z.optional(queryInt().check(z.positive())),
  }),
  response: ok({ events: z.array(EventSummary) }),
  secure: false,
  summary: "Every visible event that has not ended, by start time",
});

/** `event.byOrganizer`: Visible events of an organizer that have not ended. */
export const eventByOrganizer = defineCall({
  id: "event.byOrganizer",
  area: "event",
  method: "GET",
  path: "/api/events-by-organizer",
  query: z.object({ organizerSlug: Slug }),
  response: ok({ events: z.array(EventSummary) }),
  secure: false,
  summary: "Visible events of an organizer that have not ended",
});

/** `event.bands`: Line-up of an event: bands. */
export const eventBands = defineCall({
  id: "event.bands",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/bands",
  params: eventParams,
  response: ok({ bands: z.array(LineupBand) }),
  secure: false,
  summary: "Line-up of an event: bands",
});

/** `event.entries`: Program entries of an event, by start time. */
export const eventEntries = defineCall({
  id: "event.entries",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/entries",
  params: eventParams,
  response: ok({ entries: z.array(ProgramEntry) }),
  secure: false,
  summary: "Program entries of an event, by start time",
});

/** `event.entriesWithProducts`: Program entries of an event with the products sold for them. */
export const eventEntriesWithProducts = defineCall({
  id: "event.entriesWithProducts",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/entries-with-products",
  params: eventParams,
  response: ok({ entries: z.array(ProgramEntryWithProducts) }),
  secure: false,
  summary: "Program entries of an event with the products sold for them",
});

/** `event.mainBands`: Headliner bands of an event. */
export const eventMainBands = defineCall({
  id: "event.mainBands",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/main-bands",
  params: eventParams,
  response: ok({ bands: z.array(LineupBand) }),
  secure: false,
  summary: "Headliner bands of an event",
});

/** `event.mainPerformers`: Headliner performers of an event. */
export const eventMainPerformers = defineCall({
  id: "event.mainPerformers",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/main-performers",
  params: eventParams,
  response: ok({ performers: z.array(LineupPerformer) }),
  secure: false,
  summary: "Headliner performers of an event",
});

/** `event.performers`: Line-up of an event: performers. */
export const eventPerformers = defineCall({
  id: "event.performers",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/performers",
  params: eventParams,
  response: ok({ performers: z.array(LineupPerformer) }),
  secure: false,
  summary: "Line-up of an event: performers",
});

/** `event.stages`: Stages of an event. */
export const eventStages = defineCall({
  id: "event.stages",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/stages",
  params: eventParams,
  response: ok({ stages: z.array(Stage) }),
  secure: false,
  summary: "Stages of an event",
});

/** `event.paymentMethods`: Payment methods offered for an event. */
export const eventPaymentMethods = defineCall({
  id: "event.paymentMethods",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/payment-method",
  params: eventParams,
  response: ok({ paymentMethods: z.array(PaymentMethod) }),
  secure: false,
  summary: "Payment methods offered for an event",
});

/** `event.sectors`: Sectors of an event's venue with availability (seats via reservation.sectorSeats). */
export const eventSectors = defineCall({
  id: "event.sectors",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/sector",
  params: eventParams,
  response: ok({ sectors: z.array(Sector) }),
  secure: false,
  summary: "Sectors of an event's venue with availability (seats via reservation.sectorSeats)",
});

/** `event.venue`: Venue of an event, or null for an online or unplaced event. */
export const eventVenue = defineCall({
  id: "event.venue",
  area: "event",
  method: "GET",
  path: "/api/event/{eventId}/venue",
  params: eventParams,
  response: ok({ venue: z.nullable(Venue) }),
  secure: false,
  summary: "Venue of an event, or null for an online or unplaced event",
});

/** Calls of the event area. */
export const eventCalls = {
  bySlugs: eventBySlugs,
  byId: eventById,
  groupBySlug: eventGroupBySlug,
  groupEvents: eventGroupEvents,
  groupsAll: eventGroupsAll,
  all: eventAll,
  byOrganizer: eventByOrganizer,
  bands: eventBands,
  entries: eventEntries,
  entriesWithProducts: eventEntriesWithProducts,
  mainBands: eventMainBands,
  mainPerformers: eventMainPerformers,
  performers: eventPerformers,
  stages: eventStages,
  paymentMethods: eventPaymentMethods,
  sectors: eventSectors,
  venue: eventVenue,
} as const;
