/**
 * Holds on inventory (reservation.create, reservation.crowd, reservation.delete) against the demo catalog:
 * what a hold takes off the cart, replacing and releasing it, per-order limits, sold-out and sale-window
 * refusals, expiry on the service's clock, and places held in a standing sector.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventCalls } from "../../src/contract/event.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { sectors } from "../../src/pass-service/db/schema.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  availability,
  availableOf,
  cartOf,
  expectError,
  type HoldLine,
  orderBody,
  postHold,
  postHoldOk,
  postOrder,
  TERMS,
  ticketTypeOf,
} from "./support/sales.ts";
import { postSeatHold, seatsOf } from "./support/seats.ts";
import { startTestService, type TestService } from "./support/service.ts";

const MINUTE = 60_000;
/** How long a hold lasts by default (HOLD_MINUTES). */
const HOLD_MS = 15 * MINUTE;

const FESTIVAL = EVENT.festival;
const PRAHA = EVENT.tourPraha;
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
const FESTIVAL_VIP = ticketTypeId("festival", "vip");
const FAMILY = ticketTypeId("festival", "rodinna");
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const MEET_AND_GREET = ticketTypeId("tourPraha", "setkani-s-kapelou");
const EARLY_BIRD = ticketTypeId("tourPraha", "stani-prvni-vlna");
const PRAHA_STANDING = ticketTypeId("tourPraha", "stani");
const FAMILY_BALCONY = ticketTypeId("littlePrince", "rodinna-balkon");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

type Line = HoldLine;
const hold = (eventId: string, items: Line[], reservationId?: string) =>
  postHold(svc, eventId, items, reservationId);
const holdOk = (eventId: string, items: Line[], reservationId?: string) =>
  postHoldOk(svc, eventId, items, reservationId);

function crowd(body: {
  eventId: string;
  sectorId: string;
  ticketTypeId: string;
  count: number;
  reservationId?: string;
}) {
  return svc.request("/api/reservation-crowd", { method: "POST", lang: "en", json: body });
}

async function release(reservationId: string): Promise<void> {
  const res = await svc.request(`/api/reservation?reservationId=${reservationId}`, { method: "DELETE" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  reservationCalls.delete.response.parse(res.body);
}

/** Available units per ticket type in the v2 read of an event's ticket types. */
async function v2Available(eventId: string): Promise<Map<string, number>> {
  const res = await svc.request(`/api/v2/event/id/${eventId}/ticket-type`);
  expect(res.status).toBe(200);
  const body = v2Calls.eventTicketTypes.response.parse(res.body);
  return new Map(body.ticketTypes.map((t) => [t.ticketTypeId, t.available]));
}

describe("reservation.create", () => {
  it("holds standing tickets: both cart reads drop by the held count until the hold is released", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, THREE_DAY);
    const before = await availability(svc, FESTIVAL);
    const beforeV2 = await v2Available(FESTIVAL);
    expect(beforeV2.get(THREE_DAY)).toBe(before.types.get(THREE_DAY));

    const reservation = await holdOk(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 3 }]);
    expect(reservation).toMatchObject({
      eventId: FESTIVAL,
      status: "active",
      items: [{ ticketTypeId: THREE_DAY, count: 3, sectorId: null, seats: [] }],
      total: 3 * type.price,
      currencyId: type.currencyId,
    });
    expect(Date.parse(reservation.expiresAt) - Date.parse(reservation.createdAt)).toBe(HOLD_MS);

    const during = await availability(svc, FESTIVAL);
    expect(during.types.get(THREE_DAY)).toBe((before.types.get(THREE_DAY) ?? 0) - 3);
    expect((await v2Available(FESTIVAL)).get(THREE_DAY)).toBe((beforeV2.get(THREE_DAY) ?? 0) - 3);
    for (const [id, left] of before.types) if (id !== THREE_DAY) expect(during.types.get(id)).toBe(left);

    await release(reservation.reservationId);
    expect((await availability(svc, FESTIVAL)).types).toEqual(before.types);
    // Releasing again changes nothing.
    await release(reservation.reservationId);
    expect((await availability(svc, FESTIVAL)).types).toEqual(before.types);
    expect((await v2Available(FESTIVAL)).get(THREE_DAY)).toBe(beforeV2.get(THREE_DAY));
  });

  it("replaces the standing items of a hold, extends its expiry, and releases them with an empty list", async () => {
    const before = await availability(svc, FESTIVAL);
    const camping = before.types.get(CAMPING) ?? 0;
    const vip = before.types.get(FESTIVAL_VIP) ?? 0;
    const first = await holdOk(FESTIVAL, [
      { ticketTypeId: CAMPING, count: 2 },
      { ticketTypeId: FESTIVAL_VIP, count: 1 },
    ]);
    expect((await availability(svc, FESTIVAL)).types.get(CAMPING)).toBe(camping - 2);
    expect((await availability(svc, FESTIVAL)).types.get(FESTIVAL_VIP)).toBe(vip - 1);

    svc.clock.offsetMs = 5 * MINUTE;
    const replaced = await holdOk(FESTIVAL, [{ ticketTypeId: CAMPING, count: 4 }], first.reservationId);
    expect(replaced.reservationId).toBe(first.reservationId);
    expect(replaced.status).toBe("active");
    expect(replaced.items.map((i) => [i.ticketTypeId, i.count])).toEqual([[CAMPING, 4]]);
    expect(replaced.total).toBe(4 * (await ticketTypeOf(svc, FESTIVAL, CAMPING)).price);
    const extended = Date.parse(replaced.expiresAt) - Date.parse(first.expiresAt);
    expect(extended).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(extended).toBeLessThan(6 * MINUTE);
    let now = await availability(svc, FESTIVAL);
    expect(now.types.get(CAMPING)).toBe(camping - 4);
    expect(now.types.get(FESTIVAL_VIP)).toBe(vip);

    const emptied = await holdOk(FESTIVAL, [], first.reservationId);
    expect(emptied.items).toEqual([]);
    expect(emptied.total).toBe(0);
    now = await availability(svc, FESTIVAL);
    expect(now.types.get(CAMPING)).toBe(camping);
    expect(now.types.get(FESTIVAL_VIP)).toBe(vip);
    await release(first.reservationId);
  });

  it("refuses more than the per-order maximum of the whole hold with LIMIT_EXCEEDED and the limits", async () => {
    const type = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const before = type.available;
    const over = expectError(
      await hold(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder + 1 }]),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(over).toMatchObject({ max: type.maxPerOrder, min: type.minPerOrder, field: "items.0" });
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(before);

    // Replacing a hold checks the new total, and a refused change leaves the hold as it was.
    const held = await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder }]);
    expectError(
      await hold(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder + 1 }], held.reservationId),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(before - type.maxPerOrder);
    await release(held.reservationId);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(before);
  });

  it("holds seats of a type with a per-order minimum one by one, and refuses an order under it with LIMIT_EXCEEDED", async () => {
    const type = await ticketTypeOf(svc, EVENT.littlePrince, FAMILY_BALCONY);
    expect(type.minPerOrder).toBeGreaterThan(1);
    const sectorId = type.sectorId ?? "";
    const free = (await seatsOf(svc, EVENT.littlePrince, sectorId)).filter((s) => s.state === "free");
    const seatIds = free.slice(0, type.minPerOrder).map((s) => s.seatId);
    const seat = (ids: string[], reservationId?: string) =>
      postSeatHold(svc, {
        eventId: EVENT.littlePrince,
        sectorId,
        seatIds: ids,
        ticketTypeId: FAMILY_BALCONY,
        ...(reservationId ? { reservationId } : {}),
      });
    const first = await seat(seatIds.slice(0, 1));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const reservationId = first.body.reservation.reservationId;
    const under = expectError(
      await postOrder(svc, orderBody({ eventId: EVENT.littlePrince, reservationId })),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(under).toMatchObject({ min: type.minPerOrder, max: type.maxPerOrder });
    const enough = await seat(seatIds, reservationId);
    expect(enough.body.reservation.items[0]?.count).toBe(type.minPerOrder);
    await release(reservationId);
  });

  it("refuses more than is left with SOLD_OUT and how many are left; a hold's own units do not count against it", async () => {
    const type = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const holds: string[] = [];
    let left = type.available;
    while (left >= type.maxPerOrder) {
      holds.push(
        (await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder }])).reservationId,
      );
      left -= type.maxPerOrder;
    }
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(left);
    const refused = expectError(
      await hold(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: left + 1 }]),
      409,
      "SOLD_OUT",
    );
    expect(refused).toMatchObject({ available: left, field: "items.0" });

    // The first hold may be written again with its own count: its units are not "taken" from itself.
    const first = holds[0] as string;
    const again = await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder }], first);
    expect(again.items[0]?.count).toBe(type.maxPerOrder);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(left);

    for (const id of holds) await release(id);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(type.available);
  });

  it("answers 404 for a ticket type it does not sell, an unknown event or an unknown reservation", async () => {
    const unknown = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: UNKNOWN_ID, count: 1 }]),
      404,
      "NOT_FOUND",
    );
    expect(unknown.field).toBe("items.0");
    // A ticket type of another event.
    expectError(await hold(PRAHA, [{ ticketTypeId: THREE_DAY, count: 1 }]), 404, "NOT_FOUND");
    expectError(await hold(UNKNOWN_ID, [{ ticketTypeId: THREE_DAY, count: 1 }]), 404, "NOT_FOUND");
    // A hidden event sells nothing.
    const hidden = ticketTypeId("privateShow", "pozvanka");
    expectError(await hold(EVENT.privateShow, [{ ticketTypeId: hidden, count: 1 }]), 404, "NOT_FOUND");
    expectError(
      await hold(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 1 }], UNKNOWN_ID),
      404,
      "RESERVATION_NOT_FOUND",
    );
    // A reservation of another event is not found for this one.
    const other = await holdOk(PRAHA, [{ ticketTypeId: PRAHA_STANDING, count: 1 }]);
    expectError(
      await hold(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 1 }], other.reservationId),
      404,
      "RESERVATION_NOT_FOUND",
    );
    await release(other.reservationId);
  });

  it("answers 400 for a malformed request", async () => {
    expectError(await hold(FESTIVAL, []), 400, "VALIDATION");
    expectError(await hold(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 0 }]), 400, "VALIDATION");
    expectError(await hold("not-an-id", [{ ticketTypeId: THREE_DAY, count: 1 }]), 400, "VALIDATION");
    const del = await svc.request("/api/reservation?reservationId=nope", { method: "DELETE" });
    expectError(del, 400, "VALIDATION");
  });

  it("refuses an event whose sale has not started with NOT_ON_SALE", async () => {
    const event = EVENT.anniversary;
    const stats = await svc.request(`/api/v2/event/id/${event}/quick-stats`);
    expect(v2Calls.eventQuickStats.response.parse(stats.body).quickStats.salesState).toBe("upcoming");
    const type = (await cartOf(svc, event)).ticketTypes[0];
    expect(type).toBeDefined();
    const refused = expectError(
      await hold(event, [{ ticketTypeId: type?.ticketTypeId ?? "", count: 1 }]),
      409,
      "NOT_ON_SALE",
    );
    expect(refused.field).toBe("eventId");
    expect(await availableOf(svc, event, type?.ticketTypeId ?? "")).toBe(type?.available);
  });

  it("refuses a ticket type outside its own sales window with NOT_ON_SALE, and holds the others", async () => {
    const early = await ticketTypeOf(svc, PRAHA, EARLY_BIRD);
    expect(early.salesTo).not.toBeNull();
    svc.clock.offsetMs = Date.parse(early.salesTo ?? "") - Date.now() + MINUTE;
    const refused = expectError(
      await hold(PRAHA, [{ ticketTypeId: EARLY_BIRD, count: 1 }]),
      409,
      "NOT_ON_SALE",
    );
    expect(refused.field).toBe("items.0");
    const other = await holdOk(PRAHA, [{ ticketTypeId: PRAHA_STANDING, count: 1 }]);
    await release(other.reservationId);
  });
});

describe("hold expiry", () => {
  it("keeps the units until HOLD_MINUTES have passed, then they are on sale again", async () => {
    const before = await availableOf(svc, FESTIVAL, FAMILY);
    const reservation = await holdOk(FESTIVAL, [{ ticketTypeId: FAMILY, count: 2 }]);
    const expiresAt = Date.parse(reservation.expiresAt);

    svc.clock.offsetMs = expiresAt - Date.now() - 30_000;
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before - 2);

    svc.clock.offsetMs = expiresAt - Date.now() + 1_000;
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before);
    expect((await v2Available(FESTIVAL)).get(FAMILY)).toBe(before);
    await release(reservation.reservationId);
  });

  it("refuses to change or order an expired hold with HOLD_EXPIRED; releasing it is harmless", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const reservation = await holdOk(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 1 }]);
    svc.clock.offsetMs = Date.parse(reservation.expiresAt) - Date.now() + 1_000;

    const changed = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 2 }], reservation.reservationId),
      409,
      "HOLD_EXPIRED",
    );
    expect(changed.field).toBe("reservationId");
    const ordered = expectError(
      await postOrder(svc, {
        eventId: FESTIVAL,
        reservationId: reservation.reservationId,
        buyer: { firstName: "A", lastName: "B", email: "a@example.cz", phone: "+420777123456", countryId: 1 },
        paymentMethodId: 1,
        language: "en",
        ...TERMS,
      }),
      409,
      "HOLD_EXPIRED",
    );
    expect(ordered.field).toBe("reservationId");
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before);

    await release(reservation.reservationId);
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before);
  });
});

describe("reservation.crowd", () => {
  /** A standing sector of the Prague stop's venue and a ticket type sold in it (read through the API). */
  async function standingSector() {
    const res = await svc.request(`/api/event/${PRAHA}/sector`, { lang: "en" });
    expect(res.status).toBe(200);
    const sector = eventCalls.sectors.response
      .parse(res.body)
      .sectors.find((s) => s.kind === "standing" && s.ticketTypeIds.length > 0);
    expect(sector).toBeDefined();
    const types = (await cartOf(svc, PRAHA)).ticketTypes.filter((t) => t.sectorId === sector?.sectorId);
    expect(types.map((t) => t.ticketTypeId).sort()).toEqual([...(sector?.ticketTypeIds ?? [])].sort());
    expect(types.length).toBeGreaterThan(0);
    return { sectorId: sector?.sectorId ?? "", types };
  }

  async function sectorAvailable(sectorId: string): Promise<number> {
    const res = await svc.request(`/api/reservation/sector/${sectorId}?eventId=${PRAHA}`);
    expect(res.status).toBe(200);
    return reservationCalls.sector.response.parse(res.body).sector.available;
  }

  it("holds places of a sector's ticket type; replacing the count and a count of 0 change only that part", async () => {
    const { sectorId } = await standingSector();
    const typeBefore = await availableOf(svc, PRAHA, PRAHA_STANDING);
    const sectorBefore = await sectorAvailable(sectorId);
    const mgBefore = await availableOf(svc, PRAHA, MEET_AND_GREET);

    const res = await crowd({ eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reservation = reservationCalls.crowd.response.parse(res.body).reservation;
    expect(reservation.items).toEqual([{ ticketTypeId: PRAHA_STANDING, count: 3, sectorId, seats: [] }]);
    expect(await availableOf(svc, PRAHA, PRAHA_STANDING)).toBe(typeBefore - 3);
    expect(await sectorAvailable(sectorId)).toBe(sectorBefore - 3);

    const id = reservation.reservationId;
    const more = await crowd({
      eventId: PRAHA,
      sectorId,
      ticketTypeId: PRAHA_STANDING,
      count: 5,
      reservationId: id,
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await availableOf(svc, PRAHA, PRAHA_STANDING)).toBe(typeBefore - 5);
    expect(await sectorAvailable(sectorId)).toBe(sectorBefore - 5);

    // Standing items added to the same hold keep its sector places.
    const mixed = await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: 1 }], id);
    expect(mixed.items.map((i) => [i.ticketTypeId, i.count, i.sectorId]).sort()).toEqual(
      [
        [MEET_AND_GREET, 1, null],
        [PRAHA_STANDING, 5, sectorId],
      ].sort(),
    );

    const none = await crowd({
      eventId: PRAHA,
      sectorId,
      ticketTypeId: PRAHA_STANDING,
      count: 0,
      reservationId: id,
    });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(reservationCalls.crowd.response.parse(none.body).reservation.items).toEqual([
      { ticketTypeId: MEET_AND_GREET, count: 1, sectorId: null, seats: [] },
    ]);
    expect(await availableOf(svc, PRAHA, PRAHA_STANDING)).toBe(typeBefore);
    expect(await sectorAvailable(sectorId)).toBe(sectorBefore);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mgBefore - 1);

    await release(id);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mgBefore);
  });

  it("refuses a ticket type the sector does not sell with 404, and a count of 0 without a hold with 400", async () => {
    const { sectorId } = await standingSector();
    const mg = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    expect(mg.sectorId).not.toBe(sectorId);
    expectError(
      await crowd({ eventId: PRAHA, sectorId, ticketTypeId: MEET_AND_GREET, count: 1 }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await crowd({ eventId: PRAHA, sectorId, ticketTypeId: THREE_DAY, count: 1 }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await crowd({ eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 0 }),
      400,
      "VALIDATION",
    );
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available);
  });

  it("holds no more places than the sector's own capacity, across its ticket types", async () => {
    const { sectorId, types } = await standingSector();
    const cart = await cartOf(svc, PRAHA);
    const inSector = cart.ticketTypes.filter((t) => types.some((x) => x.ticketTypeId === t.ticketTypeId));
    const taken = inSector.reduce((s, t) => s + (t.capacity - t.available), 0);
    const [row] = await svc.database.db.select().from(sectors).where(eq(sectors.sectorId, sectorId));
    const capacity = row?.capacity ?? null;
    expect(capacity).not.toBeNull();
    // The sector is made smaller than what its ticket types have left: two places remain.
    await svc.database.db
      .update(sectors)
      .set({ capacity: taken + 2 })
      .where(eq(sectors.sectorId, sectorId));
    try {
      expect(await sectorAvailable(sectorId)).toBe(2);
      const refused = expectError(
        await crowd({ eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 3 }),
        409,
        "SOLD_OUT",
      );
      expect(refused.available).toBe(2);
      const ok = await crowd({ eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 2 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const id = reservationCalls.crowd.response.parse(ok.body).reservation.reservationId;
      expect(await sectorAvailable(sectorId)).toBe(0);
      expectError(
        await crowd({ eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 1 }),
        409,
        "SOLD_OUT",
      );
      await release(id);
      expect(await sectorAvailable(sectorId)).toBe(2);
    } finally {
      await svc.database.db.update(sectors).set({ capacity }).where(eq(sectors.sectorId, sectorId));
    }
  });
});
