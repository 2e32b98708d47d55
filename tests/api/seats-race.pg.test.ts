/**
 * Seat holds racing each other on a PostgreSQL server (PGlite has one connection, so it cannot show this):
 * however requests interleave, a seat is held by at most one hold, a hold has all its seats or none, and an
 * order of held seats keeps them against a competing hold. Runs in the api-postgres project only.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { seatClaims } from "../../src/pass-service/db/schema.ts";
import { must } from "./support/expect.ts";
import { orderBody, postOrder } from "./support/sales.ts";
import { postSeatHold, seatedSector, seatTestService, statesOf } from "./support/seats.ts";

const { eventId, sectorId } = seatedSector();

const seatService = seatTestService(eventId, sectorId);
const { freshSeats } = seatService;

/** Claim rows of the given seats for the event, straight from the database. */
function claimRows(ids: string[]) {
  return seatService.svc.database.db
    .select()
    .from(seatClaims)
    .where(and(eq(seatClaims.eventId, eventId), inArray(seatClaims.seatId, ids)));
}

/** Sends every body at once; answers each success's held seat ids, or "taken" for a 409 SEAT_TAKEN. */
async function holdAtOnce(bodies: string[][]): Promise<(string[] | "taken")[]> {
  const answers = await Promise.all(
    bodies.map((ids) => postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids })),
  );
  return answers.map((res) => {
    if (res.status === 200) {
      const { reservation } = reservationCalls.seat.response.parse(res.body);
      return reservation.items.flatMap((i) => i.seats.map((s) => s.seatId));
    }
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.errorText).toBe("ERROR_SEAT_TAKEN");
    return "taken";
  });
}

/** Holds seats (expecting success) and answers the hold's id. */
async function holdOf(ids: string[]): Promise<string> {
  const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.seat.response.parse(res.body).reservation.reservationId;
}

describe("seat holds racing on PostgreSQL", () => {
  it("50 parallel holds of one seat: exactly one succeeds, the others are told it is taken", async () => {
    const [seat] = freshSeats(1) as [string];
    const results = await holdAtOnce(Array.from({ length: 50 }, () => [seat]));
    const won = results.filter((r) => r !== "taken");
    expect(won).toEqual([[seat]]);
    expect(results.filter((r) => r === "taken")).toHaveLength(49);
    expect(await claimRows([seat])).toHaveLength(1);
    expect(await statesOf(seatService.svc, eventId, sectorId, [seat])).toEqual(["held"]);
  });

  it("20 parallel holds of overlapping seat sets: no seat is held twice, every success holds all its seats", async () => {
    const seats = freshSeats(24);
    // Request i asks for five neighbours starting at seat i: each overlaps the next four requests.
    const bodies = Array.from({ length: 20 }, (_, i) => seats.slice(i, i + 5));
    const results = await holdAtOnce(bodies);
    const held: string[] = [];
    results.forEach((r, i) => {
      if (r === "taken") return;
      expect([...r].sort()).toEqual([...must(bodies[i], "body")].sort());
      held.push(...r);
    });
    expect(results.some((r) => r !== "taken")).toBe(true);
    expect(new Set(held).size).toBe(held.length);
    const rows = await claimRows(seats);
    expect(rows.map((r) => r.seatId).sort()).toEqual([...held].sort());
    const states = await statesOf(seatService.svc, eventId, sectorId, seats);
    expect(seats.filter((_, i) => states[i] === "held").sort()).toEqual([...held].sort());
  });

  it("an order of held seats against competing holds: the order owns the seats, every competitor is refused", async () => {
    const ids = freshSeats(3);
    const reservationId = await holdOf(ids);
    const [order, ...competitors] = await Promise.all([
      postOrder(seatService.svc, orderBody({ eventId, reservationId })),
      ...Array.from({ length: 10 }, () => postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids })),
    ]);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    for (const res of competitors) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.errorText).toBe("ERROR_SEAT_TAKEN");
    }
    const rows = await claimRows(ids);
    expect(rows.map((r) => r.orderId)).toEqual(ids.map(() => order.body.order.orderId));
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["sold", "sold", "sold"]);
  });

  it("a hold released while it becomes an order: its seats go to the order or to the next hold, never both", async () => {
    for (let round = 0; round < 8; round++) {
      const ids = freshSeats(2);
      const reservationId = await holdOf(ids);
      const [order, , competitor] = await Promise.all([
        postOrder(seatService.svc, orderBody({ eventId, reservationId })),
        seatService.svc.request(`/api/reservation?reservationId=${reservationId}`, { method: "DELETE" }),
        postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids }),
      ]);
      const rows = await claimRows(ids);
      expect(rows).toHaveLength(2);
      if (order.status === 200) {
        expect(competitor.status).toBe(409);
        expect(rows.every((r) => r.orderId === order.body.order.orderId)).toBe(true);
      } else {
        expect(order.status, JSON.stringify(order.body)).toBe(409);
        expect(rows.every((r) => r.orderId === null && r.reservationId !== reservationId)).toBe(
          competitor.status === 200,
        );
      }
    }
  });
});
