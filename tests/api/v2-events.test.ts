/**
 * Second version of the service over HTTP, event-level calls: an event by id or slugs, its tours, partners,
 * price range, availability and venue; tours and organizers; and the static-path lists, including how they
 * change when the catalog is imported again. Expectations come from the demo catalog (deterministic ids).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CallDef } from "../../src/contract/define.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { expectRefusal, getParsed, UNKNOWN_ID } from "./support/expect.ts";
import { availability, createOrder } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let cat: Catalog;
let now: Date;

beforeAll(async () => {
  svc = await startTestService();
  now = new Date();
  cat = parseCatalog(demoCatalog(now));
});
afterAll(() => svc?.close());
afterEach(() => {
  svc.clock.offsetMs = 0;
});

/** GETs a call's path and parses the answer with the call's response schema. */
const get = <C extends CallDef>(call: C, path: string, lang = "en") => getParsed(svc, call, path, lang);

/** GETs a path and expects the given refusal. */
const expectError = (path: string, status: 400 | 404) => expectRefusal(svc, path, status);

type CatalogEvent = Catalog["events"][number];
const slugOf = (organizerId: string) =>
  cat.organizers.find((o) => o.organizerId === organizerId)?.organizerSlug;
const ended = (e: CatalogEvent) => Date.parse(e.endsAt) <= now.getTime();
const byStart = (a: CatalogEvent, b: CatalogEvent) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.eventId < b.eventId ? -1 : 1);
const visibleEvents = () => cat.events.filter((e) => e.visible);
const upcomingVisible = () => visibleEvents().filter((e) => !ended(e));
const ticketTypesOf = (eventId: string) => cat.ticketTypes.filter((t) => t.eventId === eventId);
/** A visible upcoming event on sale with ticket types, partners and a tour. */
const richEvent = () => {
  const found = upcomingVisible().find(
    (e) =>
      ticketTypesOf(e.eventId).length > 1 &&
      e.venueId !== undefined &&
      e.eventGroupIds.length > 0 &&
      !e.saleStartsAt &&
      cat.orgPartners.some((p) => p.eventIds.includes(e.eventId)),
  );
  if (!found)
    throw new Error("The demo catalog has no upcoming event with ticket types, a venue, a tour and partners");
  return found;
};
const hiddenEvent = () => {
  const found = cat.events.find((e) => !e.visible);
  if (!found) throw new Error("The demo catalog has no hidden event");
  return found;
};
const visibleGroup = () => {
  const found = cat.eventGroups.find(
    (g) =>
      g.visible &&
      cat.events.some((e) => e.visible && e.eventGroupIds.includes(g.eventGroupId)) &&
      cat.orgPartners.some((p) => p.eventGroupIds.includes(g.eventGroupId)),
  );
  if (!found) throw new Error("The demo catalog has no visible event group with events and partners");
  return found;
};
const partnersOf = (pick: (p: Catalog["orgPartners"][number]) => boolean) =>
  cat.orgPartners
    .filter(pick)
    .sort((a, b) => a.displayOrder - b.displayOrder || (a.orgPartnerId < b.orgPartnerId ? -1 : 1));

describe("v2.event and v2.eventBySlugs", () => {
  it("answer the same event, in the requested language", async () => {
    const e = richEvent();
    const byId = await get(v2Calls.event, `/api/v2/event/id/${e.eventId}`, "en");
    const bySlugs = await get(v2Calls.eventBySlugs, `/api/v2/${slugOf(e.organizerId)}/${e.eventSlug}`, "en");
    expect(byId.event.eventId).toBe(e.eventId);
    expect(byId.event.name).toBe(e.name.en);
    expect(bySlugs.event).toEqual(byId.event);
    const cs = await get(v2Calls.event, `/api/v2/event/id/${e.eventId}`, "cs");
    expect(cs.event.name).toBe(e.name.cs);
    expect(cs.event.name).not.toBe(byId.event.name);
  });

  it("find a hidden event by id only", async () => {
    const e = hiddenEvent();
    const { event } = await get(v2Calls.event, `/api/v2/event/id/${e.eventId}`);
    expect(event.visible).toBe(false);
    await expectError(`/api/v2/${slugOf(e.organizerId)}/${e.eventSlug}`, 404);
  });

  it("answer 404 for an unknown event and 400 for a malformed id or slug", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}`, 404);
    await expectError("/api/v2/event/id/nope", 400);
    await expectError("/api/v2/no-such-organizer/no-such-event", 404);
    await expectError("/api/v2/Bad_Org/some-event", 400);
  });
});

describe("v2.eventGroups", () => {
  it("lists the visible tours an event belongs to", async () => {
    const e = richEvent();
    const { eventGroups } = await get(v2Calls.eventGroups, `/api/v2/event/id/${e.eventId}/event-group`, "en");
    const expected = cat.eventGroups.filter((g) => g.visible && e.eventGroupIds.includes(g.eventGroupId));
    expect(eventGroups.map((g) => g.eventGroupId).sort()).toEqual(expected.map((g) => g.eventGroupId).sort());
    for (const g of eventGroups) {
      expect(g.namePub).toBe(expected.find((x) => x.eventGroupId === g.eventGroupId)?.namePub.en);
    }
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}/event-group`, 404);
    await expectError("/api/v2/event/id/1/event-group", 400);
  });
});

describe("v2.eventOrgPartners", () => {
  it("lists the partners of an event by display order, in the requested language", async () => {
    const e = richEvent();
    const expected = partnersOf((p) => p.eventIds.includes(e.eventId));
    const en = await get(v2Calls.eventOrgPartners, `/api/v2/event/id/${e.eventId}/org-partner`, "en");
    expect(en.orgPartners.map((p) => p.orgPartnerId)).toEqual(expected.map((p) => p.orgPartnerId));
    expect(en.orgPartners.map((p) => p.name)).toEqual(expected.map((p) => p.name.en));
    const cs = await get(v2Calls.eventOrgPartners, `/api/v2/event/id/${e.eventId}/org-partner`, "cs");
    expect(cs.orgPartners.map((p) => p.name)).toEqual(expected.map((p) => p.name.cs));
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}/org-partner`, 404);
    await expectError("/api/v2/event/id/x/org-partner", 400);
  });
});

describe("v2.eventPriceRange", () => {
  it("answers the lowest and highest ticket price", async () => {
    const e = richEvent();
    const prices = ticketTypesOf(e.eventId).map((t) => t.price);
    const { priceRange } = await get(
      v2Calls.eventPriceRange,
      `/api/v2/event/id/${e.eventId}/ticket/price-range`,
    );
    expect(priceRange).toEqual({
      minPrice: Math.min(...prices),
      maxPrice: Math.max(...prices),
      currencyId: e.currencyId,
    });
  });

  it("answers null for an event without ticket types", async () => {
    const e = cat.events.find((x) => ticketTypesOf(x.eventId).length === 0);
    if (!e) return;
    const { priceRange } = await get(
      v2Calls.eventPriceRange,
      `/api/v2/event/id/${e.eventId}/ticket/price-range`,
    );
    expect(priceRange).toBeNull();
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}/ticket/price-range`, 404);
    await expectError("/api/v2/event/id/x/ticket/price-range", 400);
  });
});

describe("v2.eventQuickStats", () => {
  it("answers the availability of an event at a glance", async () => {
    const e = richEvent();
    const types = ticketTypesOf(e.eventId);
    const capacity = types.reduce((sum, t) => sum + t.capacity, 0);
    const { quickStats } = await get(v2Calls.eventQuickStats, `/api/v2/event/id/${e.eventId}/quick-stats`);
    expect(quickStats.eventId).toBe(e.eventId);
    expect(quickStats.capacity).toBe(capacity);
    expect(quickStats.available).toBeLessThanOrEqual(capacity);
    expect(quickStats.soldPercent).toBe(Math.round(((capacity - quickStats.available) / capacity) * 100));
    expect(quickStats.lowAvailability).toBe(quickStats.available <= capacity * 0.1);
    expect(quickStats.salesState).toBe(quickStats.available > 0 ? "onSale" : "soldOut");
    expect(quickStats.ticketTypesOnSale).toBeGreaterThan(0);
    expect(quickStats.ticketTypesOnSale).toBeLessThanOrEqual(types.length);
    expect(quickStats.favoriteCount).toBeGreaterThanOrEqual(0);
  });

  it("counts what is left to sell: an order's tickets are no longer available, and the cart agrees", async () => {
    const e = richEvent();
    const stats = async () =>
      (await get(v2Calls.eventQuickStats, `/api/v2/event/id/${e.eventId}/quick-stats`)).quickStats;
    const cartLeft = async () =>
      [...(await availability(svc, e.eventId)).types.values()].reduce((a, b) => a + b, 0);
    const before = await stats();
    expect(before.available).toBe(await cartLeft());
    const [type] = ticketTypesOf(e.eventId).filter((t) => !t.salesFrom);
    if (!type) throw new Error("The rich event has no ticket type on sale");
    await createOrder(svc, { eventId: e.eventId, items: [{ ticketTypeId: type.ticketTypeId, count: 3 }] });
    const after = await stats();
    expect(after.available).toBe(before.available - 3);
    expect(after.available).toBe(await cartLeft());
    expect(after.capacity).toBe(before.capacity);
    expect(after.soldPercent).toBe(Math.round(((after.capacity - after.available) / after.capacity) * 100));
  });

  it("reports an ended event with nothing on sale once the clock passes its end", async () => {
    const e = richEvent();
    svc.clock.offsetMs = Date.parse(e.endsAt) - Date.now() + 60_000;
    const { quickStats } = await get(v2Calls.eventQuickStats, `/api/v2/event/id/${e.eventId}/quick-stats`);
    expect(quickStats.salesState).toBe("ended");
    expect(quickStats.ticketTypesOnSale).toBe(0);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}/quick-stats`, 404);
    await expectError("/api/v2/event/id/x/quick-stats", 400);
  });
});

describe("v2.eventVenue", () => {
  it("answers the venue of an event in the requested language", async () => {
    const e = richEvent();
    const v = cat.venues.find((x) => x.venueId === e.venueId);
    const en = await get(v2Calls.eventVenue, `/api/v2/event/id/${e.eventId}/venue`, "en");
    expect(en.venue?.venueId).toBe(e.venueId);
    expect(en.venue?.name).toBe(v?.name.en);
    const cs = await get(v2Calls.eventVenue, `/api/v2/event/id/${e.eventId}/venue`, "cs");
    expect(cs.venue?.name).toBe(v?.name.cs);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/v2/event/id/${UNKNOWN_ID}/venue`, 404);
    await expectError("/api/v2/event/id/x/venue", 400);
  });
});

describe("v2.groupBySlug, v2.groupOrgPartners and v2.groupVisibleEvents", () => {
  it("answer a tour by slug in the requested language", async () => {
    const g = visibleGroup();
    const en = await get(v2Calls.groupBySlug, `/api/v2/group/slug/${g.eventGroupSlug}`, "en");
    expect(en.eventGroup.eventGroupId).toBe(g.eventGroupId);
    expect(en.eventGroup.namePub).toBe(g.namePub.en);
    expect(en.eventGroup.eventCount).toBe(
      visibleEvents().filter((e) => e.eventGroupIds.includes(g.eventGroupId)).length,
    );
    const cs = await get(v2Calls.groupBySlug, `/api/v2/group/slug/${g.eventGroupSlug}`, "cs");
    expect(cs.eventGroup.namePub).toBe(g.namePub.cs);
  });

  it("list the partners of a tour by display order", async () => {
    const g = visibleGroup();
    const expected = partnersOf((p) => p.eventGroupIds.includes(g.eventGroupId));
    const { orgPartners } = await get(
      v2Calls.groupOrgPartners,
      `/api/v2/group/slug/${g.eventGroupSlug}/orgPartner`,
    );
    expect(orgPartners.map((p) => p.orgPartnerId)).toEqual(expected.map((p) => p.orgPartnerId));
    expect(orgPartners.map((p) => p.name)).toEqual(expected.map((p) => p.name.en));
  });

  it("list the visible events of a tour that have not ended, by start time", async () => {
    const g = visibleGroup();
    const expected = upcomingVisible()
      .filter((e) => e.eventGroupIds.includes(g.eventGroupId))
      .sort(byStart);
    const { events } = await get(
      v2Calls.groupVisibleEvents,
      `/api/v2/group/${g.eventGroupId}/visible-events`,
      "en",
    );
    expect(events.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
    expect(events.map((e) => e.name)).toEqual(expected.map((e) => e.name.en));
  });

  it("answer 404 for an unknown tour and 400 for a malformed slug or id", async () => {
    await expectError("/api/v2/group/slug/no-such-tour", 404);
    await expectError("/api/v2/group/slug/no-such-tour/orgPartner", 404);
    await expectError(`/api/v2/group/${UNKNOWN_ID}/visible-events`, 404);
    await expectError("/api/v2/group/slug/Not_A_Slug", 400);
    await expectError("/api/v2/group/slug/Not_A_Slug/orgPartner", 400);
    await expectError("/api/v2/group/nope/visible-events", 400);
  });
});

describe("v2.eventsByOrganizer, v2.organizerBySlug and v2.organizerVisibleSlugs", () => {
  it("list an organizer's visible events that have not ended", async () => {
    const e = richEvent();
    const slug = slugOf(e.organizerId);
    const expected = upcomingVisible()
      .filter((x) => x.organizerId === e.organizerId)
      .sort(byStart);
    const { events } = await get(
      v2Calls.eventsByOrganizer,
      `/api/v2/events-by-organizer?organizerSlug=${slug}`,
      "cs",
    );
    expect(events.map((x) => x.eventId)).toEqual(expected.map((x) => x.eventId));
    expect(events.map((x) => x.name)).toEqual(expected.map((x) => x.name.cs));
  });

  it("answer an organizer by slug in the requested language", async () => {
    const o = cat.organizers[0];
    const en = await get(v2Calls.organizerBySlug, `/api/v2/organizer/slug/${o?.organizerSlug}`, "en");
    expect(en.organizer.organizerId).toBe(o?.organizerId);
    expect(en.organizer.name).toBe(o?.name.en);
    const de = await get(v2Calls.organizerBySlug, `/api/v2/organizer/slug/${o?.organizerSlug}`, "de");
    expect(de.organizer.name).toBe(o?.name.de);
  });

  it("list the slugs of organizers with a visible event or tour", async () => {
    const { organizerSlugs } = await get(v2Calls.organizerVisibleSlugs, "/api/v2/organizer/visible-slugs");
    const expected = cat.organizers
      .filter(
        (o) =>
          cat.events.some((e) => e.visible && e.organizerId === o.organizerId) ||
          cat.eventGroups.some((g) => g.visible && g.organizerId === o.organizerId),
      )
      .map((o) => o.organizerSlug)
      .sort();
    expect(organizerSlugs).toEqual(expected);
  });

  it("answer 404 for an unknown organizer and 400 for a malformed slug", async () => {
    await expectError("/api/v2/events-by-organizer?organizerSlug=no-such-organizer", 404);
    await expectError("/api/v2/events-by-organizer?organizerSlug=Bad%20Slug", 400);
    await expectError("/api/v2/organizer/slug/no-such-organizer", 404);
    await expectError("/api/v2/organizer/slug/Bad_Slug", 400);
  });
});

describe("static-path lists", () => {
  it("list every visible event page (past ones included), tour page and organizer page", async () => {
    const { events } = await get(v2Calls.staticPathsEvents, "/api/v2/static-paths/events");
    expect(events.map((e) => e.eventId)).toEqual(
      visibleEvents()
        .sort(byStart)
        .map((e) => e.eventId),
    );
    expect(events.some((e) => ended(cat.events.find((x) => x.eventId === e.eventId) as CatalogEvent))).toBe(
      true,
    );
    for (const e of events) {
      const source = cat.events.find((x) => x.eventId === e.eventId);
      expect(e.organizerSlug).toBe(slugOf(source?.organizerId ?? ""));
      expect(e.eventSlug).toBe(source?.eventSlug);
    }
    const { groups } = await get(v2Calls.staticPathsGroups, "/api/v2/static-paths/groups");
    expect(groups.map((g) => g.eventGroupSlug)).toEqual(
      cat.eventGroups
        .filter((g) => g.visible)
        .map((g) => g.eventGroupSlug)
        .sort(),
    );
    const { organizers } = await get(v2Calls.staticPathsOrganizers, "/api/v2/static-paths/organizers");
    const { organizerSlugs } = await get(v2Calls.organizerVisibleSlugs, "/api/v2/organizer/visible-slugs");
    expect(organizers.map((o) => o.organizerSlug)).toEqual(organizerSlugs);
  });

  it("change lastModified and digest only for the pages whose data changed on a re-import", async () => {
    const paths = async () => ({
      events: (await get(v2Calls.staticPathsEvents, "/api/v2/static-paths/events")).events,
      groups: (await get(v2Calls.staticPathsGroups, "/api/v2/static-paths/groups")).groups,
      organizers: (await get(v2Calls.staticPathsOrganizers, "/api/v2/static-paths/organizers")).organizers,
    });
    // One catalog (fixed dates), imported first as is, then with one event renamed, a minute later.
    const base = new Date(now.getTime());
    await importCatalog(svc.database.db, parseCatalog(demoCatalog(base)), {
      now: new Date(base.getTime() + 60_000),
    });
    const before = await paths();

    const changed = richEvent();
    const renamed = parseCatalog(demoCatalog(base));
    const target = renamed.events.find((e) => e.eventId === changed.eventId);
    if (!target) throw new Error("event missing");
    target.name = { ...target.name, en: `${target.name.en} (new date)` };
    const at = new Date(base.getTime() + 120_000);
    const summary = await importCatalog(svc.database.db, renamed, { now: at });
    expect(summary.changedEvents).toBe(1);
    const after = await paths();

    expect(after.events.map((e) => e.eventId)).toEqual(before.events.map((e) => e.eventId));
    for (const [i, e] of after.events.entries()) {
      const old = before.events[i];
      if (e.eventId === changed.eventId) {
        expect(e.lastModified).toBe(at.toISOString());
        expect(e.digest).not.toBe(old?.digest);
      } else {
        expect(e, e.eventSlug).toEqual(old);
      }
    }
    // Tours list their events and organizer pages list theirs: only those holding the event change.
    for (const [i, g] of after.groups.entries()) {
      const holds = changed.eventGroupIds.includes(g.eventGroupId);
      expect(g.digest !== before.groups[i]?.digest, g.eventGroupSlug).toBe(holds);
      expect(g.lastModified === at.toISOString(), g.eventGroupSlug).toBe(holds);
    }
    for (const [i, o] of after.organizers.entries()) {
      const owns = o.organizerSlug === slugOf(changed.organizerId);
      expect(o.digest !== before.organizers[i]?.digest, o.organizerSlug).toBe(owns);
      expect(o.lastModified === at.toISOString(), o.organizerSlug).toBe(owns);
    }

    const { event } = await get(v2Calls.event, `/api/v2/event/id/${changed.eventId}`, "en");
    expect(event.name).toBe(`${changed.name.en} (new date)`);
    expect(event.updatedAt).toBe(at.toISOString());
  });
});
