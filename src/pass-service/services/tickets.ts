/**
 * Issued tickets as they are answered: those of an order, and one ticket found by id, printed code or QR
 * code.
 */
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { EventRef } from "../../contract/common.ts";
import type { Chip, Ticket } from "../../contract/ticket.ts";
import type { Db } from "../db/index.ts";
import { chips, orderLines, tickets } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { iso, isoOrNull } from "./localize.ts";
import { eventRefOf, orderEvent, orderEventRef, ticketTypeRefOf } from "./order-event.ts";
import type { OrderRow } from "./orders/lifecycle.ts";
import { type ClaimedSeat, claimedSeats, seatsOfType } from "./seat-claims.ts";
import { renderTicketsPdf } from "./ticket-pdf.ts";

/** Issued tickets of orders (empty until paid), in order of their lines. */
export async function ticketsOut(
  db: Db,
  where: { orderId: string } | { ticketIds: string[] },
  locale: ServiceLocale,
): Promise<Ticket[]> {
  const rows = await db
    .select({ ticket: tickets, line: orderLines })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.orderLineId, tickets.orderLineId))
    .where(
      "orderId" in where ? eq(tickets.orderId, where.orderId) : inArray(tickets.ticketId, where.ticketIds),
    )
    .orderBy(asc(orderLines.displayOrder), asc(tickets.orderLineId), asc(tickets.lineIndex));
  const eventIds = [...new Set(rows.map((r) => r.ticket.eventId))];
  const refs = new Map<string, EventRef>();
  for (const id of eventIds) refs.set(id, eventRefOf(await orderEvent(db, id), locale));
  // The seats of an order's line, in row and number order, go to its tickets in line order.
  const seatsByOrder = new Map<string, ClaimedSeat[]>();
  for (const id of new Set(rows.map((r) => r.ticket.orderId))) {
    seatsByOrder.set(id, await claimedSeats(db, { orderId: id }, locale));
  }
  const seatOf = (orderId: string, ticketTypeId: string, index: number) =>
    seatsOfType(seatsByOrder.get(orderId) ?? [], ticketTypeId)[index] ?? null;
  return rows.map(({ ticket, line }) => ({
    ticketId: ticket.ticketId,
    orderId: ticket.orderId,
    eventId: ticket.eventId,
    code: ticket.code,
    qrCode: ticket.qrCode,
    ticketType: ticketTypeRefOf(line, locale),
    itemTypeId: line.itemTypeId ?? 1,
    holderName: ticket.holderName,
    seat: seatOf(ticket.orderId, ticket.ticketTypeId, ticket.lineIndex),
    status: ticket.status,
    issuedAt: iso(ticket.issuedAt),
    usedAt: isoOrNull(ticket.usedAt),
    event: refs.get(ticket.eventId) as EventRef,
  }));
}

/** One issued ticket found by a condition on its row; 404 naming `what` when there is none. */
async function ticketWhere(db: Db, where: SQL, what: string, locale: ServiceLocale): Promise<Ticket> {
  const [row] = await db.select({ ticketId: tickets.ticketId }).from(tickets).where(where);
  if (!row) throw new ServiceError(404, "NOT_FOUND", `No ticket with this ${what}`);
  const [ticket] = await ticketsOut(db, { ticketIds: [row.ticketId] }, locale);
  if (!ticket) throw new ServiceError(404, "NOT_FOUND", `No ticket with this ${what}`);
  return ticket;
}

/** An issued ticket by id; 404 when there is none. */
export function ticketById(db: Db, ticketId: string, locale: ServiceLocale): Promise<Ticket> {
  return ticketWhere(db, eq(tickets.ticketId, ticketId), "id", locale);
}

/** An issued ticket by its printed code (any case, spaces around ignored); 404 when there is none. */
export function ticketByCode(db: Db, code: string, locale: ServiceLocale): Promise<Ticket> {
  return ticketWhere(db, sql`upper(${tickets.code}) = ${code.trim().toUpperCase()}`, "code", locale);
}

/** An issued ticket by the string its QR code encodes; 404 when there is none. */
export function ticketByQrCode(db: Db, qrCode: string, locale: ServiceLocale): Promise<Ticket> {
  return ticketWhere(db, eq(tickets.qrCode, qrCode), "QR code", locale);
}

/** A stored chip as the contract's `Chip`. */
export function chipOut(c: typeof chips.$inferSelect): Chip {
  return {
    chipId: c.chipId,
    chipTypeId: c.chipTypeId,
    balance: c.balance,
    currencyId: c.currencyId,
    eventId: c.eventId,
    label: c.label,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The chips bound to a ticket. */
export async function chipsOfTicket(db: Db, ticketId: string): Promise<Chip[]> {
  const rows = await db.select().from(chips).where(eq(chips.ticketId, ticketId));
  return rows.map(chipOut);
}

/**
 * The PDF of a paid order's tickets (or of one of them), printed in the order's language: 409 ORDER_NOT_PAID
 * before it is paid, 404 for a ticket that is not the order's or an order without tickets.
 */
export async function paidTicketsPdf(
  db: Db,
  order: OrderRow,
  ticketId: string | undefined,
): Promise<Uint8Array> {
  if (order.status !== "paid") {
    throw new ServiceError(409, "ORDER_NOT_PAID", "Tickets are issued when the order is paid", {
      field: "orderId",
    });
  }
  const language = order.language;
  let issued = await ticketsOut(db, { orderId: order.orderId }, language);
  if (ticketId) {
    issued = issued.filter((t) => t.ticketId === ticketId);
    if (issued.length === 0)
      throw new ServiceError(404, "NOT_FOUND", `Ticket "${ticketId}" is not in this order`);
  }
  if (issued.length === 0) throw new ServiceError(404, "NOT_FOUND", "This order has no tickets");
  const { ref, organizerName } = await orderEventRef(db, order.eventId, language);
  return renderTicketsPdf({
    language,
    orderNumber: order.orderNumber,
    buyerName: `${order.buyer.firstName} ${order.buyer.lastName}`,
    event: {
      name: ref.name,
      startsAt: ref.startsAt,
      endsAt: ref.endsAt,
      timezone: ref.timezone,
      venueName: ref.venueName,
      venueCity: ref.city,
      organizerName,
    },
    tickets: issued.map((t) => ({
      code: t.code,
      qrCode: t.qrCode,
      ticketTypeName: t.ticketType.namePub,
      groupName: t.ticketType.ticketTypeGroup?.namePub ?? null,
      price: t.ticketType.price,
      currencyId: order.currencyId,
      seat: t.seat ? { sectorName: t.seat.sectorName, row: t.seat.row, number: t.seat.number } : null,
      holderName: t.holderName,
    })),
  });
}
