/**
 * Idempotency-Key on holds (reservation.create, reservation.crowd): a retry of a hold whose answer was lost
 * answers the first hold as it stands now and holds nothing more; a different body under a used key is
 * refused; concurrent duplicates make one hold. Keys last 24 hours (holds and orders alike), after which a
 * request with the key runs anew, and the sweeper deletes them in bounded batches.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventCalls } from "../../src/contract/event.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { idempotencyKeys, reservations } from "../../src/pass-service/db/schema.ts";
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_KEY_TTL_MS,
} from "../../src/pass-service/services/idempotency.ts";
import { availableOf, expectError, orderBody, postOrder } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const HOUR = 3_600_000;
const FESTIVAL = EVENT.festival;
const PRAHA = EVENT.tourPraha;
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const PRAHA_STANDING = ticketTypeId("tourPraha", "stani");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

type Line = { ticketTypeId: string; count: number };

function hold(key: string | undefined, eventId: string, items: Line[], reservationId?: string) {
  return svc.request("/api/reservation", {
    method: "POST",
    lang: "en",
    json: { eventId, items, ...(reservationId ? { reservationId } : {}) },
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

async function holdOk(key: string | undefined, eventId: string, items: Line[], reservationId?: string) {
  const res = await hold(key, eventId, items, reservationId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.create.response.parse(res.body).reservation;
}

async function release(reservationId: string): Promise<void> {
  const res = await svc.request(`/api/reservation?reservationId=${reservationId}`, { method: "DELETE" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Holds of an event that are active now (by the service's clock). */
async function activeHoldsOf(eventId: string): Promise<number> {
  const now = svc.clock.now();
  const [row] = await svc.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.eventId, eventId),
        eq(reservations.status, "active"),
        gt(reservations.expiresAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

describe("Idempotency-Key on reservation.create", () => {
  it("a retry with the same key and body answers the first hold as it stands now, without holding again", async () => {
    const before = await availableOf(svc, FESTIVAL, THREE_DAY);
    const holdsBefore = await activeHoldsOf(FESTIVAL);
    const key = randomUUID();
    const first = await holdOk(key, FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 2 }]);
    const retry = await holdOk(key, FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 2 }]);
    expect(retry).toEqual(first);
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - 2);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore + 1);

    // The hold changes under another key; a late retry of the first request answers the hold as it is now.
    await holdOk(randomUUID(), FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 3 }], first.reservationId);
    const late = await holdOk(key, FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 2 }]);
    expect(late.reservationId).toBe(first.reservationId);
    expect(late.items).toEqual([{ ticketTypeId: THREE_DAY, count: 3, sectorId: null, seats: [] }]);
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - 3);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore + 1);

    await release(first.reservationId);
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before);
  });

  it("refuses a different body under a used key with 422 IDEMPOTENCY_KEY_REUSED and holds nothing", async () => {
    const key = randomUUID();
    const first = await holdOk(key, FESTIVAL, [{ ticketTypeId: CAMPING, count: 1 }]);
    const before = await availableOf(svc, FESTIVAL, CAMPING);
    const refused = expectError(
      await hold(key, FESTIVAL, [{ ticketTypeId: CAMPING, count: 2 }]),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
    expect(refused.field).toBe("headers.Idempotency-Key");
    expect(refused.message).toMatch(/used for a different request/);
    expect(await availableOf(svc, FESTIVAL, CAMPING)).toBe(before);
    await release(first.reservationId);
  });

  it("takes a key of 200 characters and refuses a longer one with 400, holding nothing", async () => {
    const longest = "k".repeat(199) + randomUUID().slice(0, 1);
    const taken = await holdOk(longest, FESTIVAL, [{ ticketTypeId: CAMPING, count: 1 }]);
    await release(taken.reservationId);
    const before = await availableOf(svc, FESTIVAL, CAMPING);
    const holdsBefore = await activeHoldsOf(FESTIVAL);
    const refused = expectError(
      await hold(`${longest}x`, FESTIVAL, [{ ticketTypeId: CAMPING, count: 1 }]),
      400,
      "VALIDATION",
    );
    expect(refused.field).toBe("headers.Idempotency-Key");
    expect(refused.message).toMatch(/at most 200 characters/);
    expect(await availableOf(svc, FESTIVAL, CAMPING)).toBe(before);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore);
  });

  it("makes one hold of concurrent duplicates", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const holdsBefore = await activeHoldsOf(FESTIVAL);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => hold(key, FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 2 }])),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = new Set(answers.map((res) => res.body.reservation.reservationId));
    expect(ids.size).toBe(1);
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - 2);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore + 1);
    await release([...ids][0] as string);
  });

  it("of concurrent requests under one key with different bodies, one holds and the others are refused", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const holdsBefore = await activeHoldsOf(FESTIVAL);
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((count) => hold(key, FESTIVAL, [{ ticketTypeId: ONE_DAY, count }])),
    );
    const held = answers.filter((res) => res.status === 200);
    expect(held).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200))
      expectError(res, 422, "IDEMPOTENCY_KEY_REUSED");
    const [winner] = held;
    if (!winner) throw new Error("no request held");
    const [{ count }] = winner.body.reservation.items as [{ count: number }];
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - count);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore + 1);
    await release(winner.body.reservation.reservationId as string);
  });

  it("without a key every request is a new hold", async () => {
    const holdsBefore = await activeHoldsOf(FESTIVAL);
    const a = await holdOk(undefined, FESTIVAL, [{ ticketTypeId: CAMPING, count: 1 }]);
    const b = await holdOk(undefined, FESTIVAL, [{ ticketTypeId: CAMPING, count: 1 }]);
    expect(a.reservationId).not.toBe(b.reservationId);
    expect(await activeHoldsOf(FESTIVAL)).toBe(holdsBefore + 2);
    await release(a.reservationId);
    await release(b.reservationId);
  });
});

describe("Idempotency-Key on reservation.crowd", () => {
  it("a retry answers the first hold of places; a different body under the key is refused", async () => {
    const res = await svc.request(`/api/event/${PRAHA}/sector`, { lang: "en" });
    const sector = eventCalls.sectors.response
      .parse(res.body)
      .sectors.find((s) => s.kind === "standing" && s.ticketTypeIds.includes(PRAHA_STANDING));
    const sectorId = sector?.sectorId ?? "";
    const before = await availableOf(svc, PRAHA, PRAHA_STANDING);
    const key = randomUUID();
    const body = { eventId: PRAHA, sectorId, ticketTypeId: PRAHA_STANDING, count: 2 };
    const crowd = (json: typeof body) =>
      svc.request("/api/reservation-crowd", { method: "POST", json, headers: { "Idempotency-Key": key } });
    const answers = await Promise.all([crowd(body), crowd(body), crowd(body)]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const ids = new Set(
      answers.map((a) => reservationCalls.crowd.response.parse(a.body).reservation.reservationId),
    );
    expect(ids.size).toBe(1);
    expect(await availableOf(svc, PRAHA, PRAHA_STANDING)).toBe(before - 2);
    expectError(await crowd({ ...body, count: 3 }), 422, "IDEMPOTENCY_KEY_REUSED");
    // The same key on another call is another request.
    const other = await holdOk(key, PRAHA, [{ ticketTypeId: PRAHA_STANDING, count: 1 }]);
    expect(ids.has(other.reservationId)).toBe(false);
    await release(other.reservationId);
    await release([...ids][0] as string);
    expect(await availableOf(svc, PRAHA, PRAHA_STANDING)).toBe(before);
  });
});

describe("Idempotency keys last 24 hours", () => {
  it("a hold's key older than 24 hours counts as unused: the request holds anew", async () => {
    const key = randomUUID();
    const other = randomUUID();
    const items = [{ ticketTypeId: CAMPING, count: 1 }];
    const first = await holdOk(key, FESTIVAL, items);
    await holdOk(other, FESTIVAL, items);
    svc.clock.offsetMs = 23 * HOUR;
    const replay = await holdOk(key, FESTIVAL, items);
    expect(replay.reservationId).toBe(first.reservationId);
    expect(replay.status).toBe("expired");
    svc.clock.offsetMs = 24 * HOUR + 60_000;
    const anew = await holdOk(key, FESTIVAL, items);
    expect(anew.reservationId).not.toBe(first.reservationId);
    expect(anew.status).toBe("active");
    // An old key is no longer tied to its first body either.
    const changed = await holdOk(other, FESTIVAL, [{ ticketTypeId: CAMPING, count: 2 }]);
    expect(changed.items[0]?.count).toBe(2);
    await release(anew.reservationId);
    await release(changed.reservationId);
  });

  it("an order's key older than 24 hours counts as unused: the request orders anew", async () => {
    const key = randomUUID();
    const body = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: CAMPING, count: 1 }] });
    const first = await postOrder(svc, body, { key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    svc.clock.offsetMs = 23 * HOUR;
    const replay = await postOrder(svc, body, { key });
    expect(replay.body.order?.orderId).toBe(first.body.order.orderId);
    svc.clock.offsetMs = 24 * HOUR + 60_000;
    const anew = await postOrder(svc, body, { key });
    expect(anew.status, JSON.stringify(anew.body)).toBe(200);
    expect(anew.body.order.orderId).not.toBe(first.body.order.orderId);
    const changed = await postOrder(svc, { ...body, items: [{ ticketTypeId: CAMPING, count: 2 }] }, { key });
    expectError(changed, 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("the sweeper deletes keys older than 24 hours in bounded batches and keeps the younger ones", async () => {
    const now = svc.clock.now();
    const callId = `test.sweep.${randomUUID()}`;
    const at = (ageMs: number) => new Date(now.getTime() - ageMs);
    await svc.database.db.insert(idempotencyKeys).values([
      ...Array.from({ length: 7 }, (_, i) => ({
        callId,
        key: `old-${i}`,
        requestHash: "x",
        createdAt: at(IDEMPOTENCY_KEY_TTL_MS + (i + 1) * 60_000),
      })),
      { callId, key: "young", requestHash: "x", createdAt: at(IDEMPOTENCY_KEY_TTL_MS - 60_000) },
      { callId, key: "new", requestHash: "x", createdAt: now },
    ]);
    const left = async () =>
      (
        await svc.database.db
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.callId, callId))
      )
        .map((r) => r.key)
        .sort();
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * HOUR);
    expect(await deleteExpiredIdempotencyKeys(svc.database.db, now, { batchSize: 3, maxBatches: 2 })).toBe(6);
    expect(await left()).toHaveLength(3);
    expect(await deleteExpiredIdempotencyKeys(svc.database.db, now, { batchSize: 3, maxBatches: 2 })).toBe(1);
    expect(await left()).toEqual(["new", "young"]);
    expect(await deleteExpiredIdempotencyKeys(svc.database.db, now)).toBe(0);
  });
});
