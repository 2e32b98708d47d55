/**
 * The seats of the cart, as pure rules: a seat of a sector as the buyer picks it, the seats the order buys,
 * the seats a refusal names as taken, and the words a seat is announced with (row, seat, price and state).
 */
import type { OrderCreateV2Body } from "../../contract/order-create.ts";
import type { Reservation, Seat, SeatState } from "../../contract/reservation.ts";
import type { TicketType } from "../../contract/ticket.ts";
import { MAX_SEATS_PER_ORDER } from "../../lib/order-limits.ts";
import type { CartState, SeatPick } from "./state.ts";

/** How the map shows a seat: free, picked by this buyer, or taken by someone else (held or sold). */
export type SeatView = "free" | "mine" | "taken";

/**
 * The ticket type a seat is sold as: the one the service names, else the first (in display order) of the
 * seat's sector and price category. Null when the catalog sells none for it.
 */
export function seatTicketType(
  seat: Pick<Seat, "sectorId" | "ticketTypeId" | "reservationCategoryId">,
  ticketTypes: readonly TicketType[],
): string | null {
  if (seat.ticketTypeId) return seat.ticketTypeId;
  const fits = ticketTypes
    .filter((t) => t.sectorId === seat.sectorId)
    .filter((t) => !seat.reservationCategoryId || t.reservationCategoryId === seat.reservationCategoryId)
    .sort((a, b) => a.displayOrder - b.displayOrder);
  return fits[0]?.ticketTypeId ?? null;
}

/** The seat picked from a sector's seat, sold as its ticket type; null for a seat the catalog sells no type for. */
export function seatPick(
  seat: Seat,
  sectorName: string,
  ticketTypes: readonly TicketType[],
): SeatPick | null {
  const ticketTypeId = seatTicketType(seat, ticketTypes);
  if (!ticketTypeId) return null;
  return {
    seatId: seat.seatId,
    sectorId: seat.sectorId,
    sectorName,
    row: seat.row,
    number: seat.number,
    ticketTypeId,
  };
}

/** The picked seats with the ticket types the hold sells them as (the service's answer is authoritative). */
export function withHeldTypes(state: CartState, reservation: Reservation): CartState {
  let seats = state.seats;
  for (const item of reservation.items) {
    for (const ref of item.seats) {
      const pick = seats[ref.seatId];
      if (pick && pick.ticketTypeId !== item.ticketTypeId) {
        seats = { ...seats, [ref.seatId]: { ...pick, ticketTypeId: item.ticketTypeId } };
      }
    }
  }
  return seats === state.seats ? state : { ...state, seats };
}

/** How the map shows a seat of the given state: the buyer's own picks are "mine", others' holds "taken". */
export function seatView(
  state: SeatState,
  seatId: string,
  picked: Readonly<Record<string, unknown>>,
): SeatView {
  if (seatId in picked) return "mine";
  return state === "free" ? "free" : "taken";
}

/**
 * The seats the order buys, ordered by sector, row and number; each is sold as the hold sells it, so no
 * ticket type is named.
 */
export function orderSeats(state: Pick<CartState, "seats">): NonNullable<OrderCreateV2Body["seats"]> {
  return sortedPicks(state.seats).map((p) => ({ sectorId: p.sectorId, seatId: p.seatId }));
}

/** Picked seats ordered by sector, row and number. */
export function sortedPicks(seats: Readonly<Record<string, SeatPick>>): SeatPick[] {
  return Object.values(seats).sort(
    (a, b) =>
      a.sectorName.localeCompare(b.sectorName) ||
      a.row.localeCompare(b.row, undefined, { numeric: true }) ||
      a.number - b.number,
  );
}

/** The seats a refused seat hold names as taken (the refusal's `seatIds`), limited to those asked for. */
export function takenSeatIds(body: Record<string, unknown>, asked: readonly string[]): string[] {
  const named = Array.isArray(body.seatIds) ? (body.seatIds as unknown[]) : [];
  const wanted = new Set(asked);
  return named.filter((id): id is string => typeof id === "string" && wanted.has(id));
}

/** The cart without the given seats (a refusal took them). */
export function dropSeats(state: CartState, seatIds: readonly string[]): CartState {
  const seats = { ...state.seats };
  for (const id of seatIds) delete seats[id];
  return { ...state, seats };
}

/** Translates a key under `seating.` with values. */
export type SeatingT = (key: string, values?: Record<string, unknown>) => string;

/** What a seat is announced as: "Row A, seat 5, 890 Kč, free" in the page's language. */
export function seatLabel(
  t: SeatingT,
  seat: { row: string; number: number },
  price: string | null,
  view: SeatView,
): string {
  const place = t("seat", { row: seat.row, number: seat.number });
  return [place, price, t(`state.${view}`)].filter(Boolean).join(", ");
}

/** Most seats one cart may pick: as many as one order takes. */
export const MAX_SEATS = MAX_SEATS_PER_ORDER;

/** The cart with a seat picked, or unpicked when it was; unchanged when the cart is full. */
export function toggledSeat(state: CartState, pick: SeatPick): CartState {
  const seats = { ...state.seats };
  if (seats[pick.seatId]) delete seats[pick.seatId];
  else if (Object.keys(seats).length >= MAX_SEATS) return state;
  else seats[pick.seatId] = pick;
  return { ...state, seats };
}
