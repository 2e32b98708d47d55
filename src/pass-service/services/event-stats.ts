/** An event at a glance (v2): its price range, its availability and how many accounts favour its line-up. */
import { eq, inArray, or, sql } from "drizzle-orm";
import type { PriceRange, QuickStats } from "../../contract/v2.ts";
import type { Db } from "../db/index.ts";
import { eventBands, eventPerformers } from "../db/schema.ts";
import { type EventRow, salesState, ticketFactsOf } from "./events.ts";
import { favoritesSource } from "./profiles.ts";

/** Share of capacity at or below which an event counts as nearly sold out (QuickStats.lowAvailability). */
export const LOW_AVAILABILITY_SHARE = 0.1;

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
