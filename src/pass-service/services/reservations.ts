/** Holds as the contract answers them, and the calls that write them (logic in ./inventory.ts). */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Reservation } from "../../contract/reservation.ts";
import type { Db } from "../db/index.ts";
import { events, reservationItems, reservations, ticketTypes } from "../db/schema.ts";
import type { ServiceLocale } from "../http.ts";
import { type ClientCap, holdStatusAt } from "./hold-limits.ts";
import { runIdempotent } from "./idempotency.ts";
import { assertEventOnSale, type HoldChange, type HoldLine, writeHold } from "./inventory.ts";
import { iso, loc } from "./localize.ts";
import { expireDueOrders } from "./orders/lifecycle.ts";
import { compareText, required } from "./rows.ts";
import { claimedSeats, claimSeats, seatsOfType } from "./seat-claims.ts";
import { planSeatHold, refuseSeatedByCount, type SeatRequest } from "./seat-holds.ts";

/** A hold in the contract's shape (status `expired` once its time is up). */
export async function reservationOut(
  db: Db,
  reservationId: string,
  now: Date,
  locale: ServiceLocale,
): Promise<Reservation> {
  // Called with the id of a hold just written.
  const hold = required(
    (await db.select().from(reservations).where(eq(reservations.reservationId, reservationId)))[0],
    // Stryker disable next-line StringLiteral: names a row that always exists
    `reservation ${reservationId}`,
  );
  const items = await db
    .select()
    .from(reservationItems)
    .where(eq(reservationItems.reservationId, reservationId));
  const prices = new Map(
    // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
    items.length === 0
      ? []
      : (
          await db
            .select({ id: ticketTypes.ticketTypeId, price: ticketTypes.price })
            .from(ticketTypes)
            .where(
              inArray(
                ticketTypes.ticketTypeId,
                items.map((i) => i.ticketTypeId),
              ),
            )
        ).map((r) => [r.id, r.price]),
  );
  const claimed = await claimedSeats(db, { reservationId }, locale);
  // Stryker disable ObjectLiteral: all columns of the event hold its currency as well
  const [event] = await db
    .select({ currencyId: events.currencyId })
    .from(events)
    .where(eq(events.eventId, hold.eventId));
  // Stryker restore ObjectLiteral
  return {
    reservationId,
    eventId: hold.eventId,
    status: holdStatusAt(hold, now),
    createdAt: iso(hold.createdAt),
    expiresAt: iso(hold.expiresAt),
    items: items
      .sort((a, b) => compareText(a.ticketTypeId, b.ticketTypeId))
      .map((i) => ({
        ticketTypeId: i.ticketTypeId,
        count: i.count,
        sectorId: i.sectorId,
        seats: seatsOfType(claimed, i.ticketTypeId),
      })),
    total: items.reduce((s, i) => s + (prices.get(i.ticketTypeId) ?? 0) * i.count, 0),
    // Stryker disable next-line StringLiteral: names a row that always exists
    currencyId: required(event, `event of reservation ${reservationId}`).currencyId,
  };
}

/** What a hold call needs. */
export interface HoldRequest {
  /** The hold call (`reservation.create`, `.crowd`, `.seat`): keys are scoped to it. */
  callId: string;
  /** `Idempotency-Key` of the request: a retry with the same key and body answers the first hold. */
  idempotencyKey: string | undefined;
  /** The request body, whose hash a used key must match. */
  body: unknown;
  eventId: string;
  reservationId?: string | undefined;
  replaces: HoldChange["replaces"];
  lines: HoldLine[];
  /** The request field of the `index`th line's count, for refusals. */
  fieldOf: (index: number) => string;
  /** The request field that names the `index`th line's ticket type, for refusals. */
  typeFieldOf: (index: number) => string;
  /** A seat hold (`reservation.seat`): the seats of one sector that replace the hold's seats there. */
  seats?: SeatRequest | undefined;
  now: Date;
  holdMs: number;
  holdMaxMs: number;
  /** The client's cap on places held at once, when per-client limits are on. */
  cap: ClientCap | null;
  locale: ServiceLocale;
}

/**
 * Creates or changes a hold in one transaction; returns its id. The event must be on sale. Under an
 * `Idempotency-Key` a repeat of the same request returns the first request's hold id without holding again
 * (the caller then answers the hold as it stands now), so a retry after a lost answer leaves no orphan hold.
 */
export async function holdTickets(db: Db, req: HoldRequest): Promise<string> {
  const { now } = req;
  // Units of orders whose time is up are given back before this hold counts what is left.
  await expireDueOrders(db, now);
  return runIdempotent(db, req.callId, req.idempotencyKey, req.body, now, async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.eventId, req.eventId));
    assertEventOnSale(event, req.eventId, now);
    const reservationId = req.reservationId ?? randomUUID();
    const seatPlan = req.seats ? await planSeatHold(tx, event, req.reservationId, req.seats) : null;
    // A seat hold sends no lines by count.
    await refuseSeatedByCount(tx, req.lines, req.typeFieldOf);
    await writeHold(tx, {
      eventId: req.eventId,
      reservationId,
      existing: req.reservationId !== undefined,
      replaces: req.replaces,
      lines: seatPlan?.lines ?? req.lines,
      now,
      holdMs: req.holdMs,
      holdMaxMs: req.holdMaxMs,
      cap: req.cap,
      fieldOf: req.fieldOf,
      typeFieldOf: req.typeFieldOf,
      nameOf: (name) => loc(name, req.locale),
    });
    // Stryker disable next-line LogicalOperator: a seat plan exists exactly when seats were asked for
    if (req.seats && seatPlan) {
      await claimSeats(tx, {
        eventId: req.eventId,
        reservationId,
        sectorId: req.seats.sectorId,
        seats: seatPlan.seats,
        now,
      });
    }
    return reservationId;
  });
}
