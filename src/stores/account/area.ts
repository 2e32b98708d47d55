/**
 * The account area's lists: orders newest first, and the account's tickets grouped by event (events in the
 * order the service lists them, then any event only a ticket names), each group in the
 * ticket types' display order.
 */
import type { EventRef } from "../../contract/common.ts";
import type { EventSummary } from "../../contract/event.ts";
import type { OrderSummary } from "../../contract/order-model.ts";
import type { Chip, ChipCreditLimit, Ticket } from "../../contract/ticket.ts";

/** Orders newest first (by creation; the higher number first on a tie). */
export function ordersNewestFirst(orders: readonly OrderSummary[]): OrderSummary[] {
  return [...orders].sort(
    (a, b) => Date.parse(b.created) - Date.parse(a.created) || b.orderNumber - a.orderNumber,
  );
}

/** An event of the account with its tickets, chips and the chip credit limit of its top-ups. */
export interface AccountEvent {
  event: EventRef;
  tickets: Ticket[];
  chips: Chip[];
  chipCreditLimit: ChipCreditLimit | null;
  /** The event's top-up product the account's top-ups load (the first in display order). */
  topUpProductId?: string;
  /** The organizer's version of the terms of sale a top-up accepts (null: the platform's own terms). */
  termsVersion?: string | null;
}

/** A reference to an event as a listed event carries it. */
function refOf(event: EventSummary): EventRef {
  const { eventId, organizerSlug, eventSlug, name, startsAt, endsAt, timezone, venueName, city } = event;
  return { eventId, organizerSlug, eventSlug, name, startsAt, endsAt, timezone, venueName, city };
}

/** The account's events with their tickets (chips and limits empty, filled per event later). */
export function groupTickets(events: readonly EventSummary[], tickets: readonly Ticket[]): AccountEvent[] {
  const groups = new Map<string, AccountEvent>();
  for (const event of events) {
    groups.set(event.eventId, { event: refOf(event), tickets: [], chips: [], chipCreditLimit: null });
  }
  for (const ticket of tickets) {
    let group = groups.get(ticket.eventId);
    if (!group) {
      group = { event: ticket.event, tickets: [], chips: [], chipCreditLimit: null };
      groups.set(ticket.eventId, group);
    }
    group.tickets.push(ticket);
  }
  for (const group of groups.values()) {
    group.tickets.sort(
      (a, b) => a.ticketType.displayOrder - b.ticketType.displayOrder || a.code.localeCompare(b.code),
    );
  }
  return [...groups.values()];
}
