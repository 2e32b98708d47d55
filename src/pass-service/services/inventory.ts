/**
 * What is still on sale, and the only place that changes it. Every call (event pages, ticket lists, price
 * ranges, holds, orders) agrees: available = capacity − sold − active holds, never below zero, and never
 * more than the ticket type's sector has room for when the sector has a capacity of its own. `sold`
 * counts units of orders that are created, pending payment or paid; a hold is active while its reservation
 * is `active` and `expires_at` is later than now, so an expired hold stops counting the moment it expires,
 * without any sweeper.
 *
 * Why row locks and not a single conditional UPDATE: a conditional update
 * (`UPDATE … SET sold = sold + n WHERE capacity - sold >= n`) is atomic only for what one row knows. Holds
 * live in other rows and expire by time, so the check "capacity − sold − unexpired holds ≥ n" reads several
 * rows. Every change of inventory therefore runs in one transaction that first locks the rows of the
 * ticket types (and extra products, variant values) it touches with `SELECT … FOR UPDATE`, always in one
 * global order (ticket types, then extra products, then variant values; each sorted by id) so two
 * transactions never wait on each other in a cycle. Under those locks it counts sold and unexpired holds
 * and writes the hold or the sale, so no two buyers can take the same last unit. Buyers of different ticket
 * types never wait on each other; buyers of one hot ticket type queue on its row for a few milliseconds.
 * On PGlite (one connection) transactions run one after another, which gives the same guarantee.
 */
import { and, eq, gt, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { anyOf, preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import {
  extraProducts,
  type LocalizedText,
  reservationItems,
  reservations,
  sectors,
  ticketTypes,
  variantValues,
} from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import { type ClientCap, checkClientCap, holdExpiry, holdStatusAt } from "./hold-limits.ts";
import { assertInSalesWindow, assertPerOrderLimits, assertTicketsLeft, NONE_HELD } from "./sale-rules.ts";
import { assertSectorRoom, withSectorTypes } from "./sector-room.ts";

/**
 * The one rule of a hold that counts: its reservation is active and has not expired at `now` (a moment, or the
 * placeholder of one in a prepared read).
 */
function liveHold(now: Date | Placeholder<"now">): SQL | undefined {
  return and(eq(reservations.status, "active"), gt(reservations.expiresAt, now));
}

/** Units held by unexpired holds, per ticket type (optionally not counting one reservation). */
export async function activeHolds(
  db: Db,
  ticketTypeIds: string[],
  now: Date,
  exceptReservationId?: string,
): Promise<Map<string, number>> {
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (ticketTypeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: reservationItems.ticketTypeId, count: sql<number>`sum(${reservationItems.count})::int` })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.reservationId, reservationItems.reservationId))
    .where(
      and(
        inArray(reservationItems.ticketTypeId, ticketTypeIds),
        liveHold(now),
        exceptReservationId ? sql`${reservations.reservationId} <> ${exceptReservationId}` : undefined,
      ),
    )
    .groupBy(reservationItems.ticketTypeId);
  return new Map(rows.map((r) => [r.id, Number(r.count)]));
}

/** The key of a sector's room for one event: a venue's sector is shared by the events held there. */
export const roomKey = (eventId: string, sectorId: string | null): string => `${eventId} ${sectorId}`;

/** Units still on sale per ticket type of the given events, never more than its sector has room for. */
export async function ticketTypeAvailability(
  db: Db,
  eventIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  return (await availabilityOf(db, eventIds, now)).types;
}

/**
 * What is left of the given events: units on sale per ticket type, and the places left in each sector with a
 * capacity of its own (by `roomKey`; below zero when an operator made the sector smaller than it has sold).
 */
export function availabilityOf(
  db: Db,
  eventIds: string[],
  now: Date,
): Promise<{ types: Map<string, number>; rooms: Map<string, number> }> {
  return rememberedRead(db, `availability:${eventIds.join(",")}:${now.toISOString()}`, () =>
    readAvailability(db, eventIds, now),
  );
}

/** The ticket types of events with the units their live holds take (grouped in a subquery), in one query. */
const availabilityRows = preparedRead("availabilityOfEvents", ["eventIds", "now"], (db, p) => {
  const typesOfEvents = db
    .select({ id: ticketTypes.ticketTypeId })
    .from(ticketTypes)
    .where(anyOf(ticketTypes.eventId, p.eventIds));
  const held = db
    .select({
      id: reservationItems.ticketTypeId,
      count: sql<number>`sum(${reservationItems.count})::int`.as("held_count"),
    })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.reservationId, reservationItems.reservationId))
    .where(and(inArray(reservationItems.ticketTypeId, typesOfEvents), liveHold(p.now)))
    .groupBy(reservationItems.ticketTypeId)
    .as("held");
  return db
    .select({
      id: ticketTypes.ticketTypeId,
      eventId: ticketTypes.eventId,
      capacity: ticketTypes.capacity,
      sold: ticketTypes.sold,
      held: held.count,
      sectorId: ticketTypes.sectorId,
      sectorCapacity: sectors.capacity,
    })
    .from(ticketTypes)
    .leftJoin(held, eq(held.id, ticketTypes.ticketTypeId))
    .leftJoin(sectors, eq(sectors.sectorId, ticketTypes.sectorId))
    .where(anyOf(ticketTypes.eventId, p.eventIds));
});

async function readAvailability(
  db: Db,
  eventIds: string[],
  now: Date,
): Promise<{ types: Map<string, number>; rooms: Map<string, number> }> {
  const rows = await availabilityRows(db, { eventIds, now: now.toISOString() });
  // A sector with a capacity of its own leaves no more to any of its ticket types than it has room for.
  const rooms = new Map<string, number>();
  for (const r of rows) {
    // A ticket type without a sector has no sector's capacity either (the join finds none).
    if (r.sectorCapacity === null) continue;
    const key = roomKey(r.eventId, r.sectorId);
    rooms.set(key, (rooms.get(key) ?? r.sectorCapacity) - r.sold - Number(r.held ?? 0));
  }
  const types = new Map(
    rows.map((r) => {
      const own = r.capacity - r.sold - Number(r.held ?? 0);
      const room = rooms.get(roomKey(r.eventId, r.sectorId));
      return [r.id, Math.max(0, room === undefined ? own : Math.min(own, room))];
    }),
  );
  return { types, rooms };
}

const extraUnitRows = preparedRead("extraUnitsOfEvents", ["eventIds"], (db, p) =>
  db
    .select({ id: extraProducts.ticketProductId, capacity: extraProducts.capacity, sold: extraProducts.sold })
    .from(extraProducts)
    .where(anyOf(extraProducts.eventId, p.eventIds)),
);

/** Units still on sale per extra product of the given events (extra products are not held, only sold). */
export async function extraProductAvailability(
  db: Db,
  eventIds: string[],
  _now: Date,
): Promise<Map<string, number>> {
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (eventIds.length === 0) return new Map();
  const rows = await rememberedRead(db, `extraAvailability:${eventIds.join(",")}`, () =>
    extraUnitRows(db, { eventIds }),
  );
  return new Map(rows.map((r) => [r.id, Math.max(0, r.capacity - r.sold)]));
}

/**
 * Units of a variant value still on sale: its own capacity minus sold when it has one, never more than
 * what the product itself has left; the product's availability otherwise.
 */
export function variantValueAvailable(
  value: { capacity: number | null; sold: number },
  productAvailable: number,
): number {
  if (value.capacity === null) return productAvailable;
  return Math.max(0, Math.min(value.capacity - value.sold, productAvailable));
}

/** 404 for an unknown or hidden event, 409 NOT_ON_SALE outside its sale window; holds and orders both ask. */
export function assertEventOnSale<
  E extends {
    eventId: string;
    visible: boolean;
    saleStartsAt: Date | null;
    saleEndsAt: Date | null;
    endsAt: Date;
  },
>(event: E | undefined, eventId: string, now: Date): asserts event is E {
  if (!event?.visible) {
    throw new ServiceError(404, "NOT_FOUND", `Event "${eventId}" was not found`, { field: "eventId" });
  }
  // Stryker disable next-line BooleanLiteral: with one unit counted as left, whether it has ticket types makes no difference
  if (salesStateOf(event, 1, false, now) !== "onSale") {
    throw new ServiceError(409, "NOT_ON_SALE", "Tickets for this event are not on sale now", {
      field: "eventId",
    });
  }
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

// ---------------------------------------------------------------------------------------------------------
// Locked rows

/** A ticket type row as locked for a change of inventory. */
export type LockedTicketType = typeof ticketTypes.$inferSelect;
/** An extra product row as locked for a change of inventory. */
export type LockedExtraProduct = typeof extraProducts.$inferSelect;
/** A variant value row as locked for a change of inventory. */
export type LockedVariantValue = typeof variantValues.$inferSelect;

/** Locks ticket type rows (sorted by id: the global lock order) and returns them by id. */
export async function lockTicketTypes(tx: Db, ids: string[]): Promise<Map<string, LockedTicketType>> {
  // Stryker disable next-line MethodExpression: the query's ORDER BY takes the locks in this order too
  const sorted = [...new Set(ids)].sort();
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.ticketTypeId, sorted))
    .orderBy(ticketTypes.ticketTypeId)
    .for("update");
  return new Map(rows.map((r) => [r.ticketTypeId, r]));
}

/** Locks extra product rows (after ticket types; sorted by id) and returns them by id. */
export async function lockExtraProducts(tx: Db, ids: string[]): Promise<Map<string, LockedExtraProduct>> {
  // Stryker disable next-line MethodExpression: the query's ORDER BY takes the locks in this order too
  const sorted = [...new Set(ids)].sort();
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(extraProducts)
    .where(inArray(extraProducts.ticketProductId, sorted))
    .orderBy(extraProducts.ticketProductId)
    .for("update");
  return new Map(rows.map((r) => [r.ticketProductId, r]));
}

/** Locks variant value rows (last in the lock order; sorted by id) and returns them by id. */
export async function lockVariantValues(tx: Db, ids: string[]): Promise<Map<string, LockedVariantValue>> {
  // Stryker disable next-line MethodExpression: the query's ORDER BY takes the locks in this order too
  const sorted = [...new Set(ids)].sort();
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(variantValues)
    .where(inArray(variantValues.variantValueId, sorted))
    .orderBy(variantValues.variantValueId)
    .for("update");
  return new Map(rows.map((r) => [r.variantValueId, r]));
}

// ---------------------------------------------------------------------------------------------------------
// Holds

/** One line of a hold to write: a ticket type, a count, and the standing sector for crowd holds. */
export interface HoldLine {
  ticketTypeId: string;
  count: number;
  sectorId: string | null;
}

/** What a hold change needs: the event, the hold to change (or a new id), and its new lines. */
export interface HoldChange {
  eventId: string;
  reservationId: string;
  /** The hold exists already (its part named by `replaces` is replaced). */
  existing: boolean;
  /** Which lines of an existing hold the new lines replace: standing ones, a sector's type, a sector's seats. */
  replaces:
    | { kind: "standing" }
    | { kind: "sector"; sectorId: string; ticketTypeId: string }
    | { kind: "seats"; sectorId: string };
  lines: HoldLine[];
  now: Date;
  holdMs: number;
  /** Longest life of the hold, however often it is renewed. */
  holdMaxMs: number;
  /** The client's cap on places held at once for the event, when per-client limits are on. */
  cap: ClientCap | null;
  /** The request field of the `index`th new line's count, for refusals. */
  fieldOf: (index: number) => string;
  /** The request field that names the `index`th new line's ticket type, for refusals. */
  typeFieldOf: (index: number) => string;
  /** A name (of a ticket type or sector) for messages, in the request's language. */
  nameOf: (name: LocalizedText) => string;
}

/**
 * Writes a hold in one transaction: locks the hold and the ticket types it will hold (with their sectors'
 * other types), checks the event, the sale window, per-order limits (of the whole hold) and availability
 * per ticket type and per sector (not counting this hold), and replaces the named part of the hold.
 * Refusals leave the hold as it was.
 */
export async function writeHold(tx: Db, change: HoldChange): Promise<void> {
  const { eventId, reservationId, now } = change;
  let kept: HoldLine[] = [];
  let createdAt = now;
  if (change.existing) {
    const { hold, items } = await lockActiveHold(tx, reservationId, eventId, now);
    createdAt = hold.createdAt;
    const replaced = change.replaces;
    kept = items
      .filter((i) =>
        replaced.kind === "standing"
          ? i.sectorId !== null
          : i.sectorId !== replaced.sectorId ||
            (replaced.kind === "sector" && i.ticketTypeId !== replaced.ticketTypeId),
      )
      .map((i) => ({ ticketTypeId: i.ticketTypeId, count: i.count, sectorId: i.sectorId }));
  }
  const lines = [...kept, ...change.lines.filter((l) => l.count > 0)];
  const lineTypeIds = [...kept, ...change.lines].map((l) => l.ticketTypeId);
  // Every ticket type sharing a sector with the hold's is locked, since the sector's capacity is shared.
  const locked = await lockTicketTypes(tx, await withSectorTypes(tx, eventId, lineTypeIds));
  const held = await activeHolds(tx, [...locked.keys()], now, reservationId);

  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.ticketTypeId, (totals.get(line.ticketTypeId) ?? 0) + line.count);
  change.lines.forEach((line, index) => {
    const row = locked.get(line.ticketTypeId);
    const typeField = change.typeFieldOf(index);
    if (!row || row.eventId !== eventId) {
      throw new ServiceError(
        404,
        "NOT_FOUND",
        `Ticket type "${line.ticketTypeId}" is not sold for this event`,
        {
          field: typeField,
        },
      );
    }
    const name = change.nameOf(row.name);
    if (line.sectorId !== null && row.sectorId !== line.sectorId) {
      throw new ServiceError(404, "NOT_FOUND", `${name} is not sold in this sector`, { field: typeField });
    }
    if (line.count === 0) return;
    const field = change.fieldOf(index);
    assertInSalesWindow(row, name, field, now);
    // Seats are picked one by one: a seat hold's per-order minimum is checked when it is ordered.
    const total = totals.get(row.ticketTypeId) ?? 0;
    assertPerOrderLimits(row, total, name, field, change.replaces.kind !== "seats");
    // A hold replaces its lines: all of its units count against what other holds leave.
    assertTicketsLeft(row, total, { others: held, own: NONE_HELD }, field, name);
  });
  const added = change.lines.filter((l) => l.count > 0).map((l) => l.ticketTypeId);
  const fieldOf = (id: string) => change.fieldOf(change.lines.findIndex((l) => l.ticketTypeId === id));
  await assertSectorRoom(
    tx,
    { wanted: totals, checked: added, fieldOf, nameOf: change.nameOf },
    locked,
    held,
  );
  if (change.cap) {
    const wanted = lines.reduce((sum, line) => sum + line.count, 0);
    await checkClientCap(tx, change.cap, eventId, reservationId, wanted, now);
  }

  const expiresAt = holdExpiry(createdAt, now, change.holdMs, change.holdMaxMs);
  if (change.existing) {
    await tx
      .update(reservations)
      .set({ expiresAt, updatedAt: now })
      .where(eq(reservations.reservationId, reservationId));
    await tx.delete(reservationItems).where(eq(reservationItems.reservationId, reservationId));
  } else {
    await tx.insert(reservations).values({
      reservationId,
      eventId,
      status: "active",
      clientKey: change.cap?.clientKey ?? null,
      createdAt: now,
      expiresAt,
      updatedAt: now,
    });
  }
  const merged = new Map<string, HoldLine>();
  for (const line of lines) {
    const prev = merged.get(line.ticketTypeId);
    merged.set(line.ticketTypeId, prev ? { ...prev, count: prev.count + line.count } : line);
  }
  if (merged.size > 0) {
    await tx.insert(reservationItems).values([...merged.values()].map((l) => ({ reservationId, ...l })));
  }
}

/** Releases a hold: it stops counting at once. Repeating is harmless; an ordered hold stays ordered. */
export async function releaseHold(db: Db, reservationId: string, now: Date): Promise<void> {
  await db
    .update(reservations)
    .set({ status: "released", updatedAt: now })
    .where(and(eq(reservations.reservationId, reservationId), eq(reservations.status, "active")));
}

// ---------------------------------------------------------------------------------------------------------
// Sales

/** Units an order takes: ticket types, extra products and variant values with counts. */
export interface SaleUnits {
  tickets: Map<string, number>;
  products: Map<string, number>;
  variantValues: Map<string, number>;
}

/** Adds (or, with a negative sign, gives back) the units of a sale to the `sold` counters of locked rows. */
export async function addSold(tx: Db, units: SaleUnits, sign: 1 | -1): Promise<void> {
  // Stryker disable next-line MethodExpression: every caller has locked these rows (in lock order) already
  for (const [id, count] of [...units.tickets].sort()) {
    await tx
      .update(ticketTypes)
      .set({ sold: sql`greatest(0, ${ticketTypes.sold} + ${sign * count})` })
      .where(eq(ticketTypes.ticketTypeId, id));
  }
  // Stryker disable next-line MethodExpression: every caller has locked these rows (in lock order) already
  for (const [id, count] of [...units.products].sort()) {
    await tx
      .update(extraProducts)
      .set({ sold: sql`greatest(0, ${extraProducts.sold} + ${sign * count})` })
      .where(eq(extraProducts.ticketProductId, id));
  }
  // Stryker disable next-line MethodExpression: every caller has locked these rows (in lock order) already
  for (const [id, count] of [...units.variantValues].sort()) {
    await tx
      .update(variantValues)
      .set({ sold: sql`greatest(0, ${variantValues.sold} + ${sign * count})` })
      .where(eq(variantValues.variantValueId, id));
  }
}

/**
 * Locks a hold of an event and answers its items; 404 when it is unknown (or another event's), 409
 * HOLD_EXPIRED when it expired, was released or has become an order.
 */
async function lockActiveHold(tx: Db, reservationId: string, eventId: string, now: Date) {
  const [hold] = await tx
    .select()
    .from(reservations)
    .where(eq(reservations.reservationId, reservationId))
    .for("update");
  if (!hold || hold.eventId !== eventId) {
    throw new ServiceError(404, "RESERVATION_NOT_FOUND", `Reservation "${reservationId}" was not found`, {
      field: "reservationId",
    });
  }
  if (holdStatusAt(hold, now) !== "active") {
    throw new ServiceError(
      409,
      "HOLD_EXPIRED",
      hold.status === "ordered"
        ? "This reservation has become an order"
        : "This reservation has expired; hold the tickets again",
      { field: "reservationId" },
    );
  }
  const items = await tx
    .select()
    .from(reservationItems)
    .where(eq(reservationItems.reservationId, reservationId));
  return { hold, items };
}

/** Units of a hold, per ticket type, locked for an order to take over (refusals as `lockActiveHold`). */
export async function lockedHoldUnits(
  tx: Db,
  reservationId: string,
  eventId: string,
  now: Date,
): Promise<Map<string, number>> {
  const units = new Map<string, number>();
  for (const item of (await lockActiveHold(tx, reservationId, eventId, now)).items) {
    units.set(item.ticketTypeId, (units.get(item.ticketTypeId) ?? 0) + item.count);
  }
  return units;
}
