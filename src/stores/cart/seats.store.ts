/**
 * Picking seats on the seating plan: a seat picked or unpicked by tap, click or key, and the best available
 * block of adjacent seats; the hold follows shortly (one reservation with the standing tickets).
 */
import type { Seat } from "../../contract/reservation.ts";
import { bestAvailable } from "../../lib/seat-map.ts";
import { changeCounts } from "./counts.store.ts";
import { runtime } from "./runtime.store.ts";
import { MAX_SEATS, seatPick, toggledSeat } from "./seats.ts";

/** Picks a free seat or unpicks a picked one; seats taken by others and seats without a ticket type stay. */
export function toggleSeat(eventId: string, seat: Seat, sectorName: string): void {
  const rt = runtime(eventId);
  const pick = seatPick(seat, sectorName, rt.$catalog.get().ticketTypes);
  if (!pick) return;
  const picked = seat.seatId in rt.$cart.get().seats;
  if (!picked && seat.state !== "free") return;
  rt.$status.setKey("seatsTaken", []);
  changeCounts(rt, (s) => toggledSeat(s, pick), true);
}

/**
 * Picks the best `count` adjacent free seats of a sector (same row, consecutive numbers, nearest the stage and
 * the centre) in addition to the seats already picked; false when no row has such a block.
 */
export function pickBestSeats(
  eventId: string,
  seats: readonly Seat[],
  sectorName: string,
  count: number,
): boolean {
  const rt = runtime(eventId);
  const picked = rt.$cart.get().seats;
  if (count < 1 || Object.keys(picked).length + count > MAX_SEATS) return false;
  const types = rt.$catalog.get().ticketTypes;
  const candidates = seats.flatMap((s) => {
    const pick = s.state === "free" && !(s.seatId in picked) ? seatPick(s, sectorName, types) : null;
    return pick ? [{ ...s, id: s.seatId, pick }] : [];
  });
  const block = bestAvailable(candidates, count, () => true);
  if (!block) return false;
  rt.$status.setKey("seatsTaken", []);
  changeCounts(rt, (state) => block.reduce((s, seat) => toggledSeat(s, seat.pick), state), true);
  return true;
}
