/**
 * The hold of the cart's tickets and seats on the service: what to hold, whether the hold has it, the hold a
 * reservation answer stands for, and a refused change set back to what the hold has.
 */
import type { Reservation } from "../../contract/reservation.ts";
import type { CartCatalog, CartState, HoldState } from "./state.ts";

/** The standing tickets to hold: wanted counts of the ticket types not sold by seat, in catalog order. */
export function holdItems(
  state: Pick<CartState, "tickets">,
  catalog: Pick<CartCatalog, "ticketTypes" | "seatedTicketTypeIds">,
): { ticketTypeId: string; count: number }[] {
  const seated = new Set(catalog.seatedTicketTypeIds);
  return [...catalog.ticketTypes]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .filter((t) => !seated.has(t.ticketTypeId) && (state.tickets[t.ticketTypeId] ?? 0) > 0)
    .map((t) => ({ ticketTypeId: t.ticketTypeId, count: state.tickets[t.ticketTypeId] ?? 0 }));
}

/** True when two count maps hold the same positive counts. */
export function sameCounts(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): boolean {
  const positive = (m: Readonly<Record<string, number>>) => Object.entries(m).filter(([, n]) => n > 0);
  const left = positive(a);
  return left.length === positive(b).length && left.every(([key, n]) => b[key] === n);
}

/** The picked seats to hold: seat ids per sector, sorted (sectors without picked seats are left out). */
export function wantedSeats(state: Pick<CartState, "seats">): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const pick of Object.values(state.seats))
    out[pick.sectorId] = [...(out[pick.sectorId] ?? []), pick.seatId];
  for (const ids of Object.values(out)) ids.sort();
  return out;
}

/** The sectors whose held seats differ from the picked ones, with the seat ids to hold there (maybe none). */
export function seatChanges(
  state: Pick<CartState, "seats" | "hold">,
): { sectorId: string; seatIds: string[] }[] {
  const wanted = wantedSeats(state);
  const held = state.hold?.seats ?? {};
  const sectors = [...new Set([...Object.keys(wanted), ...Object.keys(held)])].sort();
  return sectors
    .map((sectorId) => ({ sectorId, seatIds: wanted[sectorId] ?? [] }))
    .filter(({ sectorId, seatIds }) => {
      const has = [...(held[sectorId] ?? [])].sort();
      return has.length !== seatIds.length || has.some((id, k) => id !== seatIds[k]);
    });
}

/** True when the hold has exactly the tickets and seats the cart wants (no hold is in sync with nothing). */
export function holdInSync(
  state: Pick<CartState, "tickets" | "seats" | "hold">,
  catalog: Pick<CartCatalog, "ticketTypes" | "seatedTicketTypeIds">,
): boolean {
  const wanted = Object.fromEntries(holdItems(state, catalog).map((i) => [i.ticketTypeId, i.count]));
  return sameCounts(wanted, state.hold?.items ?? {}) && seatChanges(state).length === 0;
}

/** The hold of a reservation the service answered; null when it no longer holds anything. */
export function holdFromReservation(reservation: Reservation): HoldState | null {
  if (reservation.status !== "active") return null;
  const items: Record<string, number> = {};
  const seats: Record<string, string[]> = {};
  for (const item of reservation.items) {
    for (const seat of item.seats) seats[seat.sectorId] = [...(seats[seat.sectorId] ?? []), seat.seatId];
    if (item.sectorId !== null || item.seats.length > 0) continue;
    items[item.ticketTypeId] = (items[item.ticketTypeId] ?? 0) + item.count;
  }
  if (Object.keys(items).length === 0 && Object.keys(seats).length === 0) return null;
  return { reservationId: reservation.reservationId, expiresAt: reservation.expiresAt, items, seats };
}

/** The ticket type a refusal names by its field (`items.2` or `body.items.2`: the third item sent), if any. */
export function refusedTicketType(
  field: string | undefined,
  sent: readonly { ticketTypeId: string }[],
): string | null {
  const match = /^(?:body\.)?items\.(\d+)/.exec(field ?? "");
  if (!match) return null;
  return sent[Number(match[1])]?.ticketTypeId ?? null;
}

/** The cart with refused ticket types (all when `ids` is null) set back to what the hold has. */
export function revertToHold(state: CartState, ids: readonly string[] | null): CartState {
  const held = state.hold?.items ?? {};
  const tickets = { ...state.tickets };
  for (const id of ids ?? Object.keys({ ...tickets, ...held })) {
    const count = held[id] ?? 0;
    if (count > 0) tickets[id] = count;
    else delete tickets[id];
  }
  return { ...state, tickets };
}
