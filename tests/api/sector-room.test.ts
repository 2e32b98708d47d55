/**
 * A standing floor's own capacity is shared by all of its ticket types, whichever call names them: a hold of
 * standing tickets, a hold of places in the sector, or an order sent without a hold. Types outside the
 * floor do not count against it, an order takes over a hold that fills it, and changing one part of a hold
 * (a sector's type, a sector's seats) keeps the others. A refusal names the field of the call that made the
 * hold.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { EVENT, SECTOR, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { sectors } from "../../src/pass-service/db/schema.ts";
import {
  cancelOrder,
  cartOf,
  createOrder,
  expectError,
  orderBody,
  postHold,
  postHoldOk,
  postOrder,
} from "./support/sales.ts";
import { postSeatHold, seatsOf } from "./support/seats.ts";
import { startTestService, type TestService } from "./support/service.ts";

const PRAHA = EVENT.tourPraha;
const FLOOR = SECTOR.arenaFloor;
const STAND = SECTOR.arenaStand;
const STANDING = ticketTypeId("tourPraha", "stani");
const VIP = ticketTypeId("tourPraha", "vip");
const MEET_AND_GREET = ticketTypeId("tourPraha", "setkani-s-kapelou");
const FLOOR_NAME = "Floor – standing";

let svc: TestService;
let capacity: number | null = null;
beforeAll(async () => {
  svc = await startTestService();
  const [row] = await svc.database.db.select().from(sectors).where(eq(sectors.sectorId, FLOOR));
  capacity = row?.capacity ?? null;
});
afterAll(() => svc?.close());
afterEach(async () => {
  await svc.database.db.update(sectors).set({ capacity }).where(eq(sectors.sectorId, FLOOR));
});

/** Places of the floor's ticket types that are sold or held now. */
async function floorTaken(): Promise<number> {
  const types = (await cartOf(svc, PRAHA)).ticketTypes.filter((t) => t.sectorId === FLOOR);
  expect(types.map((t) => t.ticketTypeId).sort()).toEqual(expect.arrayContaining([STANDING, VIP].sort()));
  return types.reduce((sum, t) => sum + t.capacity - t.available, 0);
}

/** Makes the floor smaller than what its ticket types have left: `places` remain (while it is not full yet). */
async function leaveOnFloor(places: number): Promise<void> {
  const taken = await floorTaken();
  await svc.database.db
    .update(sectors)
    .set({ capacity: taken + places })
    .where(eq(sectors.sectorId, FLOOR));
}

/** Takes `places` from the floor's capacity, whatever it holds. */
async function shrinkFloor(places: number): Promise<void> {
  const [row] = await svc.database.db.select().from(sectors).where(eq(sectors.sectorId, FLOOR));
  await svc.database.db
    .update(sectors)
    .set({ capacity: (row?.capacity ?? 0) - places })
    .where(eq(sectors.sectorId, FLOOR));
}

/** Places left on the floor, as the sector call answers. */
async function floorAvailable(): Promise<number> {
  const res = await svc.request(`/api/reservation/sector/${FLOOR}?eventId=${PRAHA}`);
  expect(res.status).toBe(200);
  return reservationCalls.sector.response.parse(res.body).sector.available;
}

/** Releases a hold, expecting it released. */
async function release(reservationId: string): Promise<void> {
  const res = await svc.request(`/api/reservation?reservationId=${reservationId}`, { method: "DELETE" });
  expect(res.status).toBe(200);
}

const crowd = (body: { ticketTypeId: string; count: number; reservationId?: string }) =>
  svc.request("/api/reservation-crowd", {
    method: "POST",
    lang: "en",
    json: { eventId: PRAHA, sectorId: FLOOR, ...body },
  });

describe("a standing floor's capacity", () => {
  it("refuses a hold of standing tickets beyond it, naming the floor, the line and the places left", async () => {
    await leaveOnFloor(2);
    const refused = expectError(
      await postHold(svc, PRAHA, [{ ticketTypeId: STANDING, count: 3 }]),
      409,
      "SOLD_OUT",
    );
    expect(refused).toMatchObject({
      field: "items.0",
      message: `Only 2 of ${FLOOR_NAME} are left`,
      available: 2,
    });

    const mixed = expectError(
      await postHold(svc, PRAHA, [
        { ticketTypeId: MEET_AND_GREET, count: 1 },
        { ticketTypeId: STANDING, count: 1 },
        { ticketTypeId: VIP, count: 2 },
      ]),
      409,
      "SOLD_OUT",
    );
    expect(mixed.field).toBe("items.1");
    expect(await floorAvailable()).toBe(2);
  });

  it("leaves each of the floor's ticket types no more than the floor has room for; other types keep theirs", async () => {
    const before = new Map((await cartOf(svc, PRAHA)).ticketTypes.map((t) => [t.ticketTypeId, t.available]));
    await leaveOnFloor(2);
    const after = new Map((await cartOf(svc, PRAHA)).ticketTypes.map((t) => [t.ticketTypeId, t.available]));
    expect([after.get(STANDING), after.get(VIP), after.get(MEET_AND_GREET)]).toEqual([
      2,
      2,
      before.get(MEET_AND_GREET),
    ]);
    const held = await postHoldOk(svc, PRAHA, [{ ticketTypeId: VIP, count: 1 }]);
    const less = new Map((await cartOf(svc, PRAHA)).ticketTypes.map((t) => [t.ticketTypeId, t.available]));
    expect([less.get(STANDING), less.get(VIP)]).toEqual([1, 1]);
    await release(held.reservationId);
  });

  it("refuses an order without a hold beyond it, across the floor's ticket types; what fits is sold", async () => {
    await leaveOnFloor(2);
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: PRAHA,
          items: [
            { ticketTypeId: STANDING, count: 1 },
            { ticketTypeId: VIP, count: 2 },
          ],
        }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(refused).toMatchObject({ field: "items.0", message: `Only 2 of ${FLOOR_NAME} are left` });

    const order = await createOrder(svc, { eventId: PRAHA, items: [{ ticketTypeId: VIP, count: 2 }] });
    expect(await floorAvailable()).toBe(0);
    const full = expectError(await crowd({ ticketTypeId: STANDING, count: 1 }), 409, "SOLD_OUT", "count");
    expect(full.message).toBe(`${FLOOR_NAME} is sold out`);
    expectError(
      await postHold(svc, PRAHA, [{ ticketTypeId: STANDING, count: 1 }]),
      409,
      "SOLD_OUT",
      "items.0",
    );

    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    expect(await floorAvailable()).toBe(2);
  });

  it("does not count ticket types outside the floor, sold or held", async () => {
    const other = await postHoldOk(svc, PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: 1 }]);
    await leaveOnFloor(2);
    const held = await postHoldOk(svc, PRAHA, [
      { ticketTypeId: STANDING, count: 2 },
      { ticketTypeId: MEET_AND_GREET, count: 1 },
    ]);
    expect(held.items.map((i) => [i.ticketTypeId, i.count])).toEqual(
      expect.arrayContaining([
        [STANDING, 2],
        [MEET_AND_GREET, 1],
      ]),
    );
    for (const id of [other.reservationId, held.reservationId]) {
      await release(id);
    }
  });

  it("never refuses a hold that adds nothing to it, even once it is made smaller than its holds", async () => {
    await leaveOnFloor(2);
    const held = reservationCalls.crowd.response.parse(
      (await crowd({ ticketTypeId: STANDING, count: 2 })).body,
    );
    const reservationId = held.reservation.reservationId;
    await shrinkFloor(1);
    expect(await floorAvailable()).toBe(0);
    expectError(await crowd({ ticketTypeId: STANDING, count: 2, reservationId }), 409, "SOLD_OUT", "count");
    const none = await crowd({ ticketTypeId: VIP, count: 0, reservationId });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(reservationCalls.crowd.response.parse(none.body).reservation.items).toEqual([
      { ticketTypeId: STANDING, count: 2, sectorId: FLOOR, seats: [] },
    ]);
    await release(reservationId);
  });

  it("lets an order take over a hold that fills it", async () => {
    await leaveOnFloor(2);
    const held = await postHoldOk(svc, PRAHA, [{ ticketTypeId: STANDING, count: 2 }]);
    expect(await floorAvailable()).toBe(0);
    const order = await createOrder(svc, { eventId: PRAHA, reservationId: held.reservationId });
    expect(order.status).toBe("created");
    expect(await floorAvailable()).toBe(0);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });
});

describe("changing one part of a hold keeps the others", () => {
  it("places of one of the floor's types keep the floor's other types; new seats keep the floor", async () => {
    const first = reservationCalls.crowd.response.parse(
      (await crowd({ ticketTypeId: STANDING, count: 3 })).body,
    );
    const reservationId = first.reservation.reservationId;
    const vip = await crowd({ ticketTypeId: VIP, count: 1, reservationId });
    expect(vip.status, JSON.stringify(vip.body)).toBe(200);
    const floorLines = [
      [STANDING, 3, FLOOR],
      [VIP, 1, FLOOR],
    ].sort();
    const lines = (r: { items: { ticketTypeId: string; count: number; sectorId: string | null }[] }) =>
      r.items.filter((i) => i.sectorId === FLOOR).map((i) => [i.ticketTypeId, i.count, i.sectorId]);
    expect(lines(reservationCalls.crowd.response.parse(vip.body).reservation).sort()).toEqual(floorLines);

    const free = (await seatsOf(svc, PRAHA, STAND)).filter((s) => s.state === "free").map((s) => s.seatId);
    for (const seatIds of [free.slice(0, 2), free.slice(2, 5)]) {
      const seated = await postSeatHold(svc, { eventId: PRAHA, sectorId: STAND, seatIds, reservationId });
      expect(seated.status, JSON.stringify(seated.body)).toBe(200);
      const reservation = reservationCalls.seat.response.parse(seated.body).reservation;
      expect(lines(reservation).sort()).toEqual(floorLines);
      expect(reservation.items.find((i) => i.sectorId === STAND)?.count).toBe(seatIds.length);
    }
    await release(reservationId);
  });
});

describe("a refused hold names the field of the call", () => {
  it("a hold of places names the ticket type a sector does not sell, and the count it has no room for", async () => {
    const elsewhere = expectError(await crowd({ ticketTypeId: MEET_AND_GREET, count: 1 }), 404, "NOT_FOUND");
    expect(elsewhere).toMatchObject({
      field: "ticketTypeId",
      message: "Meet & greet with the band is not sold in this sector",
    });
    await leaveOnFloor(1);
    expectError(await crowd({ ticketTypeId: VIP, count: 2 }), 409, "SOLD_OUT", "count");
  });

  it("a seat hold's refusals name its seats", async () => {
    const free = (await seatsOf(svc, PRAHA, STAND)).filter((s) => s.state === "free").map((s) => s.seatId);
    const stand = (await cartOf(svc, PRAHA)).ticketTypes.find((t) => t.sectorId === STAND);
    const max = stand?.maxPerOrder ?? 0;
    const refused = expectError(
      await postSeatHold(svc, { eventId: PRAHA, sectorId: STAND, seatIds: free.slice(0, max + 1) }),
      400,
      "LIMIT_EXCEEDED",
      "seatIds",
    );
    expect(refused.message).toBe(`At most ${max} of ${stand?.namePub} per order`);
  });
});
