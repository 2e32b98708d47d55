/**
 * Ticket types of an event as the buyer reads them: the types and their groups, one type by id, the counts
 * per item type, the types a code covers, and the seat price categories with their types' prices.
 * Availability comes from `./inventory.ts`.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { ReservationCategory } from "../../contract/reservation.ts";
import type { TicketType, TicketTypeGroup } from "../../contract/ticket.ts";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { events, extraProducts, reservationCategories, ticketTypeGroups, ticketTypes } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import type { EventBasics } from "./event-basics.ts";
import { ticketTypeAvailability } from "./inventory.ts";
import { isoOrNull, loc, locOrNull } from "./localize.ts";
import { compareText } from "./rows.ts";

type TicketTypeRow = typeof ticketTypes.$inferSelect;
type TicketTypeGroupRow = typeof ticketTypeGroups.$inferSelect;

/** A ticket type group of the contract. */
export function ticketTypeGroupOut(row: TicketTypeGroupRow, locale: ServiceLocale): TicketTypeGroup {
  return {
    ticketTypeGroupId: row.ticketTypeGroupId,
    namePub: loc(row.name, locale),
    eventId: row.eventId,
    description: locOrNull(row.description, locale),
    displayOrder: row.displayOrder,
  };
}

/**
 * A ticket type of the contract. `available` and `soldOut` are inventory only; a ticket type outside its
 * sales window is still listed, and `salesFrom` / `salesTo` tell the buyer when it can be bought.
 */
export function ticketTypeOut(
  row: TicketTypeRow,
  group: TicketTypeGroupRow | null,
  available: number,
  currencyId: number,
  locale: ServiceLocale,
): TicketType {
  return {
    ticketTypeId: row.ticketTypeId,
    namePub: loc(row.name, locale),
    price: row.price,
    displayOrder: row.displayOrder,
    ticketTypeGroup: group
      ? { ticketTypeGroupId: group.ticketTypeGroupId, namePub: loc(group.name, locale) }
      : null,
    eventId: row.eventId,
    currencyId,
    description: locOrNull(row.description, locale),
    capacity: row.capacity,
    available,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    itemTypeId: row.itemTypeId,
    sectorId: row.sectorId,
    reservationCategoryId: row.reservationCategoryId,
    salesFrom: isoOrNull(row.salesFrom),
    salesTo: isoOrNull(row.salesTo),
    soldOut: available === 0,
  };
}

/** Orders ticket types by their group's display order (ungrouped last), then their own display order. */
function compareTicketTypes(
  a: { row: TicketTypeRow; group: TicketTypeGroupRow | null },
  b: { row: TicketTypeRow; group: TicketTypeGroupRow | null },
): number {
  const groupOrder = (g: TicketTypeGroupRow | null) => (g ? g.displayOrder : Number.POSITIVE_INFINITY);
  return (
    groupOrder(a.group) - groupOrder(b.group) ||
    compareText(a.group?.ticketTypeGroupId ?? "", b.group?.ticketTypeGroupId ?? "") ||
    a.row.displayOrder - b.row.displayOrder ||
    compareText(a.row.ticketTypeId, b.row.ticketTypeId)
  );
}

const ticketTypeRows = preparedRead("ticketTypesOfEvent", ["eventId"], (db, p) =>
  db.select().from(ticketTypes).where(eq(ticketTypes.eventId, p.eventId)),
);

const ticketTypeGroupRows = preparedRead("ticketTypeGroupsOfEvent", ["eventId"], (db, p) =>
  db
    .select()
    .from(ticketTypeGroups)
    .where(eq(ticketTypeGroups.eventId, p.eventId))
    .orderBy(asc(ticketTypeGroups.displayOrder), asc(ticketTypeGroups.ticketTypeGroupId)),
);

/** Ticket types of an event (group display order, then display order) and its groups (display order). */
export async function ticketTypesOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
  now: Date,
): Promise<{ ticketTypes: TicketType[]; ticketTypeGroups: TicketTypeGroup[] }> {
  const [rows, groups, availability] = await Promise.all([
    rememberedRead(db, `ticketTypes:${event.eventId}`, () => ticketTypeRows(db, { eventId: event.eventId })),
    rememberedRead(db, `ticketTypeGroups:${event.eventId}`, () =>
      ticketTypeGroupRows(db, { eventId: event.eventId }),
    ),
    ticketTypeAvailability(db, [event.eventId], now),
  ]);
  const groupById = new Map(groups.map((g) => [g.ticketTypeGroupId, g]));
  const listed = rows
    .map((row) => ({
      row,
      group: row.ticketTypeGroupId ? (groupById.get(row.ticketTypeGroupId) ?? null) : null,
    }))
    .sort(compareTicketTypes)
    .map(({ row, group }) =>
      ticketTypeOut(row, group, availability.get(row.ticketTypeId) ?? 0, event.currencyId, locale),
    );
  return { ticketTypes: listed, ticketTypeGroups: groups.map((g) => ticketTypeGroupOut(g, locale)) };
}

/** One ticket type by id; a 404 when there is none. */
export async function ticketTypeById(
  db: Db,
  ticketTypeId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<TicketType> {
  const rows = await db
    .select({ row: ticketTypes, group: ticketTypeGroups, currencyId: events.currencyId })
    .from(ticketTypes)
    .innerJoin(events, eq(events.eventId, ticketTypes.eventId))
    .leftJoin(ticketTypeGroups, eq(ticketTypeGroups.ticketTypeGroupId, ticketTypes.ticketTypeGroupId))
    .where(eq(ticketTypes.ticketTypeId, ticketTypeId));
  const found = rows[0];
  if (!found) throw notFound("TicketType", ticketTypeId);
  const availability = await ticketTypeAvailability(db, [found.row.eventId], now);
  return ticketTypeOut(found.row, found.group, availability.get(ticketTypeId) ?? 0, found.currencyId, locale);
}

/** How many ticket types (`what: "ticketTypes"`) or extra products of an event there are per item type. */
export async function itemTypeCounts(
  db: Db,
  eventId: string,
  what: "ticketTypes" | "extraProducts",
): Promise<{ itemTypeId: number; count: number }[]> {
  const table = what === "ticketTypes" ? ticketTypes : extraProducts;
  const rows = await db
    .select({ itemTypeId: table.itemTypeId, count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.eventId, eventId))
    .groupBy(table.itemTypeId)
    .orderBy(asc(table.itemTypeId));
  return rows.map((r) => ({ itemTypeId: r.itemTypeId, count: Number(r.count) }));
}

/** The event's ticket types a discount applies to (all when its list is empty). */
export function ticketTypesCovered(all: TicketType[], ticketTypeIds: string[]): TicketType[] {
  return ticketTypeIds.length === 0 ? all : all.filter((t) => ticketTypeIds.includes(t.ticketTypeId));
}

const reservationCategoryRows = preparedRead("reservationCategoriesOfEvent", ["eventId"], (db, p) =>
  db
    .select({ row: reservationCategories, price: ticketTypes.price })
    .from(reservationCategories)
    .leftJoin(ticketTypes, eq(ticketTypes.ticketTypeId, reservationCategories.ticketTypeId))
    .where(eq(reservationCategories.eventId, p.eventId))
    .orderBy(asc(reservationCategories.displayOrder), asc(reservationCategories.reservationCategoryId)),
);

/** Seat price categories of an event, in display order, with the price of their ticket type. */
export async function reservationCategoriesOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
): Promise<ReservationCategory[]> {
  const rows = await reservationCategoryRows(db, { eventId: event.eventId });
  return rows.map(({ row, price }) => ({
    reservationCategoryId: row.reservationCategoryId,
    eventId: row.eventId,
    name: loc(row.name, locale),
    color: row.color,
    ticketTypeId: row.ticketTypeId,
    price: price ?? null,
    currencyId: event.currencyId,
    displayOrder: row.displayOrder,
  }));
}
