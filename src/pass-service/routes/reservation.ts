/**
 * Reservation area of spec §7 (reads): a sector of an event's venue and its seats, plus the event's list of
 * sectors (`event.sectors`), which shares the sector mapper.
 */
import { eventCalls } from "../../contract/event.ts";
import { reservationCalls } from "../../contract/reservation.ts";
import type { ServiceDeps } from "../app.ts";
import type { HandlerTable } from "../http.ts";
import { sectorOfEvent, sectorsOfEvent } from "../services/products.ts";

/** Registers the read calls of the reservation area and `event.sectors`. */
export function registerReservationRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(eventCalls.sectors, async ({ params, locale }) => ({
    sectors: await sectorsOfEvent(db, params.eventId, locale, deps.clock.now()),
  }));

  table.serve(reservationCalls.sector, async ({ params, query, locale }) => {
    const { sector } = await sectorOfEvent(db, params.sectorId, query.eventId, locale, deps.clock.now());
    return { sector };
  });

  table.serve(reservationCalls.sectorSeats, async ({ params, query, locale }) => {
    const { seats } = await sectorOfEvent(db, params.sectorId, query.eventId, locale, deps.clock.now());
    return { seats };
  });
}
