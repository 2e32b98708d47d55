/**
 * Organizer area over HTTP: an organizer by slug, its tours, and every organizer with something to show.
 * Expectations come from the demo catalog (deterministic ids) the test service is seeded with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallDef } from "../../src/contract/define.ts";
import { organizerCalls } from "../../src/contract/organizer.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { expectRefusal, getParsed } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let cat: Catalog;

beforeAll(async () => {
  svc = await startTestService();
  cat = parseCatalog(demoCatalog(new Date()));
});
afterAll(() => svc?.close());

/** GETs a call's path and parses the answer with the call's response schema. */
const get = <C extends CallDef>(call: C, path: string, lang = "en") => getParsed(svc, call, path, lang);

/** GETs a path and expects the given refusal. */
const expectError = (path: string, status: 400 | 404) => expectRefusal(svc, path, status);

/** Organizers with a visible event (past ones included) or a visible tour. */
const visibleOrganizers = () =>
  cat.organizers.filter(
    (o) =>
      cat.events.some((e) => e.visible && e.organizerId === o.organizerId) ||
      cat.eventGroups.some((g) => g.visible && g.organizerId === o.organizerId),
  );
/** The organizer with the most visible tours. */
const organizerWithTours = () => {
  const count = (id: string) => cat.eventGroups.filter((g) => g.visible && g.organizerId === id).length;
  const found = [...cat.organizers].sort((a, b) => count(b.organizerId) - count(a.organizerId))[0];
  if (!found || count(found.organizerId) === 0)
    throw new Error("The demo catalog has no organizer with a tour");
  return found;
};

describe("organizer.bySlug", () => {
  it("answers the organizer in the requested language", async () => {
    const o = organizerWithTours();
    const en = await get(
      organizerCalls.bySlug,
      `/api/organizer-by-slug?organizerSlug=${o.organizerSlug}`,
      "en",
    );
    expect(en.organizer.organizerId).toBe(o.organizerId);
    expect(en.organizer.organizerSlug).toBe(o.organizerSlug);
    expect(en.organizer.name).toBe(o.name.en);
    expect(en.organizer.description).toBe(o.description?.en ?? null);
    expect(en.organizer.countryId).toBe(o.countryId);
    expect(en.organizer.web).toBe(o.web ?? null);
    expect(en.organizer.email).toBe(o.email ?? null);
    expect(en.organizer.address?.city ?? null).toBe(o.address?.city.en ?? null);
    expect(en.organizer.logo === null).toBe(o.logo === undefined);

    const cs = await get(
      organizerCalls.bySlug,
      `/api/organizer-by-slug?organizerSlug=${o.organizerSlug}`,
      "cs",
    );
    expect(cs.organizer.name).toBe(o.name.cs);
    if (o.description) expect(cs.organizer.description).not.toBe(en.organizer.description);
  });

  it("answers 404 for an unknown slug and 400 for a malformed one", async () => {
    await expectError("/api/organizer-by-slug?organizerSlug=no-such-organizer", 404);
    await expectError("/api/organizer-by-slug?organizerSlug=UPPER", 400);
    await expectError("/api/organizer-by-slug", 400);
  });
});

describe("organizer.eventGroups", () => {
  it("lists the organizer's visible tours, ordered by their first event", async () => {
    const o = organizerWithTours();
    const { eventGroups } = await get(
      organizerCalls.eventGroups,
      `/api/organizer-event-groups?organizerSlug=${o.organizerSlug}`,
      "en",
    );
    const expected = cat.eventGroups.filter((g) => g.visible && g.organizerId === o.organizerId);
    expect(eventGroups.map((g) => g.eventGroupId).sort()).toEqual(expected.map((g) => g.eventGroupId).sort());
    for (const g of eventGroups) {
      const source = expected.find((x) => x.eventGroupId === g.eventGroupId);
      expect(g.namePub).toBe(source?.namePub.en);
      expect(g.organizerSlug).toBe(o.organizerSlug);
      expect(g.eventCount).toBe(
        cat.events.filter((e) => e.visible && e.eventGroupIds.includes(g.eventGroupId)).length,
      );
    }
    const dated = eventGroups.filter((g) => g.dateFrom !== null).map((g) => Date.parse(g.dateFrom ?? ""));
    expect(dated).toEqual([...dated].sort((a, b) => a - b));

    const cs = await get(
      organizerCalls.eventGroups,
      `/api/organizer-event-groups?organizerSlug=${o.organizerSlug}`,
      "cs",
    );
    expect(cs.eventGroups.map((g) => g.namePub)).toEqual(
      eventGroups.map((g) => expected.find((x) => x.eventGroupId === g.eventGroupId)?.namePub.cs),
    );
  });

  it("lists nothing for an organizer without tours", async () => {
    const o = cat.organizers.find(
      (x) => !cat.eventGroups.some((g) => g.visible && g.organizerId === x.organizerId),
    );
    if (!o) return;
    const { eventGroups } = await get(
      organizerCalls.eventGroups,
      `/api/organizer-event-groups?organizerSlug=${o.organizerSlug}`,
    );
    expect(eventGroups).toEqual([]);
  });

  it("answers 404 for an unknown slug and 400 for a malformed one", async () => {
    await expectError("/api/organizer-event-groups?organizerSlug=no-such-organizer", 404);
    await expectError("/api/organizer-event-groups?organizerSlug=a--b", 400);
  });
});

describe("organizer.all", () => {
  it("lists every organizer with a visible event or tour, by name in the requested language", async () => {
    const en = await get(organizerCalls.all, "/api/organizers-all", "en");
    const expected = visibleOrganizers();
    expect(expected.length).toBeGreaterThan(0);
    expect(en.organizers.map((o) => o.organizerId).sort()).toEqual(expected.map((o) => o.organizerId).sort());
    const names = en.organizers.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    for (const o of en.organizers) {
      expect(o.name).toBe(cat.organizers.find((x) => x.organizerId === o.organizerId)?.name.en);
    }
    const cs = await get(organizerCalls.all, "/api/organizers-all", "cs");
    for (const o of cs.organizers) {
      expect(o.name).toBe(cat.organizers.find((x) => x.organizerId === o.organizerId)?.name.cs);
    }
  });
});
