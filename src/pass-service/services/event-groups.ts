/**
 * Event groups (tours): finding the visible ones and answering them with the span of their visible events.
 */
import { and, asc, count, eq, inArray, max, min } from "drizzle-orm";
import type { EventGroup } from "../../contract/event.ts";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { eventGroupEvents, eventGroups, events } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { imageOut, iso, loc, locOrNull } from "./localize.ts";
import { organizersById } from "./organizers.ts";
import { required } from "./rows.ts";

/** A row of the event groups table. */
export type EventGroupRow = typeof eventGroups.$inferSelect;

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

const visibleGroupRows = preparedRead("visibleGroupsOfEvent", ["eventId"], (db, p) =>
  db
    .select({ group: eventGroups })
    .from(eventGroupEvents)
    .innerJoin(eventGroups, eq(eventGroups.eventGroupId, eventGroupEvents.eventGroupId))
    .where(and(eq(eventGroupEvents.eventId, p.eventId), eq(eventGroups.visible, true)))
    .orderBy(asc(eventGroups.slug)),
);

/** Visible event groups an event belongs to, by slug. */
export async function visibleGroupsOfEvent(db: Db, eventId: string): Promise<EventGroupRow[]> {
  const rows = await rememberedRead(db, `visibleGroupsOfEvent:${eventId}`, () =>
    visibleGroupRows(db, { eventId }),
  );
  return rows.map((r) => r.group);
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
