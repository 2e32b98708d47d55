import { describe, expect, it, vi } from "vitest";
import type { Seat } from "../../../src/contract/reservation.ts";
import {
  acceptTerms,
  flushHold,
  holdAgain,
  submitOrder,
  updateBuyer,
} from "../../../src/stores/cart/checkout-api.ts";
import { setTicketCount } from "../../../src/stores/cart/index.ts";
import { pickBestSeats, toggleSeat } from "../../../src/stores/cart/seats.store.ts";
import { sectorSeats } from "../../../src/stores/cart/sector.store.ts";
import { U } from "./support/fixtures.ts";
import { BUYER, HOLD_MS, PASS, ticketType } from "./support/store-fixtures.ts";
import { installCartStoreHooks, reservationPosts, settle, setup } from "./support/store-harness.ts";

installCartStoreHooks();

const SECTOR = U(90);
const STALLS = U(24);
const seat = (n: number, row = "A"): Seat => ({
  seatId: U(1000 + (row === "A" ? 0 : 100) + n),
  sectorId: SECTOR,
  row,
  number: n,
  x: n * 10,
  y: row === "A" ? 0 : 10,
  state: "free",
  ticketTypeId: STALLS,
  reservationCategoryId: null,
});
const SEATS = [1, 2, 3, 4, 5].flatMap((n) => [seat(n, "A"), seat(n, "B")]);

async function seated() {
  return setup(
    "live",
    (c) => {
      c.ticketTypes.push(ticketType(STALLS, "Stalls", c.eventId, { price: 89000, sectorId: SECTOR }));
      c.seatedTicketTypeIds = [STALLS];
    },
    SEATS,
  );
}

const seatPosts = (s: Awaited<ReturnType<typeof seated>>) => s.service.calls("POST", "/api/reservation-seat");
const at = (n: number, row = "A") => SEATS.find((x) => x.number === n && x.row === row) as Seat;

describe("holding seats", () => {
  it("holds picked seats in the same reservation as the standing tickets, with an Idempotency-Key", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    setTicketCount(eventId, PASS, 1);
    toggleSeat(eventId, at(2), "Stalls");
    toggleSeat(eventId, at(3), "Stalls");
    await flushHold(eventId);
    const [post] = seatPosts(s);
    const hold = s.cart.$cart.get().hold;
    expect(post?.body).toEqual({
      eventId,
      reservationId: hold?.reservationId,
      sectorId: SECTOR,
      seatIds: [at(2).seatId, at(3).seatId],
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(hold?.items).toEqual({ [PASS]: 1 });
    expect(hold?.seats).toEqual({ [SECTOR]: [at(2).seatId, at(3).seatId] });
    expect(reservationPosts(s)).toHaveLength(1);
  });

  it("releases an unpicked seat, and the whole hold when nothing is left", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    toggleSeat(eventId, at(1), "Stalls");
    toggleSeat(eventId, at(2), "Stalls");
    await flushHold(eventId);
    toggleSeat(eventId, at(1), "Stalls");
    await flushHold(eventId);
    expect(seatPosts(s).at(-1)?.body?.seatIds).toEqual([at(2).seatId]);
    toggleSeat(eventId, at(2), "Stalls");
    await flushHold(eventId);
    expect(s.service.calls("DELETE", "/api/reservation")).toHaveLength(1);
    expect(s.cart.$cart.get().hold).toBeNull();
  });

  it("never picks a seat someone else has", async () => {
    const s = await seated();
    toggleSeat(s.catalog.eventId, { ...at(1), state: "held" }, "Stalls");
    expect(s.cart.$cart.get().seats).toEqual({});
  });

  it("drops a seat taken a moment ago, names it, reloads the map and holds the rest", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    s.service.takeSeat(at(4).seatId);
    toggleSeat(eventId, at(3), "Stalls");
    toggleSeat(eventId, at(4), "Stalls");
    await flushHold(eventId);
    expect(s.cart.$status.get().seatsTaken.map((p) => [p.row, p.number])).toEqual([["A", 4]]);
    expect(Object.keys(s.cart.$cart.get().seats)).toEqual([at(3).seatId]);
    expect(s.cart.$cart.get().hold?.seats).toEqual({ [SECTOR]: [at(3).seatId] });
    const reloaded = sectorSeats(eventId, SECTOR).get();
    expect(reloaded?.find((x) => x.seatId === at(4).seatId)?.state).toBe("held");
    // Picking again clears the message.
    toggleSeat(eventId, at(5), "Stalls");
    expect(s.cart.$status.get().seatsTaken).toEqual([]);
  });

  it("after the hold expired, holds the same seats again when they are still free", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    toggleSeat(eventId, at(1), "Stalls");
    await flushHold(eventId);
    await vi.advanceTimersByTimeAsync(HOLD_MS + 1000);
    await settle();
    expect(s.cart.$status.get().holdExpired).toBe(true);
    expect(s.cart.$cart.get().hold).toBeNull();
    await holdAgain(eventId);
    expect(s.cart.$status.get().holdExpired).toBe(false);
    expect(s.cart.$cart.get().hold?.seats).toEqual({ [SECTOR]: [at(1).seatId] });
  });

  it("picks the best block of adjacent free seats: front row, nearest the centre", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    s.service.takeSeat(at(3).seatId);
    sectorSeats(eventId, SECTOR).set(
      SEATS.map((x) => (x.seatId === at(3).seatId ? { ...x, state: "held" } : x)),
    );
    const seats = sectorSeats(eventId, SECTOR).get() ?? [];
    expect(pickBestSeats(eventId, seats, "Stalls", 3)).toBe(true);
    expect(Object.values(s.cart.$cart.get().seats).map((p) => `${p.row}${p.number}`)).toEqual([
      "B2",
      "B3",
      "B4",
    ]);
    expect(pickBestSeats(eventId, seats, "Stalls", 6)).toBe(false);
  });
});

describe("paying for seats", () => {
  it("orders the held seats through order-create-v2, and stops when a seat was taken before paying", async () => {
    const s = await seated();
    const eventId = s.catalog.eventId;
    updateBuyer(eventId, BUYER);
    acceptTerms(eventId, true);
    toggleSeat(eventId, at(1), "Stalls");
    toggleSeat(eventId, at(2), "Stalls");
    s.service.takeSeat(at(2).seatId);
    expect(await submitOrder(eventId)).toEqual({ ok: false, reason: "hold" });
    expect(s.cart.$status.get().notice).toEqual({ key: "seatMap.takenCheckout", tone: "error" });
    expect(s.service.calls("POST", "/api/order-create-v2")).toHaveLength(0);
    expect(await submitOrder(eventId)).toMatchObject({ ok: true });
    const [order] = s.service.calls("POST", "/api/order-create-v2");
    expect(order?.body?.reservationId).toBe(s.cart.$cart.get().hold?.reservationId);
    expect(order?.body?.seats).toEqual([{ sectorId: SECTOR, seatId: at(1).seatId }]);
  });
});
