/**
 * Favorite bands and performers of an account: listing, marking (twice is harmless) and unmarking, 404 for
 * an unknown act, 401 without a valid token, each account its own list, and the public counts of an event's
 * line-up and of a profile counting the real marks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandCalls, performerCalls } from "../../src/contract/band.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { createTestAccount, type TestAccount } from "./support/account-fixture.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { expectError } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog = parseCatalog(demoCatalog(new Date()));
const event = must(
  catalog.events.find((e) => e.lineup.length >= 2 && e.performers.length >= 1),
  "event with two bands and a performer on its line-up",
);
const [firstBand, secondBand] = event.lineup.map((l) => l.bandId);
const performerId = must(event.performers[0]?.performerId, "performer on the line-up");

let svc: TestService;
let alice: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  svc = await startTestService();
  alice = await createTestAccount(svc);
  bob = await createTestAccount(svc);
});
afterAll(() => svc?.close());

/** A favorites call with an account's token; expects 200 and answers the parsed body. */
async function call(method: "GET" | "POST" | "DELETE", path: string, who: TestAccount, json?: unknown) {
  const res = await svc.request(path, { method, headers: who.headers, lang: "en", json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const bandIdsOf = (body: unknown) => bandCalls.favorites.response.parse(body).bands.map((b) => b.bandId);
const performerIdsOf = (body: unknown) =>
  performerCalls.favorites.response.parse(body).performers.map((p) => p.performerId);

/** The public favorite count of a band of the event's line-up. */
async function bandCount(bandId: string | undefined): Promise<number> {
  const res = await svc.request(`/api/band/favorite/${event.eventId}`);
  const body = bandCalls.favoritesOfEvent.response.parse(res.body);
  return must(
    body.bands.find((b) => b.id === bandId),
    "band in the counts",
  ).favoriteCount;
}

describe("favorite bands", () => {
  it("starts empty, marks bands in order (twice is harmless) and answers the new list", async () => {
    expect(bandIdsOf(await call("GET", "/api/band/favorite", alice))).toEqual([]);
    expect(bandIdsOf(await call("POST", "/api/band/favorite", alice, { bandId: firstBand }))).toEqual([
      firstBand,
    ]);
    svc.clock.offsetMs += 1000;
    await call("POST", "/api/band/favorite", alice, { bandId: secondBand });
    const again = await call("POST", "/api/band/favorite", alice, { bandId: firstBand });
    expect(bandIdsOf(again)).toEqual([firstBand, secondBand]);
    expect(bandIdsOf(await call("GET", "/api/band/favorite", alice))).toEqual([firstBand, secondBand]);
    const band = bandCalls.favorites.response.parse(again).bands[0];
    expect(band?.profileSlug).toBe(catalog.bands.find((b) => b.bandId === firstBand)?.profileSlug);
  });

  it("keeps each account's list its own, and the public counts count every account once", async () => {
    expect(bandIdsOf(await call("GET", "/api/band/favorite", bob))).toEqual([]);
    expect(await bandCount(firstBand)).toBe(1);
    await call("POST", "/api/band/favorite", bob, { bandId: firstBand });
    expect(await bandCount(firstBand)).toBe(2);
    const profile = await svc.request(`/api/band/profile/id/${firstBand}`);
    expect(bandCalls.profileById.response.parse(profile.body).profile.favoriteCount).toBe(2);

    const removed = await call("DELETE", `/api/band/favorite?bandId=${firstBand}`, bob);
    expect(bandIdsOf(removed)).toEqual([]);
    expect(await bandCount(firstBand)).toBe(1);
    expect(bandIdsOf(await call("GET", "/api/band/favorite", alice))).toEqual([firstBand, secondBand]);
    // Removing what is not marked is harmless.
    expect(bandIdsOf(await call("DELETE", `/api/band/favorite?bandId=${firstBand}`, bob))).toEqual([]);
  });

  it("answers 404 for an unknown band and 400 for a malformed id", async () => {
    const add = await svc.request("/api/band/favorite", {
      method: "POST",
      headers: alice.headers,
      json: { bandId: UNKNOWN_ID },
    });
    expect(expectError(add, 404, "NOT_FOUND").message).toContain(UNKNOWN_ID);
    const remove = await svc.request(`/api/band/favorite?bandId=${UNKNOWN_ID}`, {
      method: "DELETE",
      headers: alice.headers,
    });
    expectError(remove, 404, "NOT_FOUND");
    const bad = await svc.request("/api/band/favorite", {
      method: "POST",
      headers: alice.headers,
      json: { bandId: "42" },
    });
    expect(expectError(bad, 400, "VALIDATION").field).toBe("body.bandId");
    expect(bandIdsOf(await call("GET", "/api/band/favorite", alice))).toEqual([firstBand, secondBand]);
  });
});

describe("favorite performers", () => {
  it("marks, lists and unmarks performers, and the event's counts follow", async () => {
    const counts = async () => {
      const res = await svc.request(`/api/performer/favorite/${event.eventId}`);
      const body = performerCalls.favoritesOfEvent.response.parse(res.body);
      return must(
        body.performers.find((p) => p.id === performerId),
        "performer in the counts",
      ).favoriteCount;
    };
    expect(performerIdsOf(await call("GET", "/api/performer/favorite", bob))).toEqual([]);
    expect(await counts()).toBe(0);
    await call("POST", "/api/performer/favorite", bob, { performerId });
    const twice = await call("POST", "/api/performer/favorite", bob, { performerId });
    expect(performerIdsOf(twice)).toEqual([performerId]);
    expect(await counts()).toBe(1);
    expect(performerIdsOf(await call("GET", "/api/performer/favorite", alice))).toEqual([]);
    expect(
      performerIdsOf(await call("DELETE", `/api/performer/favorite?performerId=${performerId}`, bob)),
    ).toEqual([]);
    expect(await counts()).toBe(0);
  });

  it("answers 404 for an unknown performer", async () => {
    const add = await svc.request("/api/performer/favorite", {
      method: "POST",
      headers: bob.headers,
      json: { performerId: UNKNOWN_ID },
    });
    expectError(add, 404, "NOT_FOUND");
    const remove = await svc.request(`/api/performer/favorite?performerId=${UNKNOWN_ID}`, {
      method: "DELETE",
      headers: bob.headers,
    });
    expectError(remove, 404, "NOT_FOUND");
  });
});

describe("without a valid token", () => {
  it("every favorites call of an account answers 401 and changes nothing", async () => {
    const requests: [string, string, unknown][] = [
      ["GET", "/api/band/favorite", undefined],
      ["POST", "/api/band/favorite", { bandId: secondBand }],
      ["DELETE", `/api/band/favorite?bandId=${secondBand}`, undefined],
      ["GET", "/api/performer/favorite", undefined],
      ["POST", "/api/performer/favorite", { performerId }],
      ["DELETE", `/api/performer/favorite?performerId=${performerId}`, undefined],
    ];
    const before = await bandCount(secondBand);
    for (const [method, path, json] of requests) {
      for (const headers of [{}, { authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
        expectError(await svc.request(path, { method, headers, json }), 401, "UNAUTHORIZED");
      }
    }
    expect(await bandCount(secondBand)).toBe(before);
  });
});
