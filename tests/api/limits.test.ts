/**
 * Per-client limits: holds, orders, payments and code look-ups per client (429 with Retry-After), the cap on
 * places one client holds at once, the longest life of a renewed hold, X-Forwarded-For believed only from
 * trusted proxies, RATE_LIMIT=off, and (on PostgreSQL) one budget shared by every process of the service.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { parseTrustProxy, TRUST_NOBODY } from "../../src/lib/trust-proxy.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { DEFAULT_LIMITS, DEFAULT_RATES, type LimitSettings } from "../../src/pass-service/limits.ts";
import { startPassService } from "../../src/pass-service/server.ts";
import { availableOf, orderBody } from "./support/sales.ts";
import { seatedSector, seatsOf } from "./support/seats.ts";
import { startTestService, TEST_PAYMENT_SECRET, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
/** 100 places, at most 2 per order. */
const FAMILY = ticketTypeId("festival", "rodinna");
const THREE_DAY = ticketTypeId("festival", "tridenni");
const MINUTE = 60_000;

/** The service's limits; tests change `enabled` and `trustProxy` and put them back. */
const limits: LimitSettings = { ...DEFAULT_LIMITS, trustProxy: parseTrustProxy("loopback") };

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ settings: { limits } });
});
afterAll(() => svc?.close());
afterEach(() => {
  svc.clock.offsetMs = 0;
  limits.enabled = true;
  limits.trustProxy = parseTrustProxy("loopback");
});

/** A client address of its own for each test (the service trusts this machine as a proxy). */
function newClient(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  return `198.51.${Math.floor(Math.random() * 250)}.${n}`;
}

function hold(client: string, items: { ticketTypeId: string; count: number }[], reservationId?: string) {
  return svc.request("/api/reservation", {
    method: "POST",
    lang: "en",
    headers: { "X-Forwarded-For": client },
    json: { eventId: FESTIVAL, items, ...(reservationId ? { reservationId } : {}) },
  });
}

/** Checks a 429: Retry-After in seconds, the same figure in the body, and the refusal's name. */
function expectLimited(res: { status: number; body: unknown; headers: Headers }, name: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  const body = ErrorBody.parse(res.body);
  expect(body.errorText).toBe(`ERROR_${name}`);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(body.retryAfter).toBe(retryAfter);
}

describe("holds", () => {
  it("keep one client from holding a whole ticket type: 50 holds at once leave most places on sale", async () => {
    const before = await availableOf(svc, FESTIVAL, FAMILY);
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => hold(client, [{ ticketTypeId: FAMILY, count: 2 }])),
    );
    const held = answers.filter((r) => r.status === 200).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(held * 2).toBeLessThanOrEqual(DEFAULT_LIMITS.holdPlaces);
    expect(held + refused.length).toBe(50);
    for (const res of refused) {
      expectLimited(res, res.body.errorText === "ERROR_TOO_MANY_HELD" ? "TOO_MANY_HELD" : "RATE_LIMITED");
    }
    expect(refused.some((r) => r.body.errorText === "ERROR_RATE_LIMITED")).toBe(true);
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before - held * 2);
    expect(before - held * 2).toBeGreaterThanOrEqual(before - DEFAULT_LIMITS.holdPlaces);
  });

  it("count per client and event: another client still holds", async () => {
    const greedy = newClient();
    for (let i = 0; i < DEFAULT_RATES.holds.points; i++)
      await hold(greedy, [{ ticketTypeId: THREE_DAY, count: 1 }]);
    expectLimited(await hold(greedy, [{ ticketTypeId: THREE_DAY, count: 1 }]), "RATE_LIMITED");
    expect((await hold(newClient(), [{ ticketTypeId: THREE_DAY, count: 1 }])).status).toBe(200);
  });

  it("cap the places one client holds at once, counting its other unexpired holds", async () => {
    const client = newClient();
    const perHold = 6;
    const holds = Math.floor(DEFAULT_LIMITS.holdPlaces / perHold);
    for (let i = 0; i < holds; i++) {
      const res = await hold(client, [{ ticketTypeId: THREE_DAY, count: perHold }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await hold(client, [{ ticketTypeId: THREE_DAY, count: perHold }]);
    expectLimited(over, "TOO_MANY_HELD");
    const held = holds * perHold;
    expect(over.body).toMatchObject({
      max: DEFAULT_LIMITS.holdPlaces,
      held,
      message: `At most ${DEFAULT_LIMITS.holdPlaces} places of this event can be held at once; ${held} are held by other selections`,
    });
    // Retry when the oldest hold ends: a hold's time (15 minutes) after it was made, a moment ago.
    expect(over.body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(over.body.retryAfter).toBeGreaterThan(14 * 60);
    // Once those holds have expired, the client holds again.
    svc.clock.offsetMs = 16 * MINUTE;
    expect((await hold(client, [{ ticketTypeId: THREE_DAY, count: perHold }])).status).toBe(200);
  });

  it("count seats like places: seat holds of one client stop at the cap", async () => {
    const client = newClient();
    const { eventId, sectorId } = seatedSector();
    const free = (await seatsOf(svc, eventId, sectorId))
      .filter((s) => s.state === "free")
      .map((s) => s.seatId);
    // Within the per-order maximum of the sector's ticket type.
    const perHold = 5;
    const holds = Math.floor(DEFAULT_LIMITS.holdPlaces / perHold);
    const seatHold = (seatIds: string[]) =>
      svc.request("/api/reservation-seat", {
        method: "POST",
        lang: "en",
        headers: { "X-Forwarded-For": client },
        json: { eventId, sectorId, seatIds },
      });
    for (let i = 0; i < holds; i++) {
      const res = await seatHold(free.slice(i * perHold, (i + 1) * perHold));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await seatHold(free.slice(holds * perHold, holds * perHold + perHold));
    expectLimited(over, "TOO_MANY_HELD");
    expect(over.body.max).toBe(DEFAULT_LIMITS.holdPlaces);
  });

  it("cannot be renewed past their longest life by sending the reservation again", async () => {
    const client = newClient();
    const first = await hold(client, [{ ticketTypeId: THREE_DAY, count: 1 }]);
    const { reservationId, createdAt } = reservationCalls.create.response.parse(first.body).reservation;
    const lifeEnds = new Date(createdAt).getTime() + DEFAULT_LIMITS.holdMaxMs;
    svc.clock.offsetMs = 14 * MINUTE;
    const renewed = await hold(client, [{ ticketTypeId: THREE_DAY, count: 2 }], reservationId);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(new Date(renewed.body.reservation.expiresAt).getTime()).toBeLessThanOrEqual(lifeEnds);
    svc.clock.offsetMs = 28 * MINUTE;
    const late = await hold(client, [{ ticketTypeId: THREE_DAY, count: 1 }], reservationId);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(new Date(late.body.reservation.expiresAt).getTime()).toBe(lifeEnds);
    svc.clock.offsetMs = 31 * MINUTE;
    const expired = await hold(client, [{ ticketTypeId: THREE_DAY, count: 1 }], reservationId);
    expect(expired.status).toBe(409);
    expect(expired.body.errorText).toBe("ERROR_HOLD_EXPIRED");
  });
});

describe("orders, payments and codes", () => {
  it("limit orders per client", async () => {
    const client = newClient();
    const body = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: randomUUID(), count: 1 }] });
    const post = () =>
      svc.request("/api/order-create", {
        method: "POST",
        json: body,
        headers: { "X-Forwarded-For": client },
      });
    for (let i = 0; i < DEFAULT_RATES.orders.points; i++) expect((await post()).status).toBe(404);
    expectLimited(await post(), "RATE_LIMITED");
  });

  it("limit new payments per client", async () => {
    const client = newClient();
    const body = { orderId: randomUUID(), paymentMethodId: 2, language: "en" };
    const pay = () =>
      svc.request("/api/order-pay", { method: "POST", json: body, headers: { "X-Forwarded-For": client } });
    for (let i = 0; i < DEFAULT_RATES.payments.points; i++) expect((await pay()).status).toBe(404);
    expectLimited(await pay(), "RATE_LIMITED");
  });

  it("limit code look-ups per client, whichever call they use", async () => {
    const client = newClient();
    const headers = { "X-Forwarded-For": client };
    const lookups = [
      () => svc.request(`/api/coupon?eventId=${FESTIVAL}&code=GUESS${randomUUID().slice(0, 6)}`, { headers }),
      () => svc.request(`/api/supercoupon?eventId=${FESTIVAL}&code=GUESS1`, { headers }),
      () => svc.request("/api/ticket-by-code?code=VST-AAAA-BBBB", { headers }),
      () =>
        svc.request("/api/v2/check-discount-code/GUESS2", {
          method: "POST",
          headers,
          json: { eventId: FESTIVAL },
        }),
    ];
    for (let i = 0; i < DEFAULT_RATES.codes.points; i++) {
      const res = await lookups[i % lookups.length]?.();
      expect(res?.status, JSON.stringify(res?.body)).not.toBe(429);
    }
    for (const lookup of lookups) expectLimited(await lookup(), "RATE_LIMITED");
  });
});

describe("who the client is", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    limits.trustProxy = TRUST_NOBODY;
    const spent = Array.from({ length: DEFAULT_RATES.payments.points }, () =>
      svc.request("/api/order-pay", {
        method: "POST",
        json: { orderId: randomUUID(), paymentMethodId: 2, language: "en" },
        headers: { "X-Forwarded-For": newClient() },
      }),
    );
    await Promise.all(spent);
    // Every request came from this machine, whatever it claimed: the budget is spent.
    const res = await svc.request("/api/order-pay", {
      method: "POST",
      json: { orderId: randomUUID(), paymentMethodId: 2, language: "en" },
      headers: { "X-Forwarded-For": newClient() },
    });
    expectLimited(res, "RATE_LIMITED");
  });

  it("RATE_LIMIT=off turns the per-client limits off", async () => {
    limits.enabled = false;
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: DEFAULT_RATES.holds.points + 5 }, () =>
        hold(client, [{ ticketTypeId: THREE_DAY, count: 2 }]),
      ),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("several service processes", () => {
  it("share one budget per client through the database", async () => {
    const second = await startPassService({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: svc.databaseUrl,
      dataDir: "memory",
      seed: false,
      logLevel: "silent",
      settings: { corsOrigins: ["http://storefront.test"], paymentSecret: TEST_PAYMENT_SECRET, limits },
    });
    try {
      const client = newClient();
      const pay = (url: string) =>
        fetch(new URL("/api/order-pay", url), {
          method: "POST",
          headers: { "content-type": "application/json", "X-Forwarded-For": client },
          body: JSON.stringify({ orderId: randomUUID(), paymentMethodId: 2, language: "en" }),
        });
      const half = DEFAULT_RATES.payments.points / 2;
      for (let i = 0; i < half; i++) expect((await pay(svc.url)).status).toBe(404);
      for (let i = 0; i < DEFAULT_RATES.payments.points - half; i++)
        expect((await pay(second.url)).status).toBe(404);
      expect((await pay(svc.url)).status).toBe(429);
      expect((await pay(second.url)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
