import { describe, expect, it } from "vitest";
import type { Reservation } from "../../../src/contract/reservation.ts";
import {
  holdFromReservation,
  holdInSync,
  holdItems,
  refusedTicketType,
  revertToHold,
} from "../../../src/stores/cart/hold.ts";
import { cart, catalog, IDS, U } from "./support/fixtures.ts";

describe("hold", () => {
  const reservation = (
    items: Reservation["items"],
    status: Reservation["status"] = "active",
  ): Reservation => ({
    reservationId: U(500),
    eventId: U(1),
    status,
    createdAt: "2026-06-01T12:00:00Z",
    expiresAt: "2026-06-01T12:15:00Z",
    items,
    total: 0,
    currencyId: 1,
  });

  it("holds the wanted standing tickets in catalog order, never seated ones", () => {
    const state = cart({ tickets: { [IDS.day]: 1, [IDS.seated]: 2, [IDS.pass]: 3 } });
    expect(holdItems(state, catalog())).toEqual([
      { ticketTypeId: IDS.pass, count: 3 },
      { ticketTypeId: IDS.day, count: 1 },
    ]);
  });

  it("knows when the hold has what the cart wants", () => {
    const hold = {
      reservationId: U(500),
      expiresAt: "2026-06-01T12:15:00Z",
      items: { [IDS.pass]: 3 },
      seats: {},
    };
    expect(holdInSync(cart({ tickets: { [IDS.pass]: 3 }, hold }), catalog())).toBe(true);
    expect(holdInSync(cart({ tickets: { [IDS.pass]: 2 }, hold }), catalog())).toBe(false);
    expect(holdInSync(cart(), catalog())).toBe(true);
    expect(holdInSync(cart({ hold }), catalog())).toBe(false);
  });

  it("reads the hold of the service's answer (standing items only; none when no longer active)", () => {
    const items = [
      { ticketTypeId: IDS.pass, count: 2, sectorId: null, seats: [] },
      { ticketTypeId: IDS.seated, count: 1, sectorId: U(90), seats: [] },
    ];
    expect(holdFromReservation(reservation(items))).toEqual({
      reservationId: U(500),
      expiresAt: "2026-06-01T12:15:00Z",
      items: { [IDS.pass]: 2 },
      seats: {},
    });
    expect(holdFromReservation(reservation(items, "expired"))).toBeNull();
    expect(holdFromReservation(reservation([]))).toBeNull();
  });

  it("sets refused types back to what the hold has, keeping the rest", () => {
    const hold = { reservationId: U(500), expiresAt: "x", items: { [IDS.pass]: 1 }, seats: {} };
    const state = cart({ tickets: { [IDS.pass]: 4, [IDS.day]: 2, [IDS.vip]: 2 }, hold });
    expect(revertToHold(state, [IDS.pass, IDS.vip]).tickets).toEqual({ [IDS.pass]: 1, [IDS.day]: 2 });
    expect(revertToHold(state, null).tickets).toEqual({ [IDS.pass]: 1 });
    const sent = [{ ticketTypeId: IDS.pass }, { ticketTypeId: IDS.day }];
    expect(refusedTicketType("items.1", sent)).toBe(IDS.day);
    expect(refusedTicketType("items.1.count", sent)).toBe(IDS.day);
    expect(refusedTicketType("body.items.0", sent)).toBe(IDS.pass);
    expect(refusedTicketType("items.7", sent)).toBeNull();
    expect(refusedTicketType(undefined, sent)).toBeNull();
  });
});
