/**
 * What a seat hold asks for, checked against the catalog before anything is written: the sector is a seated
 * sector of the event's venue that the event sells, the seats are its own, and each seat is sold as a ticket
 * type of the sector (the one named, else the one the hold already has it as, else the sector's first in
 * display order). Also the rule that seated ticket types are sold only with seats, and an order taking over
 * its hold's seats.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { reservationItems, seatClaims, seats, sectors, ticketTypes } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { HoldLine } from "./inventory.ts";
import { byDisplayOrder } from "./rows.ts";
import { heldSeatTypes, type SeatPick } from "./seat-claims.ts";

/** The seats a `reservation.seat` call asks for. */
export interface SeatRequest {
  sectorId: string;
  seatIds: string[];
  ticketTypeId?: string | undefined;
}

/** A checked seat hold: the hold's lines of the sector (per ticket type) and the seats to claim. */
export interface SeatPlan {
  lines: HoldLine[];
  seats: SeatPick[];
}

type TicketTypeRow = typeof ticketTypes.$inferSelect;

/** Checks a seat request of an event (its venue) and answers the lines to hold and the seats to claim. */
export async function planSeatHold(
  tx: Db,
  event: { eventId: string; venueId: string | null },
  reservationId: string | undefined,
  req: SeatRequest,
): Promise<SeatPlan> {
  const [sector] = await tx.select().from(sectors).where(eq(sectors.sectorId, req.sectorId));
  if (!sector || sector.venueId !== event.venueId || sector.kind !== "seated") {
    throw new ServiceError(404, "NOT_FOUND", `No seated sector "${req.sectorId}" at this event's venue`, {
      field: "sectorId",
    });
  }
  const types = (
    await tx
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, event.eventId), eq(ticketTypes.sectorId, req.sectorId)))
  ).sort(byDisplayOrder<TicketTypeRow>((t) => t.ticketTypeId));
  const first = types[0];
  if (!first) {
    throw new ServiceError(404, "NOT_FOUND", "No seats of this sector are sold for this event", {
      field: "sectorId",
    });
  }
  if (req.ticketTypeId !== undefined && !types.some((t) => t.ticketTypeId === req.ticketTypeId)) {
    throw new ServiceError(404, "NOT_FOUND", `Ticket type "${req.ticketTypeId}" is not sold in this sector`, {
      field: "ticketTypeId",
    });
  }
  const found =
    req.seatIds.length === 0
      ? []
      : await tx
          .select({ seatId: seats.seatId, sectorId: seats.sectorId })
          .from(seats)
          .where(inArray(seats.seatId, req.seatIds));
  const sectorOf = new Map(found.map((s) => [s.seatId, s.sectorId]));
  req.seatIds.forEach((seatId, index) => {
    if (sectorOf.get(seatId) !== req.sectorId) {
      throw new ServiceError(404, "NOT_FOUND", `Seat "${seatId}" is not a seat of this sector`, {
        field: `seatIds.${index}`,
      });
    }
  });
  const held = reservationId
    ? await heldSeatTypes(tx, reservationId, req.sectorId)
    : new Map<string, string>();
  const picks = req.seatIds.map((seatId) => ({
    seatId,
    ticketTypeId: req.ticketTypeId ?? held.get(seatId) ?? first.ticketTypeId,
  }));
  const counts = new Map<string, number>();
  for (const p of picks) counts.set(p.ticketTypeId, (counts.get(p.ticketTypeId) ?? 0) + 1);
  return {
    lines: [...counts].map(([ticketTypeId, count]) => ({ ticketTypeId, count, sectorId: req.sectorId })),
    seats: picks,
  };
}

/**
 * Refuses to sell a ticket type of a seated sector by count (standing holds, crowd holds, an order's items)
 * with 400 SEATS_REQUIRED naming the line: its seats must be chosen (`reservation.seat`).
 */
export async function refuseSeatedByCount(
  tx: Db,
  lines: { ticketTypeId: string; count: number }[],
  fieldOf: (index: number) => string,
): Promise<void> {
  const ids = lines.filter((l) => l.count > 0).map((l) => l.ticketTypeId);
  if (ids.length === 0) return;
  const seated = new Set(
    (
      await tx
        .select({ id: ticketTypes.ticketTypeId })
        .from(ticketTypes)
        .innerJoin(sectors, eq(sectors.sectorId, ticketTypes.sectorId))
        .where(and(inArray(ticketTypes.ticketTypeId, ids), eq(sectors.kind, "seated")))
    ).map((r) => r.id),
  );
  const index = lines.findIndex((l) => l.count > 0 && seated.has(l.ticketTypeId));
  if (index >= 0) {
    throw new ServiceError(400, "SEATS_REQUIRED", "Tickets of a seated sector are sold with chosen seats", {
      field: fieldOf(index),
    });
  }
}

/** A seat an order lists (`order.createV2` `seats`). */
interface ListedSeat {
  sectorId: string;
  seatId: string;
  ticketTypeId?: string | undefined;
}

/**
 * An order takes over its hold's seats (their claims become the order's). Seats the body lists must be
 * exactly the hold's, each as the ticket type it is held as (400 SEATS_NOT_HELD naming the seat); a hold that
 * lost seats it held (released or expired meanwhile) is 409 HOLD_EXPIRED. Runs after the order's ticket types
 * are locked, like every writer of seat claims.
 */
export async function takeHeldSeats(
  tx: Db,
  orderId: string,
  reservationId: string | undefined,
  listed: ListedSeat[],
): Promise<void> {
  if (!reservationId) {
    if (listed.length > 0) {
      throw new ServiceError(400, "SEATS_NOT_HELD", "Seats are bought through a seat reservation", {
        field: "reservationId",
      });
    }
    return;
  }
  const held = await tx
    .select()
    .from(seatClaims)
    .where(and(eq(seatClaims.reservationId, reservationId), isNull(seatClaims.orderId)));
  const byId = new Map(held.map((c) => [c.seatId, c]));
  listed.forEach((s, index) => {
    const claim = byId.get(s.seatId);
    if (
      !claim ||
      claim.sectorId !== s.sectorId ||
      (s.ticketTypeId && s.ticketTypeId !== claim.ticketTypeId)
    ) {
      throw new ServiceError(
        400,
        "SEATS_NOT_HELD",
        "This seat is not held as this ticket type by the reservation",
        {
          field: `seats.${index}`,
        },
      );
    }
  });
  if (listed.length > 0 && listed.length !== held.length) {
    throw new ServiceError(400, "SEATS_NOT_HELD", "The order must list every seat its reservation holds", {
      field: "seats",
    });
  }
  const [seated] = await tx
    .select({ count: sql<number>`coalesce(sum(${reservationItems.count}), 0)::int` })
    .from(reservationItems)
    .innerJoin(sectors, eq(sectors.sectorId, reservationItems.sectorId))
    .where(and(eq(reservationItems.reservationId, reservationId), eq(sectors.kind, "seated")));
  if (Number(seated?.count ?? 0) !== held.length) {
    throw new ServiceError(409, "HOLD_EXPIRED", "Seats of this reservation were released; hold them again", {
      field: "reservationId",
    });
  }
  await tx
    .update(seatClaims)
    .set({ orderId })
    .where(and(eq(seatClaims.reservationId, reservationId), isNull(seatClaims.orderId)));
}
