/**
 * Sectors of an event's venue with their seats, as the buyer reads them. Seat states come from `seatStates`,
 * the one place that decides whether a seat is free, held or sold; standing sectors' availability from the
 * ticket types they sell (`./inventory.ts`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Seat, SeatState, Sector } from "../../contract/reservation.ts";
import type { Db } from "../db/index.ts";
import { anyOf, preparedRead } from "../db/prepared-read.ts";
import { seats, sectors, ticketTypes } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { type EventBasics, eventBasics } from "./event-basics.ts";
import { availabilityOf, roomKey } from "./inventory.ts";
import { loc } from "./localize.ts";
import { byDisplayOrder, compareText } from "./rows.ts";
import { liveClaimsOf } from "./seat-claims.ts";

type TicketTypeRow = typeof ticketTypes.$inferSelect;
type SectorRow = typeof sectors.$inferSelect;
type SeatRow = typeof seats.$inferSelect;

/** The state of a seat for an event and, when sold, the ticket type it was sold as. */
export interface SeatStatus {
  state: SeatState;
  ticketTypeId: string | null;
}

const seatIdsOf = preparedRead("seatIdsOfSectors", ["sectorIds"], (db, p) =>
  db.select({ seatId: seats.seatId }).from(seats).where(anyOf(seats.sectorId, p.sectorIds)),
);

const seatsOf = preparedRead("seatsOfSectors", ["sectorIds"], (db, p) =>
  db.select().from(seats).where(anyOf(seats.sectorId, p.sectorIds)),
);

const sectorsOfVenue = preparedRead("sectorsOfVenue", ["venueId"], (db, p) =>
  db
    .select()
    .from(sectors)
    .where(eq(sectors.venueId, p.venueId))
    .orderBy(asc(sectors.displayOrder), asc(sectors.sectorId)),
);

/**
 * The state of every seat of the given sector(s) for an event at `now`, keyed by seat id: a seat is free
 * unless an order sold it or an unexpired hold holds it (live claims, ./seat-claims.ts). The one place seat
 * states are decided; which held seats are the buyer's own is the storefront's to know (its hold's seats).
 */
export async function seatStates(
  db: Db,
  sectorId: string | string[],
  eventId: string,
  now: Date,
): Promise<Map<string, SeatStatus>> {
  const sectorIds = Array.isArray(sectorId) ? sectorId : [sectorId];
  if (sectorIds.length === 0) return new Map();
  const [rows, claims] = await Promise.all([
    seatIdsOf(db, { sectorIds }),
    liveClaimsOf(db, eventId, sectorIds, now),
  ]);
  return new Map(
    rows.map((r) => {
      const claim = claims.get(r.seatId);
      const status: SeatStatus = !claim
        ? { state: "free", ticketTypeId: null }
        : claim.sold
          ? { state: "sold", ticketTypeId: claim.ticketTypeId }
          : { state: "held", ticketTypeId: null };
      return [r.seatId, status];
    }),
  );
}

/** Orders seats by row (A…Z, AA…; 1, 2, … 10) and then number. */
function compareSeats(a: SeatRow, b: SeatRow): number {
  return (
    a.row.length - b.row.length ||
    compareText(a.row, b.row) ||
    a.number - b.number ||
    compareText(a.seatId, b.seatId)
  );
}

/** What is needed to describe the sectors of an event's venue: bound ticket types and availability. */
interface SectorContext {
  event: EventBasics;
  /** Ticket types of the event per sector, in display order. */
  typesBySector: Map<string, TicketTypeRow[]>;
  /** Units on sale per ticket type of the event. */
  availability: Map<string, number>;
  /** Places left per sector with a capacity of its own (by `roomKey`). */
  rooms: Map<string, number>;
}

const sectorTypeRows = preparedRead("sectorTicketTypesOfEvent", ["eventId"], (db, p) =>
  db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, p.eventId), sql`${ticketTypes.sectorId} is not null`)),
);

async function sectorContext(db: Db, event: EventBasics, now: Date): Promise<SectorContext> {
  const [rows, { types: availability, rooms }] = await Promise.all([
    sectorTypeRows(db, { eventId: event.eventId }),
    availabilityOf(db, [event.eventId], now),
  ]);
  const typesBySector = new Map<string, TicketTypeRow[]>();
  for (const row of rows.sort(byDisplayOrder<TicketTypeRow>((t) => t.ticketTypeId))) {
    if (!row.sectorId) continue;
    const list = typesBySector.get(row.sectorId) ?? [];
    list.push(row);
    typesBySector.set(row.sectorId, list);
  }
  return { event, typesBySector, availability, rooms };
}

/**
 * A sector of the contract. Seated: capacity is its seats, available its free seats. Standing: capacity is
 * its own, available what is left of it after the units its ticket types have sold or hold, never more than
 * those ticket types still have on sale. A sector none of the event's ticket types sells has nothing on sale.
 */
function sectorOut(
  row: SectorRow,
  sectorSeats: SeatRow[],
  states: Map<string, SeatStatus>,
  ctx: SectorContext,
  locale: ServiceLocale,
): Sector {
  const types = ctx.typesBySector.get(row.sectorId) ?? [];
  let capacity: number;
  let available: number;
  if (row.kind === "seated") {
    capacity = sectorSeats.length;
    available = sectorSeats.filter((s) => (states.get(s.seatId)?.state ?? "free") === "free").length;
  } else {
    capacity = row.capacity ?? 0;
    const left = types.reduce((sum, t) => sum + (ctx.availability.get(t.ticketTypeId) ?? 0), 0);
    available = Math.min(ctx.rooms.get(roomKey(ctx.event.eventId, row.sectorId)) ?? capacity, left);
  }
  if (types.length === 0) available = 0;
  return {
    sectorId: row.sectorId,
    venueId: row.venueId,
    eventId: ctx.event.eventId,
    name: loc(row.name, locale),
    kind: row.kind,
    capacity,
    available: Math.max(0, available),
    displayOrder: row.displayOrder,
    ticketTypeIds: types.map((t) => t.ticketTypeId),
    layout: row.layout,
  };
}

/** Seats of the contract, in row and number order, with their state for the event. */
function seatsOut(sectorSeats: SeatRow[], states: Map<string, SeatStatus>, ctx: SectorContext): Seat[] {
  const categories = new Set(
    (ctx.typesBySector.get(sectorSeats[0]?.sectorId ?? "") ?? []).map((t) => t.reservationCategoryId),
  );
  const category = categories.size === 1 ? ([...categories][0] ?? null) : null;
  return [...sectorSeats].sort(compareSeats).map((s) => {
    const status = states.get(s.seatId) ?? { state: "free" as const, ticketTypeId: null };
    return {
      seatId: s.seatId,
      sectorId: s.sectorId,
      row: s.row,
      number: s.number,
      x: s.x,
      y: s.y,
      state: status.state,
      ticketTypeId: status.ticketTypeId,
      reservationCategoryId: category,
    };
  });
}

/**
 * Sectors of an event's venue, in display order, with availability for the event; 404 for an unknown event.
 */
export async function sectorsOfEvent(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<Sector[]> {
  const event = await eventBasics(db, eventId);
  if (!event.venueId) return [];
  const rows = await sectorsOfVenue(db, { venueId: event.venueId });
  if (rows.length === 0) return [];
  const seatedIds = rows.filter((r) => r.kind === "seated").map((r) => r.sectorId);
  const [ctx, seatRows, states] = await Promise.all([
    sectorContext(db, event, now),
    seatedIds.length === 0 ? [] : seatsOf(db, { sectorIds: seatedIds }),
    seatStates(db, seatedIds, eventId, now),
  ]);
  return rows.map((row) =>
    sectorOut(
      row,
      seatRows.filter((s) => s.sectorId === row.sectorId),
      states,
      ctx,
      locale,
    ),
  );
}

/**
 * One sector of an event's venue with its seats (none for a standing sector) and their states; 404 when
 * the event is unknown or the sector is not in its venue.
 */
export async function sectorOfEvent(
  db: Db,
  sectorId: string,
  eventId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<{ sector: Sector; seats: Seat[] }> {
  const event = await eventBasics(db, eventId);
  const rows = await db.select().from(sectors).where(eq(sectors.sectorId, sectorId));
  const row = rows[0];
  if (!row || row.venueId !== event.venueId) throw notFound("Sector", sectorId);
  const [ctx, seatRows, states] = await Promise.all([
    sectorContext(db, event, now),
    db.select().from(seats).where(eq(seats.sectorId, sectorId)),
    seatStates(db, sectorId, eventId, now),
  ]);
  return { sector: sectorOut(row, seatRows, states, ctx, locale), seats: seatsOut(seatRows, states, ctx) };
}
