/**
 * The few facts about an event that what it sells needs: its organizer, venue, currency and chip credit
 * limit.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { events } from "../db/schema.ts";
import { notFound } from "../errors.ts";

/** What the catalog's calls (ticket types, extras, codes, sectors) need to know about an event. */
export interface EventBasics {
  eventId: string;
  organizerId: string;
  venueId: string | null;
  currencyId: number;
  chipCreditLimit: { minAmount: number; maxAmount: number; step: number } | null;
}

const basicsRows = preparedRead("eventBasics", ["eventId"], (db, p) =>
  db
    .select({
      eventId: events.eventId,
      organizerId: events.organizerId,
      venueId: events.venueId,
      currencyId: events.currencyId,
      chipCreditLimit: events.chipCreditLimit,
    })
    .from(events)
    .where(eq(events.eventId, p.eventId)),
);

/** The basics of an event; a 404 when there is no such event. */
export async function eventBasics(db: Db, eventId: string): Promise<EventBasics> {
  const rows = await rememberedRead(db, `eventBasics:${eventId}`, () => basicsRows(db, { eventId }));
  const event = rows[0];
  if (!event) throw notFound("Event", eventId);
  return event;
}
