/**
 * Seats claimed for an event (`seat_claims`): one row per (event, seat) held by a reservation or bought by an
 * order, so the primary key itself refuses a second claim. Whether a claim still counts is decided by
 * `liveClaim` alone: a hold's while the hold is active and unexpired (the expiry every hold shares), an
 * order's while the order is paid, or open (created, pending payment) and not past its due time. A claim that
 * no longer counts is stale: the next claim of the seat clears it, so released holds, expired holds and
 * closed orders need no sweeper.
 *
 * Writers of one sector's claims first lock every ticket type of the sector (inventory.ts, the global lock
 * order), so they run one after another and never wait on each other in a cycle.
 */
import { and, asc, eq, inArray, isNull, not, type SQL, sql } from "drizzle-orm";
import type { SeatRef } from "../../contract/ticket.ts";
import type { Db } from "../db/index.ts";
import { orders, reservations, seatClaims, seats, sectors } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { loc } from "./localize.ts";
import { OPEN_STATUSES } from "./orders/lifecycle.ts";

/** The one rule of whether a claim row still counts at `now`. */
export function liveClaim(now: Date): SQL {
  const at = now.toISOString();
  const open = sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(case when ${seatClaims.orderId} is not null
    then exists (select 1 from ${orders} o where o.order_id = ${seatClaims.orderId} and (o.status = 'paid'
      or (o.status in (${open}) and (o.expires_at is null or o.expires_at > ${at}::timestamptz))))
    else exists (select 1 from ${reservations} r where r.reservation_id = ${seatClaims.reservationId}
      and r.status = 'active' and r.expires_at > ${at}::timestamptz) end)`;
}

/** The claims a hold (not yet ordered) has in one sector. */
function holdClaimsOf(reservationId: string, sectorId: string): SQL | undefined {
  return and(
    eq(seatClaims.reservationId, reservationId),
    isNull(seatClaims.orderId),
    eq(seatClaims.sectorId, sectorId),
  );
}

/** A seat to claim and the ticket type it is sold as. */
export interface SeatPick {
  seatId: string;
  ticketTypeId: string;
}

/** What a hold's claim of one sector's seats needs. */
export interface SeatClaim {
  eventId: string;
  reservationId: string;
  sectorId: string;
  seats: SeatPick[];
  now: Date;
}

/**
 * Replaces a hold's seats of one sector with `claim.seats`, all or none: stale claims of those seats are
 * cleared, then every seat is claimed; when another hold or order has any of them, 409 SEAT_TAKEN names the
 * taken seats (`seatIds`) and the caller's transaction rolls back, holding nothing.
 */
export async function claimSeats(tx: Db, claim: SeatClaim): Promise<void> {
  const { eventId, reservationId, sectorId, now } = claim;
  await tx.delete(seatClaims).where(holdClaimsOf(reservationId, sectorId));
  if (claim.seats.length === 0) return;
  const ids = claim.seats.map((s) => s.seatId).sort();
  await tx
    .delete(seatClaims)
    .where(and(eq(seatClaims.eventId, eventId), inArray(seatClaims.seatId, ids), not(liveClaim(now))));
  const inserted = await tx
    .insert(seatClaims)
    .values(
      [...claim.seats]
        .sort((a, b) => (a.seatId < b.seatId ? -1 : 1))
        .map((s) => ({ ...s, eventId, sectorId, reservationId, orderId: null, claimedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ seatId: seatClaims.seatId });
  if (inserted.length === ids.length) return;
  const got = new Set(inserted.map((r) => r.seatId));
  const taken = ids.filter((id) => !got.has(id));
  throw new ServiceError(
    409,
    "SEAT_TAKEN",
    taken.length === 1
      ? "A chosen seat has just been taken"
      : `${taken.length} chosen seats have just been taken`,
    { field: "seatIds", details: { seatIds: taken } },
  );
}

/** Seat ids a hold has claimed in one sector, with the ticket type each is sold as. */
export async function heldSeatTypes(
  db: Db,
  reservationId: string,
  sectorId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ seatId: seatClaims.seatId, ticketTypeId: seatClaims.ticketTypeId })
    .from(seatClaims)
    .where(holdClaimsOf(reservationId, sectorId));
  return new Map(rows.map((r) => [r.seatId, r.ticketTypeId]));
}

/** A claimed seat as written on holds, orders and tickets, with the ticket type it is sold as. */
export interface ClaimedSeat extends SeatRef {
  ticketTypeId: string;
}

/**
 * Seats claimed by a hold (not yet ordered) or by an order, in sector, row and number order, with the
 * sector's name in the request's language.
 */
export async function claimedSeats(
  db: Db,
  owner: { reservationId: string } | { orderId: string },
  locale: ServiceLocale,
): Promise<ClaimedSeat[]> {
  const rows = await db
    .select({
      seatId: seatClaims.seatId,
      sectorId: seatClaims.sectorId,
      ticketTypeId: seatClaims.ticketTypeId,
      sectorName: sectors.name,
      row: seats.row,
      number: seats.number,
    })
    .from(seatClaims)
    .innerJoin(seats, eq(seats.seatId, seatClaims.seatId))
    .innerJoin(sectors, eq(sectors.sectorId, seatClaims.sectorId))
    .where(
      "orderId" in owner
        ? eq(seatClaims.orderId, owner.orderId)
        : and(eq(seatClaims.reservationId, owner.reservationId), isNull(seatClaims.orderId)),
    )
    .orderBy(
      asc(sectors.displayOrder),
      asc(seatClaims.sectorId),
      sql`length(${seats.row})`,
      asc(seats.row),
      asc(seats.number),
    );
  return rows.map((r) => ({ ...r, sectorName: loc(r.sectorName, locale) }));
}

/** Seats of a claimed list sold as one ticket type, without the ticket type. */
export function seatsOfType(claimed: ClaimedSeat[], ticketTypeId: string): SeatRef[] {
  return claimed
    .filter((s) => s.ticketTypeId === ticketTypeId)
    .map(({ ticketTypeId: _type, ...seat }) => seat);
}

/** Live claims of the given seats for an event: seat id → whether an order (sold) or a hold has it. */
export async function liveClaimsOf(
  db: Db,
  eventId: string,
  sectorIds: string[],
  now: Date,
): Promise<Map<string, { sold: boolean; ticketTypeId: string }>> {
  if (sectorIds.length === 0) return new Map();
  const rows = await db
    .select({ seatId: seatClaims.seatId, orderId: seatClaims.orderId, ticketTypeId: seatClaims.ticketTypeId })
    .from(seatClaims)
    .where(and(eq(seatClaims.eventId, eventId), inArray(seatClaims.sectorId, sectorIds), liveClaim(now)));
  return new Map(rows.map((r) => [r.seatId, { sold: r.orderId !== null, ticketTypeId: r.ticketTypeId }]));
}
