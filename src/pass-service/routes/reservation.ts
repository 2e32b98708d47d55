/**
 * Reservation area of spec §7 (reads): a sector of an event's venue and its seats, plus the event's list of
 * sectors (`event.sectors`), which shares the sector mapper.
 */
import type { Context } from "hono";
import { eventCalls } from "../../contract/event.ts";
import { reservationCalls } from "../../contract/reservation.ts";
import type { ServiceDeps } from "../app.ts";
import type { HandlerTable } from "../http.ts";
import { releaseHold } from "../services/inventory.ts";
import { sectorOfEvent, sectorsOfEvent } from "../services/products.ts";
import { holdTickets, reservationOut } from "../services/reservations.ts";

/** Registers the calls of the reservation area and `event.sectors`. */
export function registerReservationRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  /** How long holds last, and the request's client's cap on places (when per-client limits are on). */
  const holdLimits = (c: Context) => ({
    holdMs: deps.settings.holdMs,
    holdMaxMs: deps.settings.limits.holdMaxMs,
    cap: deps.settings.limits.enabled
      ? { clientKey: deps.limits.clientKey(c), maxPlaces: deps.settings.limits.holdPlaces }
      : null,
  });

  table.serve(eventCalls.sectors, async ({ params, locale }) => ({
    sectors: await sectorsOfEvent(db, params.eventId, locale, deps.clock.now()),
  }));

  table.serve(reservationCalls.sector, async ({ params, query, locale }) => {
    const { sector } = await sectorOfEvent(db, params.sectorId, query.eventId, locale, deps.clock.now());
    return { sector };
  });

  table.serve(reservationCalls.create, async ({ body, locale, c }) => {
    const now = deps.clock.now();
    const reservationId = await holdTickets(db, {
      eventId: body.eventId,
      reservationId: body.reservationId,
      replaces: { kind: "standing" },
      lines: body.items.map((i) => ({ ticketTypeId: i.ticketTypeId, count: i.count, sectorId: null })),
      now,
      ...holdLimits(c),
      locale,
    });
    return { reservation: await reservationOut(db, reservationId, now) };
  });

  table.serve(reservationCalls.crowd, async ({ body, locale, c }) => {
    const now = deps.clock.now();
    const reservationId = await holdTickets(db, {
      eventId: body.eventId,
      reservationId: body.reservationId,
      replaces: { kind: "sector", sectorId: body.sectorId, ticketTypeId: body.ticketTypeId },
      lines: [{ ticketTypeId: body.ticketTypeId, count: body.count, sectorId: body.sectorId }],
      now,
      ...holdLimits(c),
      locale,
    });
    return { reservation: await reservationOut(db, reservationId, now) };
  });

  table.serve(reservationCalls.delete, async ({ query }) => {
    await releaseHold(db, query.reservationId, deps.clock.now());
    return {};
  });

  table.serve(reservationCalls.sectorSeats, async ({ params, query, locale }) => {
    const { seats } = await sectorOfEvent(db, params.sectorId, query.eventId, locale, deps.clock.now());
    return { seats };
  });
}
