/** The event of an order as answers about the order name it: its organizer, venue and short reference. */
import { eq } from "drizzle-orm";
import type { EventRef } from "../../contract/common.ts";
import type { Db } from "../db/index.ts";
import { events, type orderLines, organizers, venues } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { iso, loc } from "./localize.ts";

type LineRow = typeof orderLines.$inferSelect;

/** The event of an order with its venue and organizer, for answers about the order. */
export interface OrderEvent {
  event: typeof events.$inferSelect;
  organizer: typeof organizers.$inferSelect;
  venue: typeof venues.$inferSelect | null;
}

/** The event of an order with its organizer and venue; 404 when there is none. */
export async function orderEvent(db: Db, eventId: string): Promise<OrderEvent> {
  const [row] = await db
    .select({ event: events, organizer: organizers, venue: venues })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .leftJoin(venues, eq(venues.venueId, events.venueId))
    .where(eq(events.eventId, eventId));
  if (!row) throw new ServiceError(404, "NOT_FOUND", `Event "${eventId}" was not found`);
  return row;
}

/** A short reference to the event of an order. */
export function eventRefOf(e: OrderEvent, locale: ServiceLocale): EventRef {
  return {
    eventId: e.event.eventId,
    organizerSlug: e.organizer.slug,
    eventSlug: e.event.slug,
    name: loc(e.event.name, locale),
    startsAt: iso(e.event.startsAt),
    endsAt: iso(e.event.endsAt),
    timezone: e.event.timezone,
    venueName: e.venue ? loc(e.venue.name, locale) : null,
    city: e.venue ? loc(e.venue.address.city, locale) : null,
  };
}

/** The ticket type of an order line, as tickets and orders name it. */
export function ticketTypeRefOf(l: LineRow, locale: ServiceLocale) {
  return {
    ticketTypeId: l.ticketTypeId ?? "",
    namePub: loc(l.name, locale),
    price: l.unitPrice,
    displayOrder: l.displayOrder,
    ticketTypeGroup:
      l.groupId && l.groupName ? { ticketTypeGroupId: l.groupId, namePub: loc(l.groupName, locale) } : null,
  };
}

/** The event reference and organizer name of an order (for documents). */
export async function orderEventRef(db: Db, eventId: string, locale: ServiceLocale) {
  const e = await orderEvent(db, eventId);
  return { ref: eventRefOf(e, locale), organizerName: loc(e.organizer.name, locale) };
}
