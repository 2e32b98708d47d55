/**
 * What an account holds (spec §7 account area): its orders, the tickets of its paid orders, the events of
 * those tickets, and its chips. A chip is the account's when it was registered to the account or when it is
 * bound to a ticket of the account's paid orders (the chip bought with the ticket). Everything is looked up
 * by the token's account: another account's order or chip is simply not found.
 */
import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { EventSummary } from "../../../contract/event.ts";
import type { OrderSummary } from "../../../contract/order.ts";
import type { Chip, Ticket } from "../../../contract/ticket.ts";
import type { Db } from "../../db/index.ts";
import { chips, events, orders, tickets } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import type { ServiceLocale } from "../../http.ts";
import { byStart, eventSummariesOut, summaryColumns } from "../events.ts";
import { orderSummariesOut } from "../order-views.ts";
import type { OrderRow } from "../orders/lifecycle.ts";
import { chipOut, ticketsOut } from "../tickets.ts";

type ChipRow = typeof chips.$inferSelect;

/** Tickets of the account's paid orders (of one event when given), as a condition on `tickets`. */
function ticketsOfAccount(db: Db, accountId: string, eventId?: string) {
  return db
    .select({ ticketId: tickets.ticketId })
    .from(tickets)
    .innerJoin(orders, eq(orders.orderId, tickets.orderId))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.status, "paid"),
        eventId === undefined ? undefined : eq(tickets.eventId, eventId),
      ),
    );
}

/** Chips of the account: registered to it, or bound to a ticket of its paid orders. */
function chipsOfAccount(db: Db, accountId: string): SQL | undefined {
  return or(eq(chips.accountId, accountId), inArray(chips.ticketId, ticketsOfAccount(db, accountId)));
}

/** Orders of the account, newest first. */
export async function accountOrders(
  db: Db,
  accountId: string,
  locale: ServiceLocale,
): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return orderSummariesOut(db, rows, locale);
}

/** The account's order with this id; 404 for an unknown id and for another account's order alike. */
export async function accountOrder(db: Db, accountId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.accountId, accountId)));
  if (!row) {
    throw new ServiceError(404, "NOT_FOUND", `Order "${orderId}" was not found`, { field: "orderId" });
  }
  return row;
}

/** Tickets of the account's paid orders, of one event when given. */
export async function accountTickets(
  db: Db,
  accountId: string,
  locale: ServiceLocale,
  eventId?: string,
): Promise<Ticket[]> {
  const ids = (await ticketsOfAccount(db, accountId, eventId)).map((t) => t.ticketId);
  return ids.length === 0 ? [] : ticketsOut(db, { ticketIds: ids }, locale);
}

/** Chips of the account for one event. */
export async function accountChips(db: Db, accountId: string, eventId: string): Promise<Chip[]> {
  const rows = await db
    .select()
    .from(chips)
    .where(and(eq(chips.eventId, eventId), chipsOfAccount(db, accountId)))
    .orderBy(chips.chipId);
  return rows.map(chipOut);
}

/** The account's chip of an event with this id; 404 CHIP_NOT_FOUND for any other chip. */
export async function accountChip(
  db: Db,
  accountId: string,
  eventId: string,
  chipId: string,
): Promise<ChipRow> {
  const [row] = await db
    .select()
    .from(chips)
    .where(and(eq(chips.chipId, chipId), eq(chips.eventId, eventId), chipsOfAccount(db, accountId)));
  if (!row) {
    throw new ServiceError(404, "CHIP_NOT_FOUND", "The account has no chip with this id for this event", {
      field: "chipId",
    });
  }
  return row;
}

/** Events the account holds tickets or chips for, by start. */
export async function accountEvents(
  db: Db,
  accountId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<EventSummary[]> {
  const ticketEvents = db
    .select({ eventId: tickets.eventId })
    .from(tickets)
    .innerJoin(orders, eq(orders.orderId, tickets.orderId))
    .where(and(eq(orders.accountId, accountId), eq(orders.status, "paid")));
  const chipEvents = db.select({ eventId: chips.eventId }).from(chips).where(chipsOfAccount(db, accountId));
  const rows = await db
    .select(summaryColumns)
    .from(events)
    .where(or(inArray(events.eventId, ticketEvents), inArray(events.eventId, chipEvents)))
    .orderBy(...byStart);
  return eventSummariesOut(db, rows, locale, now);
}
