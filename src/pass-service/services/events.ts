/**
 * Events: the queries that find them and the mappers that turn their rows into the contract's shapes in the
 * request's language (summaries for lists, the full event for its page), and an event's payment methods.
 * Lists are built from a fixed number of queries whatever their length (related rows are fetched in batches
 * with `inArray`).
 */
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Event, EventSummary, PaymentMethod } from "../../contract/event.ts";
import { paymentMethod as paymentMethodEnum } from "../../lib/enums/payment-method.ts";
import type { Db } from "../db/index.ts";
import { anyOf, preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import {
  eventGroupEvents,
  eventPaymentMethods,
  events,
  organizers,
  programEntries,
  sectors,
  ticketTypes,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { lacksProvider, type PaymentProviderName } from "../payment-providers.ts";
import { visibleGroupsOfEvent } from "./event-groups.ts";
import { galleryImagesOf } from "./galleries.ts";
import { salesStateOf, ticketTypeAvailability } from "./inventory.ts";
import { imageOut, iso, isoOrNull, loc } from "./localize.ts";
import { findOrganizerBySlug, type OrganizerRow, organizerSummaryOut, organizersById } from "./organizers.ts";
import { required } from "./rows.ts";
import { inSalesWindow } from "./sale-rules.ts";
import { type VenueRow, venueOfEvent, venuesById } from "./venues.ts";

/** A row of the events table. */
export type EventRow = typeof events.$inferSelect;

/**
 * The columns an event's summary shows (lists read only these: a list of every event leaves out each one's
 * description in four languages, which made its read about twice as long on the embedded engine).
 */
export const summaryColumns = {
  eventId: events.eventId,
  organizerId: events.organizerId,
  venueId: events.venueId,
  slug: events.slug,
  name: events.name,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timezone: events.timezone,
  eventTypeId: events.eventTypeId,
  eventKindId: events.eventKindId,
  categoryIds: events.categoryIds,
  currencyId: events.currencyId,
  saleStartsAt: events.saleStartsAt,
  saleEndsAt: events.saleEndsAt,
  poster: events.poster,
  popular: events.popular,
  ourSelection: events.ourSelection,
  special: events.special,
  visible: events.visible,
  updatedAt: events.updatedAt,
};

/** What an event's summary is made of: a row of `summaryColumns`. */
export type EventSummaryRow = Pick<EventRow, keyof typeof summaryColumns>;

export const byStart = [asc(events.startsAt), asc(events.eventId)] as const;

const eventById = preparedRead("eventById", ["eventId"], (db, p) =>
  db.select().from(events).where(eq(events.eventId, p.eventId)),
);

/** The event with this id, hidden ones included; 404 when there is none. */
export async function findEventById(db: Db, eventId: string): Promise<EventRow> {
  const [row] = await rememberedRead(db, `eventById:${eventId}`, () => eventById(db, { eventId }));
  if (!row) throw notFound("Event", eventId);
  return row;
}

/** The visible event with these slugs; 404 when there is none (hidden events are reachable by id only). */
export async function findVisibleEventBySlugs(
  db: Db,
  organizerSlug: string,
  eventSlug: string,
): Promise<EventRow> {
  const [found] = await db
    .select({ event: events })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(and(eq(organizers.slug, organizerSlug), eq(events.slug, eventSlug), eq(events.visible, true)));
  if (!found) throw notFound("Event", `${organizerSlug}/${eventSlug}`);
  return found.event;
}

/** What a list of visible events is narrowed to; every field is optional. */
export interface EventFilter {
  organizerId?: string;
  eventGroupId?: string;
  eventCategoryId?: number;
  eventTypeId?: number;
  /** Leaves out events that ended at or before this instant. */
  notEndedAt?: Date;
}

/** Visible events matching the filter, by start time (the columns of their summaries). */
export async function listVisibleEvents(db: Db, filter: EventFilter): Promise<EventSummaryRow[]> {
  const where: SQL[] = [eq(events.visible, true)];
  if (filter.organizerId !== undefined) where.push(eq(events.organizerId, filter.organizerId));
  if (filter.eventTypeId !== undefined) where.push(eq(events.eventTypeId, filter.eventTypeId));
  if (filter.eventCategoryId !== undefined) {
    where.push(sql`${filter.eventCategoryId}::integer = any(${events.categoryIds})`);
  }
  if (filter.notEndedAt !== undefined) where.push(gt(events.endsAt, filter.notEndedAt));
  if (filter.eventGroupId !== undefined) {
    where.push(
      inArray(
        events.eventId,
        db
          .select({ id: eventGroupEvents.eventId })
          .from(eventGroupEvents)
          .where(eq(eventGroupEvents.eventGroupId, filter.eventGroupId)),
      ),
    );
  }
  // Read in pages, by start: each statement runs synchronously on the embedded engine, and the reads of a
  // page wait for a turn of the event loop, so a list of every event does not hold up other requests at once.
  // The next page starts after the last row's start (as the database's text: a Date holds milliseconds only)
  // and id, the order's keys.
  const rows: EventSummaryRow[] = [];
  let after: SQL | undefined;
  for (;;) {
    const page = await db
      .select({ ...summaryColumns, startKey: sql<string>`${events.startsAt}::text` })
      .from(events)
      .where(and(...where, after))
      .orderBy(...byStart)
      .limit(LIST_PAGE_ROWS);
    for (const { startKey: _, ...row } of page) rows.push(row);
    const last = page.at(-1);
    if (!last || page.length < LIST_PAGE_ROWS) return rows;
    after = sql`(${events.startsAt}, ${events.eventId}) > (${last.startKey}::timestamptz, ${last.eventId}::uuid)`;
  }
}

/** Rows a long list reads in one statement (of events, and of the ticket types of their events). */
export const LIST_PAGE_ROWS = 500;

/** Ticket-type facts of events: lowest price, units still on sale, and whether they have ticket types. */
export interface TicketFacts {
  priceFrom: number | null;
  priceTo: number | null;
  capacity: number;
  available: number;
  count: number;
  onSale: number;
  /** Sells a ticket type bound to a seated sector (its buyers pick seats). */
  sellsSeats: boolean;
}

/**
 * Ticket-type facts per event id, in two queries (ticket types and their availability) per `LIST_PAGE_ROWS`
 * events.
 */
export async function ticketFactsOf(
  db: Db,
  eventIds: string[],
  now: Date,
): Promise<Map<string, TicketFacts>> {
  const facts = new Map<string, TicketFacts>();
  for (let i = 0; i < eventIds.length; i += LIST_PAGE_ROWS) {
    const page = await ticketFactsOfPage(db, eventIds.slice(i, i + LIST_PAGE_ROWS), now);
    for (const [eventId, f] of page) facts.set(eventId, f);
  }
  return facts;
}

function ticketFactsOfPage(db: Db, eventIds: string[], now: Date): Promise<Map<string, TicketFacts>> {
  return rememberedRead(db, `ticketFacts:${eventIds.join(",")}:${now.toISOString()}`, () =>
    readTicketFacts(db, eventIds, now),
  );
}

const ticketFactRows = preparedRead("ticketFactsOfEvents", ["eventIds"], (db, p) =>
  db
    .select({
      id: ticketTypes.ticketTypeId,
      eventId: ticketTypes.eventId,
      price: ticketTypes.price,
      capacity: ticketTypes.capacity,
      sectorKind: sectors.kind,
      salesFrom: ticketTypes.salesFrom,
      salesTo: ticketTypes.salesTo,
    })
    .from(ticketTypes)
    .leftJoin(sectors, eq(sectors.sectorId, ticketTypes.sectorId))
    .where(anyOf(ticketTypes.eventId, p.eventIds)),
);

async function readTicketFacts(db: Db, eventIds: string[], now: Date): Promise<Map<string, TicketFacts>> {
  const facts = new Map<string, TicketFacts>();
  if (eventIds.length === 0) return facts;
  const [rows, availability] = await Promise.all([
    ticketFactRows(db, { eventIds }),
    ticketTypeAvailability(db, eventIds, now),
  ]);
  for (const row of rows) {
    const f = facts.get(row.eventId) ?? {
      priceFrom: null,
      priceTo: null,
      capacity: 0,
      available: 0,
      count: 0,
      onSale: 0,
      sellsSeats: false,
    };
    const available = availability.get(row.id) ?? 0;
    f.priceFrom = f.priceFrom === null ? row.price : Math.min(f.priceFrom, row.price);
    f.priceTo = f.priceTo === null ? row.price : Math.max(f.priceTo, row.price);
    f.capacity += row.capacity;
    f.available += available;
    f.count += 1;
    if (available > 0 && inSalesWindow(row, now)) f.onSale += 1;
    if (row.sectorKind === "seated") f.sellsSeats = true;
    facts.set(row.eventId, f);
  }
  return facts;
}

/** Sales state of an event from its ticket facts. */
export function salesState(row: EventSummaryRow, f: TicketFacts | undefined, now: Date) {
  return salesStateOf(row, f?.available ?? 0, (f?.count ?? 0) > 0, now);
}

/**
 * The visible events of an organizer (by slug) that have not ended, as summaries by start; 404 for no such
 * organizer.
 */
export async function upcomingEventsOfOrganizer(
  db: Db,
  organizerSlug: string,
  locale: ServiceLocale,
  now: Date,
): Promise<EventSummary[]> {
  const organizer = await findOrganizerBySlug(db, organizerSlug);
  const rows = await listVisibleEvents(db, { organizerId: organizer.organizerId, notEndedAt: now });
  return eventSummariesOut(db, rows, locale, now);
}

/** EventSummary of each event row, in the order given (a fixed number of queries). */
export async function eventSummariesOut(
  db: Db,
  rows: EventSummaryRow[],
  locale: ServiceLocale,
  now: Date,
): Promise<EventSummary[]> {
  if (rows.length === 0) return [];
  const [orgs, venueRows, facts] = await Promise.all([
    organizersById(
      db,
      rows.map((r) => r.organizerId),
    ),
    venuesById(
      db,
      rows.map((r) => r.venueId),
    ),
    ticketFactsOf(
      db,
      rows.map((r) => r.eventId),
      now,
    ),
  ]);
  return rows.map((row) =>
    summaryOf(
      row,
      required(orgs.get(row.organizerId), `organizer of ${row.eventId}`),
      row.venueId ? venueRows.get(row.venueId) : undefined,
      facts.get(row.eventId),
      locale,
      now,
    ),
  );
}

/** EventSummary of one row with its related rows already fetched. */
function summaryOf(
  row: EventSummaryRow,
  organizer: OrganizerRow,
  venue: VenueRow | undefined,
  facts: TicketFacts | undefined,
  locale: ServiceLocale,
  now: Date,
): EventSummary {
  return {
    eventId: row.eventId,
    organizerSlug: organizer.slug,
    eventSlug: row.slug,
    name: loc(row.name, locale),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    timezone: row.timezone,
    eventTypeId: row.eventTypeId,
    eventKindId: row.eventKindId,
    eventCategoryIds: row.categoryIds,
    currencyId: row.currencyId,
    salesState: salesState(row, facts, now),
    saleStartsAt: isoOrNull(row.saleStartsAt),
    priceFrom: facts?.priceFrom ?? null,
    poster: imageOut(row.poster, locale),
    venueName: venue ? loc(venue.name, locale) : null,
    city: venue ? loc(venue.address.city, locale) : null,
    flags: { popular: row.popular, ourSelection: row.ourSelection, special: row.special },
    visible: row.visible,
    updatedAt: iso(row.updatedAt),
  };
}

const organizerById = preparedRead("organizerById", ["organizerId"], (db, p) =>
  db.select().from(organizers).where(eq(organizers.organizerId, p.organizerId)),
);

const firstProgramEntry = preparedRead("firstProgramEntry", ["eventId"], (db, p) =>
  db
    .select({ id: programEntries.entryId })
    .from(programEntries)
    .where(eq(programEntries.eventId, p.eventId))
    .limit(1),
);

/** The event with everything its page shows. */
export async function eventOut(db: Db, row: EventRow, locale: ServiceLocale, now: Date): Promise<Event> {
  const [[organizer], venue, groups, facts, gallery, [program]] = await Promise.all([
    rememberedRead(db, `organizerById:${row.organizerId}`, () =>
      organizerById(db, { organizerId: row.organizerId }),
    ),
    venueOfEvent(db, row, locale),
    visibleGroupsOfEvent(db, row.eventId),
    ticketFactsOf(db, [row.eventId], now),
    galleryImagesOf(db, row.galleryIds, locale),
    rememberedRead(db, `hasProgram:${row.eventId}`, () => firstProgramEntry(db, { eventId: row.eventId })),
  ]);
  const org = required(organizer, `organizer of ${row.eventId}`);
  const eventFacts = facts.get(row.eventId);
  const summary = summaryOf(row, org, undefined, eventFacts, locale, now);
  return {
    ...summary,
    venueName: venue?.name ?? null,
    city: venue?.address.city ?? null,
    description: loc(row.description, locale),
    doorsAt: isoOrNull(row.doorsAt),
    saleEndsAt: isoOrNull(row.saleEndsAt),
    eventSizeId: row.eventSizeId,
    venue,
    gallery,
    galleryIds: row.galleryIds,
    eventGroups: groups.map((g) => ({
      eventGroupId: g.eventGroupId,
      eventGroupSlug: g.slug,
      namePub: loc(g.name, locale),
    })),
    organizer: organizerSummaryOut(org, locale),
    hasProgram: program !== undefined,
    hasSeatMap: eventFacts?.sellsSeats ?? false,
  };
}

const paymentMethodRows = preparedRead("paymentMethods", ["eventId"], (db, p) =>
  db
    .select()
    .from(eventPaymentMethods)
    .where(eq(eventPaymentMethods.eventId, p.eventId))
    .orderBy(asc(eventPaymentMethods.displayOrder), asc(eventPaymentMethods.paymentMethodId)),
);

/**
 * Payment methods offered for an event, by display order; names are the enumeration's labels. A gateway
 * method that no configured payment provider takes is left out.
 */
export async function paymentMethodsOf(
  db: Db,
  event: EventRow,
  locale: ServiceLocale,
  providers: readonly PaymentProviderName[],
): Promise<PaymentMethod[]> {
  const rows = await rememberedRead(db, `paymentMethods:${event.eventId}`, () =>
    paymentMethodRows(db, { eventId: event.eventId }),
  );
  return rows
    .filter((r) => !lacksProvider(providers, r.paymentMethodId))
    .map((r) => ({
      paymentMethodId: r.paymentMethodId,
      name: paymentMethodEnum.has(r.paymentMethodId)
        ? paymentMethodEnum.label(r.paymentMethodId, locale)
        : `#${r.paymentMethodId}`,
      description: null,
      feeAmount: r.feeAmount,
      currencyId: event.currencyId,
      displayOrder: r.displayOrder,
    }));
}
