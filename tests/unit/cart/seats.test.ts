import { describe, expect, it } from "vitest";
import type { Seat } from "../../../src/contract/reservation.ts";
import { summaryLines } from "../../../src/stores/cart/lines.ts";
import { orderBody } from "../../../src/stores/cart/order-body.ts";
import {
  MAX_SEATS,
  orderSeats,
  seatLabel,
  seatPick,
  seatView,
  takenSeatIds,
  toggledSeat,
  withHeldTypes,
} from "../../../src/stores/cart/seats.ts";
import type { SeatPick } from "../../../src/stores/cart/state.ts";
import { BUYER, cart, catalog, IDS, U } from "./support/fixtures.ts";

const SECTOR = U(90);
const seat = (n: number, row = "A", extra: Partial<Seat> = {}): Seat => ({
  seatId: U(1000 + n),
  sectorId: SECTOR,
  row,
  number: n,
  x: n,
  y: 0,
  state: "free",
  ticketTypeId: IDS.seated,
  reservationCategoryId: null,
  ...extra,
});
const pick = (n: number, row = "A") => seatPick(seat(n, row), "Stalls", catalog().ticketTypes) as SeatPick;

describe("seats of the cart", () => {
  it("picks a seat as the ticket type the service names, else the first of its sector and category", () => {
    expect(pick(4)).toEqual({
      seatId: U(1004),
      sectorId: SECTOR,
      sectorName: "Stalls",
      row: "A",
      number: 4,
      ticketTypeId: IDS.seated,
    });
    const types = catalog().ticketTypes;
    expect(seatPick(seat(1, "A", { ticketTypeId: null }), "Stalls", types)?.ticketTypeId).toBe(IDS.seated);
    expect(seatPick(seat(1, "A", { ticketTypeId: null, sectorId: U(91) }), "Balcony", types)).toBeNull();
    expect(
      seatPick(seat(1, "A", { ticketTypeId: null, reservationCategoryId: U(77) }), "Stalls", types),
    ).toBeNull();
  });

  it("takes the ticket types the hold sells the seats as", () => {
    const state = cart({ seats: { [U(1002)]: pick(2) } });
    const ref = { seatId: U(1002), sectorId: SECTOR, sectorName: "Stalls", row: "A", number: 2 };
    const reservation = {
      reservationId: U(500),
      eventId: U(1),
      status: "active" as const,
      createdAt: "2026-06-01T12:00:00Z",
      expiresAt: "2026-06-01T12:15:00Z",
      items: [{ ticketTypeId: IDS.loose, count: 1, sectorId: SECTOR, seats: [ref] }],
      total: 0,
      currencyId: 1,
    };
    expect(withHeldTypes(state, reservation).seats[U(1002)]?.ticketTypeId).toBe(IDS.loose);
    expect(withHeldTypes(state, { ...reservation, items: [] })).toBe(state);
  });

  it("shows the buyer's seats as mine and others' holds and sales as taken", () => {
    const picked = { [U(1002)]: pick(2) };
    expect(seatView("held", U(1002), picked)).toBe("mine");
    expect(seatView("held", U(1003), picked)).toBe("taken");
    expect(seatView("sold", U(1003), picked)).toBe("taken");
    expect(seatView("free", U(1003), picked)).toBe("free");
  });

  it("toggles a seat and stops at the most seats an order takes", () => {
    const one = toggledSeat(cart(), pick(1));
    expect(Object.keys(one.seats)).toEqual([U(1001)]);
    expect(toggledSeat(one, pick(1)).seats).toEqual({});
    let full = cart();
    for (let n = 1; n <= MAX_SEATS; n++) full = toggledSeat(full, pick(n));
    expect(toggledSeat(full, pick(MAX_SEATS + 1))).toBe(full);
  });

  it("reads the seats a refusal names, only among those asked for", () => {
    expect(takenSeatIds({ seatIds: [U(1), U(2), 7] }, [U(2), U(3)])).toEqual([U(2)]);
    expect(takenSeatIds({}, [U(2)])).toEqual([]);
  });

  it("announces a seat by row, number, price and state", () => {
    const t = (key: string, v?: Record<string, unknown>) =>
      key === "seat"
        ? `Row ${v?.row}, seat ${v?.number}`
        : (({ "state.free": "free" } as Record<string, string>)[key] ?? key);
    expect(seatLabel(t, { row: "C", number: 12 }, "890 Kč", "free")).toBe("Row C, seat 12, 890 Kč, free");
    expect(seatLabel(t, { row: "C", number: 12 }, null, "free")).toBe("Row C, seat 12, free");
  });

  it("lists one summary line per seat with its ticket type's price, and the seats in the order", () => {
    const state = cart({ seats: { [U(1005)]: pick(5, "B"), [U(1002)]: pick(2, "A") }, buyer: BUYER });
    const seatLines = summaryLines(state, catalog()).filter((l) => l.seat);
    expect(seatLines.map((l) => [l.seat?.row, l.seat?.number, l.count, l.id])).toEqual([
      ["A", 2, 1, IDS.seated],
      ["B", 5, 1, IDS.seated],
    ]);
    const body = orderBody(state, catalog(), { language: "cs", returnUrl: "https://shop.example/o" });
    expect(body?.seats).toEqual(orderSeats(state));
    expect(body?.seats).toEqual([
      { sectorId: SECTOR, seatId: U(1002) },
      { sectorId: SECTOR, seatId: U(1005) },
    ]);
  });
});
