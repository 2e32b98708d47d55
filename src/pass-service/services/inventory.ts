/**
 * What is still on sale. The single place that computes availability, so every call (event pages, ticket
 * lists, price ranges, static paths) agrees: available = capacity − sold − active holds, never below zero.
 * (`sold` counts units of pending and paid orders; holds are the unexpired reservations.)
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { extraProducts, ticketTypes } from "../db/schema.ts";

/** Units still on sale per ticket type of the given events. */
export async function ticketTypeAvailability(
  db: Db,
  eventIds: string[],
  _now: Date,
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ticketTypes.ticketTypeId, capacity: ticketTypes.capacity, sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, eventIds));
  return new Map(rows.map((r) => [r.id, Math.max(0, r.capacity - r.sold)]));
}

/** Units still on sale per extra product of the given events. */
export async function extraProductAvailability(
  db: Db,
  eventIds: string[],
  _now: Date,
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: extraProducts.ticketProductId, capacity: extraProducts.capacity, sold: extraProducts.sold })
    .from(extraProducts)
    .where(inArray(extraProducts.eventId, eventIds));
  return new Map(rows.map((r) => [r.id, Math.max(0, r.capacity - r.sold)]));
}

/** Where an event stands in its sales, from its dates and what is left. */
export function salesStateOf(
  event: { saleStartsAt: Date | null; saleEndsAt: Date | null; endsAt: Date },
  availableTotal: number,
  hasTicketTypes: boolean,
  now: Date,
): "upcoming" | "onSale" | "soldOut" | "ended" {
  if (event.endsAt <= now || (event.saleEndsAt && event.saleEndsAt <= now)) return "ended";
  if (event.saleStartsAt && event.saleStartsAt > now) return "upcoming";
  if (hasTicketTypes && availableTotal === 0) return "soldOut";
  return "onSale";
}
