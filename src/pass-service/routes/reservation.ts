/**
 * Reservation area of spec §7: holding standing tickets, a sector's places or chosen seats (idempotent),
 * releasing a hold,
 * and a sector of an event's venue with its seats.
 */
import type { Context } from "hono";
import { reservationCalls } from "../../contract/reservation.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { releaseHold } from "../services/inventory.ts";
import { type HoldRequest, holdTickets, reservationOut } from "../services/reservations.ts";
import { sectorOfEvent } from "../services/sectors.ts";

/** Registers the calls of the reservation area. */
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

  table.serve(reservationCalls.sector, async ({ params, query, locale }) => {
    const { sector } = await sectorOfEvent(db, params.sectorId, query.eventId, locale, deps.clock.now());
    return { sector };
  });

  /** Holds (or changes a hold) under the request's Idempotency-Key and answers the hold as it stands now. */
  const hold = async (
    def: { id: string },
    input: {
      body: { eventId: string; reservationId?: string | undefined };
      idempotencyKey?: string | undefined;
      c: Context;
    },
    change: Pick<HoldRequest, "replaces" | "lines" | "fieldOf" | "typeFieldOf" | "seats" | "locale">,
  ) => {
    const now = deps.clock.now();
    const reservationId = await holdTickets(db, {
      callId: def.id,
      idempotencyKey: input.idempotencyKey,
      body: input.body,
      eventId: input.body.eventId,
      reservationId: input.body.reservationId,
      now,
      ...holdLimits(input.c),
      ...change,
    });
    return { reservation: await reservationOut(db, reservationId, now, change.locale) };
  };

  table.serve(reservationCalls.create, (input) =>
    hold(reservationCalls.create, input, {
      replaces: { kind: "standing" },
      lines: input.body.items.map((i) => ({ ticketTypeId: i.ticketTypeId, count: i.count, sectorId: null })),
      fieldOf: (index) => `items.${index}`,
      typeFieldOf: (index) => `items.${index}`,
      locale: input.locale,
    }),
  );

  table.serve(reservationCalls.crowd, (input) => {
    const { body } = input;
    return hold(reservationCalls.crowd, input, {
      replaces: { kind: "sector", sectorId: body.sectorId, ticketTypeId: body.ticketTypeId },
      lines: [{ ticketTypeId: body.ticketTypeId, count: body.count, sectorId: body.sectorId }],
      fieldOf: () => "count",
      typeFieldOf: () => "ticketTypeId",
      locale: input.locale,
    });
  });

  table.serve(reservationCalls.seat, (input) => {
    const { body } = input;
    return hold(reservationCalls.seat, input, {
      replaces: { kind: "seats", sectorId: body.sectorId },
      lines: [],
      fieldOf: () => "seatIds",
      typeFieldOf: () => "seatIds",
      seats: { sectorId: body.sectorId, seatIds: body.seatIds, ticketTypeId: body.ticketTypeId },
      locale: input.locale,
    });
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
