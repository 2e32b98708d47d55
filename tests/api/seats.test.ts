/**
 * Seat holds (reservation.seat) and the seat states every sector answer shows: holding, replacing and
 * releasing seats, expiry shared with the other holds, taken seats refused all-or-none, and bad input.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { expectError } from "./support/sales.ts";
import { postSeatHold, seatedSector, seatsOf, seatTestService, statesOf } from "./support/seats.ts";

const target = seatedSector();
const { eventId, sectorId } = target;

const seatService = seatTestService(eventId, sectorId);
const { freshSeats } = seatService;

/** Holds seats and expects success; answers the reservation. */
async function hold(ids: string[], extra: { reservationId?: string; ticketTypeId?: string } = {}) {
  const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.seat.response.parse(res.body).reservation;
}

describe("reservation.seat", () => {
  it("holds the chosen seats, lists them on the hold and shows them held", async () => {
    const ids = freshSeats(3);
    const before = await seatService.svc.request(`/api/reservation/sector/${sectorId}?eventId=${eventId}`);
    const reservation = await hold(ids);
    const defaultType = must(target.ticketTypeIds[0], "default type");
    expect(reservation.status).toBe("active");
    expect(reservation.items).toHaveLength(1);
    const item = must(reservation.items[0], "item");
    expect(item).toMatchObject({ ticketTypeId: defaultType, count: 3, sectorId });
    expect(item.seats.map((s) => s.seatId).sort()).toEqual([...ids].sort());
    for (const seat of item.seats) {
      expect(seat.sectorId).toBe(sectorId);
      expect(seat.sectorName).not.toBe("");
      expect(seat.row).not.toBe("");
      expect(seat.number).toBeGreaterThan(0);
    }
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["held", "held", "held"]);
    const after = await seatService.svc.request(`/api/reservation/sector/${sectorId}?eventId=${eventId}`);
    expect(after.body.sector.available).toBe(before.body.sector.available - 3);
  });

  it("refuses seats another hold has with 409 SEAT_TAKEN naming them, holding none of the others", async () => {
    const [a, b, c] = freshSeats(3) as [string, string, string];
    await hold([a, b]);
    const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: [c, b, a] });
    const body = expectError(res, 409, "SEAT_TAKEN", "seatIds");
    expect([...body.seatIds].sort()).toEqual([a, b].sort());
    expect(await statesOf(seatService.svc, eventId, sectorId, [a, b, c])).toEqual(["held", "held", "free"]);
  });

  it("replaces the hold's seats of the sector, keeping the rest of the hold, and releases them with an empty list", async () => {
    const [a, b, c] = freshSeats(3) as [string, string, string];
    const first = await hold([a, b]);
    const other = must(
      (await seatsOf(seatService.svc, eventId, target.otherSectorId)).find((s) => s.state === "free"),
      "free seat elsewhere",
    );
    const both = await postSeatHold(seatService.svc, {
      eventId,
      sectorId: target.otherSectorId,
      seatIds: [other.seatId],
      reservationId: first.reservationId,
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const replaced = await hold([b, c], { reservationId: first.reservationId });
    expect(replaced.reservationId).toBe(first.reservationId);
    const seatsHeld = replaced.items.flatMap((i) => i.seats.map((s) => s.seatId));
    expect(seatsHeld.sort()).toEqual([b, c, other.seatId].sort());
    expect(await statesOf(seatService.svc, eventId, sectorId, [a, b, c])).toEqual(["free", "held", "held"]);

    const released = await hold([], { reservationId: first.reservationId });
    expect(released.items.flatMap((i) => i.seats.map((s) => s.seatId))).toEqual([other.seatId]);
    expect(await statesOf(seatService.svc, eventId, sectorId, [b, c])).toEqual(["free", "free"]);
  });

  it("sells the seats as the ticket type named, else as the one the hold has them as", async () => {
    const reduced = target.ticketTypeIds[1];
    if (!reduced) return;
    const [a, b] = freshSeats(2) as [string, string];
    const first = await hold([a], { ticketTypeId: reduced });
    const again = await hold([a, b], { reservationId: first.reservationId });
    const typeOf = (id: string) =>
      again.items.find((i) => i.seats.some((s) => s.seatId === id))?.ticketTypeId;
    expect(typeOf(a)).toBe(reduced);
    expect(typeOf(b)).toBe(target.ticketTypeIds[0]);
  });

  it("frees the seats when the hold is released, and another buyer can hold them", async () => {
    const ids = freshSeats(2);
    const first = await hold(ids);
    const del = await seatService.svc.request(`/api/reservation?reservationId=${first.reservationId}`, {
      method: "DELETE",
    });
    expect(del.status).toBe(200);
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["free", "free"]);
    const second = await hold(ids);
    expect(second.reservationId).not.toBe(first.reservationId);
  });

  it("frees the seats when the hold expires, like every hold; the expired hold cannot be renewed", async () => {
    const ids = freshSeats(2);
    const first = await hold(ids);
    seatService.svc.clock.offsetMs = Date.parse(first.expiresAt) - Date.now() - 30_000;
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["held", "held"]);
    seatService.svc.clock.offsetMs = Date.parse(first.expiresAt) - Date.now() + 1_000;
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["free", "free"]);
    const renew = await postSeatHold(seatService.svc, {
      eventId,
      sectorId,
      seatIds: ids,
      reservationId: first.reservationId,
    });
    expectError(renew, 409, "HOLD_EXPIRED", "reservationId");
    await hold(ids);
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["held", "held"]);
  });

  it("answers a repeat with the same Idempotency-Key with the first hold, holding nothing twice", async () => {
    const ids = freshSeats(2);
    const key = randomUUID();
    const first = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids }, key);
    const again = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.reservation.reservationId).toBe(first.body.reservation.reservationId);
  });

  it("refuses seated ticket types held by count: their seats must be chosen", async () => {
    const type = must(target.ticketTypeIds[0], "type");
    const res = await seatService.svc.request("/api/reservation", {
      method: "POST",
      json: { eventId, items: [{ ticketTypeId: type, count: 2 }] },
    });
    expectError(res, 400, "SEATS_REQUIRED", "items.0");
    const crowd = await seatService.svc.request("/api/reservation-crowd", {
      method: "POST",
      json: { eventId, sectorId, ticketTypeId: type, count: 2 },
    });
    expectError(crowd, 400, "SEATS_REQUIRED", "ticketTypeId");
  });
});

describe("reservation.seat refuses bad input with a clear 4xx", () => {
  it("an unknown sector, a sector of another venue, and a ticket type of another sector", async () => {
    const [a] = freshSeats(1) as [string];
    expectError(
      await postSeatHold(seatService.svc, { eventId, sectorId: UNKNOWN_ID, seatIds: [a] }),
      404,
      "NOT_FOUND",
      "sectorId",
    );
    const otherType = await postSeatHold(seatService.svc, {
      eventId,
      sectorId,
      seatIds: [a],
      ticketTypeId: UNKNOWN_ID,
    });
    expectError(otherType, 404, "NOT_FOUND", "ticketTypeId");
    expect(await statesOf(seatService.svc, eventId, sectorId, [a])).toEqual(["free"]);
  });

  it("a seat of another sector or an unknown seat, naming it", async () => {
    const [a] = freshSeats(1) as [string];
    const elsewhere = must(
      (await seatsOf(seatService.svc, eventId, target.otherSectorId))[0],
      "seat elsewhere",
    );
    const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: [a, elsewhere.seatId] });
    expectError(res, 404, "NOT_FOUND", "seatIds.1");
    expectError(
      await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: [UNKNOWN_ID] }),
      404,
      "NOT_FOUND",
      "seatIds.0",
    );
  });

  it("51 seats, repeated seats, no seats without a hold, and malformed ids", async () => {
    const many = Array.from({ length: 51 }, () => randomUUID());
    expectError(await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: many }), 400, "VALIDATION");
    const [a] = freshSeats(1) as [string];
    expectError(
      await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: [a, a] }),
      400,
      "VALIDATION",
    );
    expectError(await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: [] }), 400, "VALIDATION");
    expectError(
      await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ["A-1"] }),
      400,
      "VALIDATION",
    );
  });

  it("more seats than one order may have", async () => {
    const ids = freshSeats(20);
    const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids });
    expectError(res, 400, "LIMIT_EXCEEDED", "seatIds");
    expect(new Set(await statesOf(seatService.svc, eventId, sectorId, ids))).toEqual(new Set(["free"]));
  });
});
