/**
 * Events, event groups (tours), organizers, venues, payment methods and partners: the queries that find them
 * and the mappers that turn their rows into the contract's shapes in the request's language. Lists are built
 * from a fixed number of queries whatever their length (related rows are fetched in batches with `inArray`).
 */
import { and, asc, count, eq, gt, inArray, max, min, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Event, EventGroup, EventSummary, PaymentMethod, Venue } from "../../contract/event.ts";
import type { Organizer } from "../../contract/organizer.ts";
import type {
  OrgPartner,
  PriceRange,
  QuickStats,
  StaticPathEvent,
  StaticPathGroup,
  StaticPathOrganizer,
} from "../../contract/v2.ts";
import { paymentMethod as paymentMethodEnum } from "../../lib/enums/payment-method.ts";
import type { Db } from "../db/index.ts";
import {
  eventBands,
  eventGroupEvents,
  eventGroups,
  eventPaymentMethods,
  eventPerformers,
  events,
  organizers,
  orgPartners,
  programEntries,
  seats,
  sectors,
  ticketTypes,
  venues,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { lacksProvider, type PaymentProviderName } from "../payment-providers.ts";
import { salesStateOf, ticketTypeAvailability } from "./inventory.ts";
import { addressOut, imageOut, iso, isoOrNull, loc, locOrNull } from "./localize.ts";
import { favoritesSource, galleryImagesOf } from "./profiles.ts";

/** A row of the events table. */
export type EventRow = typeof events.$inferSelect;
/** A row of the event groups table. */
export type EventGroupRow = typeof eventGroups.$inferSelect;
/** A row of the organizers table. */
export type OrganizerRow = typeof organizers.$inferSelect;
/** A row of the venues table. */
export type VenueRow = typeof venues.$inferSelect;

/** Share of capacity at or below which an event counts as nearly sold out (QuickStats.lowAvailability). */
export const LOW_AVAILABILITY_SHARE = 0.1;

const byStart = [asc(events.startsAt), asc(events.eventId)] as const;

// ---------------------------------------------------------------------------------------------------------
// Finding rows
// ---------------------------------------------------------------------------------------------------------

/** The event with this id, hidden ones included; 404 when there is none. */
export async function findEventById(db: Db, eventId: string): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.eventId, eventId));
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

/** The organizer with this slug; 404 when there is none. */
export async function findOrganizerBySlug(db: Db, organizerSlug: string): Promise<OrganizerRow> {
  const [row] = await db.select().from(organizers).where(eq(organizers.slug, organizerSlug));
  if (!row) throw notFound("Organizer", organizerSlug);
  return row;
}

/** The visible event group with this slug; 404 when there is none or it is hidden. */
export async function findVisibleGroupBySlug(db: Db, eventGroupSlug: string): Promise<EventGroupRow> {
  const [row] = await db
    .select()
    .from(eventGroups)
    .where(and(eq(eventGroups.slug, eventGroupSlug), eq(eventGroups.visible, true)));
  if (!row) throw notFound("Event group", eventGroupSlug);
  return row;
}

/** The event group with this id (hidden ones included); 404 when there is none. */
export async function findGroupById(db: Db, eventGroupId: string): Promise<EventGroupRow> {
  const [row] = await db.select().from(eventGroups).where(eq(eventGroups.eventGroupId, eventGroupId));
  if (!row) throw notFound("Event group", eventGroupId);
  return row;
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

/** Visible events matching the filter, by start time. */
export async function listVisibleEvents(db: Db, filter: EventFilter): Promise<EventRow[]> {
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
  return db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(...byStart);
}

/** Visible event groups, of one organizer or of all, by slug. */
export async function listVisibleGroups(db: Db, organizerId?: string): Promise<EventGroupRow[]> {
  const where = [eq(eventGroups.visible, true)];
  if (organizerId !== undefined) where.push(eq(eventGroups.organizerId, organizerId));
  return db
    .select()
    .from(eventGroups)
    .where(and(...where))
    .orderBy(asc(eventGroups.slug));
}

/** Visible event groups an event belongs to, by slug. */
export async function visibleGroupsOfEvent(db: Db, eventId: string): Promise<EventGroupRow[]> {
  const rows = await db
    .select({ group: eventGroups })
    .from(eventGroupEvents)
    .innerJoin(eventGroups, eq(eventGroups.eventGroupId, eventGroupEvents.eventGroupId))
    .where(and(eq(eventGroupEvents.eventId, eventId), eq(eventGroups.visible, true)))
    .orderBy(asc(eventGroups.slug));
  return rows.map((r) => r.group);
}

/** Condition true for organizers with a visible event (past ones included) or a visible event group. */
function organizerIsVisible(db: Db): SQL {
  return or(
    inArray(
      organizers.organizerId,
      db.select({ id: events.organizerId }).from(events).where(eq(events.visible, true)),
    ),
    inArray(
      organizers.organizerId,
      db.select({ id: eventGroups.organizerId }).from(eventGroups).where(eq(eventGroups.visible, true)),
    ),
  ) as SQL;
}

/** Organizers with a visible event or event group, by slug. */
export async function listVisibleOrganizers(db: Db): Promise<OrganizerRow[]> {
  return db.select().from(organizers).where(organizerIsVisible(db)).orderBy(asc(organizers.slug));
}

// ---------------------------------------------------------------------------------------------------------
// Mappers
// ---------------------------------------------------------------------------------------------------------

/** Ticket-type facts of events: lowest price, units still on sale, and whether they have ticket types. */
interface TicketFacts {
  priceFrom: number | null;
  priceTo: number | null;
  capacity: number;
  available: number;
  count: number;
  onSale: number;
  boundToSector: boolean;
}

/** Ticket-type facts per event id, in two queries (ticket types and their availability). */
async function ticketFactsOf(db: Db, eventIds: string[], now: Date): Promise<Map<string, TicketFacts>> {
  const facts = new Map<string, TicketFacts>();
  if (eventIds.length === 0) return facts;
  const [rows, availability] = await Promise.all([
    db
      .select({
        id: ticketTypes.ticketTypeId,
        eventId: ticketTypes.eventId,
        price: ticketTypes.price,
        capacity: ticketTypes.capacity,
        sectorId: ticketTypes.sectorId,
        salesFrom: ticketTypes.salesFrom,
        salesTo: ticketTypes.salesTo,
      })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, eventIds)),
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
      boundToSector: false,
    };
    const available = availability.get(row.id) ?? 0;
    f.priceFrom = f.priceFrom === null ? row.price : Math.min(f.priceFrom, row.price);
    f.priceTo = f.priceTo === null ? row.price : Math.max(f.priceTo, row.price);
    f.capacity += row.capacity;
    f.available += available;
    f.count += 1;
    const inWindow = (!row.salesFrom || row.salesFrom <= now) && (!row.salesTo || row.salesTo > now);
    if (available > 0 && inWindow) f.onSale += 1;
    if (row.sectorId) f.boundToSector = true;
    facts.set(row.eventId, f);
  }
  return facts;
}

/** Sales state of an event from its ticket facts. */
function salesState(row: EventRow, f: TicketFacts | undefined, now: Date) {
  return salesStateOf(row, f?.available ?? 0, (f?.count ?? 0) > 0, now);
}

/** Organizer rows by id for the given ids (one query). */
async function organizersById(db: Db, ids: string[]): Promise<Map<string, OrganizerRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(organizers).where(inArray(organizers.organizerId, unique));
  return new Map(rows.map((r) => [r.organizerId, r]));
}

/** Venue rows by id for the given ids (one query). */
async function venuesById(db: Db, ids: (string | null)[]): Promise<Map<string, VenueRow>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(venues).where(inArray(venues.venueId, unique));
  return new Map(rows.map((r) => [r.venueId, r]));
}

/** Row of an organizer missing for an event: cannot happen (foreign key), but fail loudly if it does. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Missing ${what}`);
  return value;
}

/** EventSummary of each event row, in the order given (a fixed number of queries). */
export async function eventSummariesOut(
  db: Db,
  rows: EventRow[],
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
  row: EventRow,
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

/** Venues of the contract by venue id, with sector facts (seated, capacity), in two queries. */
export async function venuesOut(
  db: Db,
  venueRows: VenueRow[],
  locale: ServiceLocale,
): Promise<Map<string, Venue>> {
  const out = new Map<string, Venue>();
  if (venueRows.length === 0) return out;
  const ids = venueRows.map((v) => v.venueId);
  const sectorRows = await db
    .select({
      venueId: sectors.venueId,
      kind: sectors.kind,
      capacity: sectors.capacity,
      seatCount: count(seats.seatId),
    })
    .from(sectors)
    .leftJoin(seats, eq(seats.sectorId, sectors.sectorId))
    .where(inArray(sectors.venueId, ids))
    .groupBy(sectors.sectorId, sectors.venueId, sectors.kind, sectors.capacity);
  for (const v of venueRows) {
    const own = sectorRows.filter((s) => s.venueId === v.venueId);
    const capacity = own.reduce(
      (sum, s) => sum + (s.kind === "seated" ? Number(s.seatCount) : (s.capacity ?? 0)),
      0,
    );
    out.set(v.venueId, {
      venueId: v.venueId,
      name: loc(v.name, locale),
      venueTypeId: v.venueTypeId,
      address: addressOut(v.address, locale),
      geo: v.lat !== null && v.lng !== null ? { lat: v.lat, lng: v.lng } : null,
      description: locOrNull(v.description, locale),
      image: imageOut(v.image, locale),
      capacity: own.length > 0 ? capacity : null,
      seated: own.some((s) => s.kind === "seated"),
    });
  }
  return out;
}

/** The venue of an event, or null when it has none. */
export async function venueOfEvent(db: Db, event: EventRow, locale: ServiceLocale): Promise<Venue | null> {
  if (!event.venueId) return null;
  const [row] = await db.select().from(venues).where(eq(venues.venueId, event.venueId));
  if (!row) return null;
  return (await venuesOut(db, [row], locale)).get(row.venueId) ?? null;
}

/** The short organizer reference of the contract. */
function organizerSummaryOut(row: OrganizerRow, locale: ServiceLocale) {
  return { organizerId: row.organizerId, organizerSlug: row.slug, name: loc(row.name, locale) };
}

/** An organizer of the contract. */
export function organizerOut(row: OrganizerRow, locale: ServiceLocale): Organizer {
  return {
    ...organizerSummaryOut(row, locale),
    description: locOrNull(row.description, locale),
    logo: imageOut(row.logo, locale),
    web: row.web,
    email: row.email,
    phone: row.phone,
    countryId: row.countryId,
    address: row.address ? addressOut(row.address, locale) : null,
    updatedAt: iso(row.updatedAt),
  };
}

/** Organizers of the contract, sorted by their name in the locale. */
export function organizersOut(rows: OrganizerRow[], locale: ServiceLocale): Organizer[] {
  return rows
    .map((r) => organizerOut(r, locale))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.organizerSlug.localeCompare(b.organizerSlug));
}

/** The event with everything its page shows. */
export async function eventOut(db: Db, row: EventRow, locale: ServiceLocale, now: Date): Promise<Event> {
  const [[organizer], venue, groups, facts, gallery, [program]] = await Promise.all([
    db.select().from(organizers).where(eq(organizers.organizerId, row.organizerId)),
    venueOfEvent(db, row, locale),
    visibleGroupsOfEvent(db, row.eventId),
    ticketFactsOf(db, [row.eventId], now),
    galleryImagesOf(db, row.galleryIds, locale),
    db
      .select({ id: programEntries.entryId })
      .from(programEntries)
      .where(eq(programEntries.eventId, row.eventId))
      .limit(1),
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
    hasSeatMap: (venue?.seated ?? false) && (eventFacts?.boundToSector ?? false),
  };
}

/**
 * Event groups of the contract, in the order given. `dateFrom`, `dateTo` and `eventCount` cover the group's
 * visible events, past ones included (a fixed number of queries).
 */
export async function eventGroupsOut(
  db: Db,
  rows: EventGroupRow[],
  locale: ServiceLocale,
): Promise<EventGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((g) => g.eventGroupId);
  const [orgs, spans] = await Promise.all([
    organizersById(
      db,
      rows.map((g) => g.organizerId),
    ),
    db
      .select({
        eventGroupId: eventGroupEvents.eventGroupId,
        dateFrom: min(events.startsAt),
        dateTo: max(events.endsAt),
        eventCount: count(events.eventId),
      })
      .from(eventGroupEvents)
      .innerJoin(events, eq(events.eventId, eventGroupEvents.eventId))
      .where(and(inArray(eventGroupEvents.eventGroupId, ids), eq(events.visible, true)))
      .groupBy(eventGroupEvents.eventGroupId),
  ]);
  const spanOf = new Map(spans.map((s) => [s.eventGroupId, s]));
  return rows.map((g) => {
    const span = spanOf.get(g.eventGroupId);
    return {
      eventGroupId: g.eventGroupId,
      eventGroupSlug: g.slug,
      namePub: loc(g.name, locale),
      description: locOrNull(g.description, locale),
      poster: imageOut(g.poster, locale),
      organizerId: g.organizerId,
      organizerSlug: required(orgs.get(g.organizerId), `organizer of ${g.eventGroupId}`).slug,
      dateFrom: span?.dateFrom ? iso(asDate(span.dateFrom)) : null,
      dateTo: span?.dateTo ? iso(asDate(span.dateTo)) : null,
      eventCount: Number(span?.eventCount ?? 0),
      visible: g.visible,
      updatedAt: iso(g.updatedAt),
    };
  });
}

/** One event group of the contract. */
export async function eventGroupOut(db: Db, row: EventGroupRow, locale: ServiceLocale): Promise<EventGroup> {
  const [group] = await eventGroupsOut(db, [row], locale);
  return required(group, `event group ${row.eventGroupId}`);
}

/** An aggregate timestamp as a Date, whichever form the driver hands it in. */
function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Visible event groups (of one organizer, or all) as listed: by their first visible event, groups without
 * one last, then by slug.
 */
export async function visibleGroupsOut(
  db: Db,
  locale: ServiceLocale,
  organizerId?: string,
): Promise<EventGroup[]> {
  return sortGroupsByDate(await eventGroupsOut(db, await listVisibleGroups(db, organizerId), locale));
}

/** Event groups sorted for listing: by their first visible event (groups without one last), then slug. */
function sortGroupsByDate(groups: EventGroup[]): EventGroup[] {
  return [...groups].sort((a, b) => {
    if (a.dateFrom !== b.dateFrom) {
      if (a.dateFrom === null) return 1;
      if (b.dateFrom === null) return -1;
      return Date.parse(a.dateFrom) - Date.parse(b.dateFrom);
    }
    return a.eventGroupSlug.localeCompare(b.eventGroupSlug);
  });
}

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
  const rows = await db
    .select()
    .from(eventPaymentMethods)
    .where(eq(eventPaymentMethods.eventId, event.eventId))
    .orderBy(asc(eventPaymentMethods.displayOrder), asc(eventPaymentMethods.paymentMethodId));
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

/** Partners of an event (`event`) or of an event group (`group`), by display order. */
export async function orgPartnersOf(
  db: Db,
  of: { eventId: string } | { eventGroupId: string },
  locale: ServiceLocale,
): Promise<OrgPartner[]> {
  const where =
    "eventId" in of
      ? sql`${orgPartners.eventIds} @> array[${of.eventId}]::uuid[]`
      : sql`${orgPartners.eventGroupIds} @> array[${of.eventGroupId}]::uuid[]`;
  const rows = await db
    .select()
    .from(orgPartners)
    .where(where)
    .orderBy(asc(orgPartners.displayOrder), asc(orgPartners.orgPartnerId));
  return rows.map((p) => ({
    orgPartnerId: p.orgPartnerId,
    name: loc(p.name, locale),
    description: locOrNull(p.description, locale),
    logo: imageOut(p.logo, locale),
    url: p.url,
    displayOrder: p.displayOrder,
  }));
}

/** Lowest and highest ticket price of an event, or null when it has no ticket types. */
export async function priceRangeOf(db: Db, event: EventRow, now: Date): Promise<PriceRange | null> {
  const facts = (await ticketFactsOf(db, [event.eventId], now)).get(event.eventId);
  if (!facts || facts.priceFrom === null || facts.priceTo === null) return null;
  return { minPrice: facts.priceFrom, maxPrice: facts.priceTo, currencyId: event.currencyId };
}

/** How many accounts marked a band or performer of the event's line-up as favorite (each account once). */
export async function eventFavoriteCount(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({ favorites: sql<number>`count(distinct f.account_id)::int` })
    .from(sql`(${favoritesSource("band")} union all ${favoritesSource("performer")}) as f`)
    .where(
      or(
        inArray(
          sql`f.profile_id`,
          db.select({ id: eventBands.bandId }).from(eventBands).where(eq(eventBands.eventId, eventId)),
        ),
        inArray(
          sql`f.profile_id`,
          db
            .select({ id: eventPerformers.performerId })
            .from(eventPerformers)
            .where(eq(eventPerformers.eventId, eventId)),
        ),
      ),
    );
  return Number(row?.favorites ?? 0);
}

/**
 * Availability of an event at a glance. `ticketTypesOnSale` counts ticket types with units left inside
 * their sales window while the event is on sale; `favoriteCount` is `eventFavoriteCount`.
 */
export async function quickStatsOf(db: Db, event: EventRow, now: Date): Promise<QuickStats> {
  const [facts, favoriteCount] = await Promise.all([
    ticketFactsOf(db, [event.eventId], now).then((m) => m.get(event.eventId)),
    eventFavoriteCount(db, event.eventId),
  ]);
  const state = salesState(event, facts, now);
  const capacity = facts?.capacity ?? 0;
  const available = Math.min(facts?.available ?? 0, capacity);
  const soldPercent =
    capacity > 0 ? Math.min(100, Math.max(0, Math.round(((capacity - available) / capacity) * 100))) : 0;
  return {
    eventId: event.eventId,
    salesState: state,
    capacity,
    available,
    soldPercent,
    lowAvailability: capacity > 0 && available <= capacity * LOW_AVAILABILITY_SHARE,
    ticketTypesOnSale: state === "onSale" ? (facts?.onSale ?? 0) : 0,
    favoriteCount,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Static-path lists (one query each)
// ---------------------------------------------------------------------------------------------------------

/** Every visible event page (past events too: their pages stay online), by start time. */
export async function staticPathEvents(db: Db): Promise<z.input<typeof StaticPathEvent>[]> {
  const rows = await db
    .select({
      eventId: events.eventId,
      organizerSlug: organizers.slug,
      eventSlug: events.slug,
      updatedAt: events.updatedAt,
      digest: events.digest,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(eq(events.visible, true))
    .orderBy(...byStart);
  return rows.map((r) => ({
    eventId: r.eventId,
    organizerSlug: r.organizerSlug,
    eventSlug: r.eventSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Every visible event group page, by slug. */
export async function staticPathGroups(db: Db): Promise<z.input<typeof StaticPathGroup>[]> {
  const rows = await db
    .select({
      eventGroupId: eventGroups.eventGroupId,
      eventGroupSlug: eventGroups.slug,
      updatedAt: eventGroups.updatedAt,
      digest: eventGroups.digest,
    })
    .from(eventGroups)
    .where(eq(eventGroups.visible, true))
    .orderBy(asc(eventGroups.slug));
  return rows.map((r) => ({
    eventGroupId: r.eventGroupId,
    eventGroupSlug: r.eventGroupSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Every page of an organizer with a visible event or event group, by slug. */
export async function staticPathOrganizers(db: Db): Promise<z.input<typeof StaticPathOrganizer>[]> {
  const rows = await db
    .select({ organizerSlug: organizers.slug, updatedAt: organizers.updatedAt, digest: organizers.digest })
    .from(organizers)
    .where(organizerIsVisible(db))
    .orderBy(asc(organizers.slug));
  return rows.map((r) => ({
    organizerSlug: r.organizerSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Slugs of organizers with a visible event or event group, sorted. */
export async function visibleOrganizerSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: organizers.slug })
    .from(organizers)
    .where(organizerIsVisible(db))
    .orderBy(asc(organizers.slug));
  return rows.map((r) => r.slug);
}
