/**
 * Event area over HTTP: events by slugs and id, event groups (tours), the event lists, payment methods and
 * venues. Expectations come from the demo catalog (deterministic ids) the test service is seeded with.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CallDef } from "../../src/contract/define.ts";
import { eventCalls } from "../../src/contract/event.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { expectRefusal, getParsed, UNKNOWN_ID } from "./support/expect.ts";
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

const slugOf = (organizerId: string) =>
  cat.organizers.find((o) => o.organizerId === organizerId)?.organizerSlug;
const ended = (e: Catalog["events"][number], at = now) => Date.parse(e.endsAt) <= at.getTime();
const byStart = (a: Catalog["events"][number], b: Catalog["events"][number]) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.eventId < b.eventId ? -1 : 1);
const visibleEvents = () => cat.events.filter((e) => e.visible);
const upcomingVisible = () => visibleEvents().filter((e) => !ended(e));
const priceFrom = (eventId: string) => {
  const prices = cat.ticketTypes.filter((t) => t.eventId === eventId).map((t) => t.price);
  return prices.length > 0 ? Math.min(...prices) : null;
};
/** The demo event a detail page is checked on: visible, upcoming, with a venue, a gallery and a tour. */
const richEvent = () => {
  const found = upcomingVisible().find(
    (e) =>
      e.venueId && e.galleryIds.length > 0 && e.eventGroupIds.length > 0 && priceFrom(e.eventId) !== null,
  );
  if (!found) throw new Error("The demo catalog has no upcoming event with a venue, gallery and tour");
  return found;
};
const hiddenEvent = () => {
  const found = cat.events.find((e) => !e.visible);
  if (!found) throw new Error("The demo catalog has no hidden event");
  return found;
};
const visibleGroup = () => {
  const found = cat.eventGroups.find(
    (g) => g.visible && cat.events.some((e) => e.visible && e.eventGroupIds.includes(g.eventGroupId)),
  );
  if (!found) throw new Error("The demo catalog has no visible event group with events");
  return found;
};

describe("event.bySlugs", () => {
  it("answers the event with everything its page shows, in the requested language", async () => {
    const e = richEvent();
    const path = `/api/event-by-slugs?organizerSlug=${slugOf(e.organizerId)}&eventSlug=${e.eventSlug}`;
    const { event } = await get(eventCalls.bySlugs, path, "en");
    expect(event.eventId).toBe(e.eventId);
    expect(event.name).toBe(e.name.en);
    expect(event.description).toBe(e.description.en);
    expect(event.organizer.organizerSlug).toBe(slugOf(e.organizerId));
    expect(event.priceFrom).toBe(priceFrom(e.eventId));
    expect(event.visible).toBe(true);

    const venue = cat.venues.find((v) => v.venueId === e.venueId);
    expect(event.venue?.venueId).toBe(e.venueId);
    expect(event.venueName).toBe(venue?.name.en);
    expect(event.city).toBe(venue?.address.city.en);

    const images = e.galleryIds.flatMap((id) =>
      [...(cat.galleries.find((g) => g.galleryId === id)?.images ?? [])].sort(
        (a, b) => a.displayOrder - b.displayOrder,
      ),
    );
    expect(event.galleryIds).toEqual(e.galleryIds);
    expect(event.gallery.map((i) => i.imageId)).toEqual(images.map((i) => i.imageId));

    const groups = cat.eventGroups.filter((g) => g.visible && e.eventGroupIds.includes(g.eventGroupId));
    expect(event.eventGroups.map((g) => g.eventGroupId).sort()).toEqual(
      groups.map((g) => g.eventGroupId).sort(),
    );
    expect(event.hasProgram).toBe(cat.programEntries.some((p) => p.eventId === e.eventId));

    const cs = await get(eventCalls.bySlugs, path, "cs");
    expect(cs.event.name).toBe(e.name.cs);
    expect(cs.event.name).not.toBe(event.name);
  });

  it("tells which events have a program and a seat map (a seat map: a ticket type of a seated sector)", async () => {
    const seatedSectors = new Set(
      cat.venues.flatMap((v) => v.sectors.filter((s) => s.kind === "seated").map((s) => s.sectorId)),
    );
    const sellsSeats = (eventId: string) =>
      cat.ticketTypes.some((t) => t.eventId === eventId && t.sectorId && seatedSectors.has(t.sectorId));
    const hasProgram = (eventId: string) => cat.programEntries.some((p) => p.eventId === eventId);
    const events = visibleEvents();
    expect(events.some((e) => sellsSeats(e.eventId))).toBe(true);
    expect(events.some((e) => hasProgram(e.eventId))).toBe(true);
    expect(events.some((e) => !sellsSeats(e.eventId) && !hasProgram(e.eventId))).toBe(true);
    for (const e of events) {
      const { event } = await get(eventCalls.byId, `/api/event-by-id?eventId=${e.eventId}`);
      expect(event.hasSeatMap, e.eventSlug).toBe(sellsSeats(e.eventId));
      expect(event.hasProgram, e.eventSlug).toBe(hasProgram(e.eventId));
    }
  });

  it("does not find a hidden event by slugs (hidden events are reachable by id only)", async () => {
    const e = hiddenEvent();
    await expectError(
      `/api/event-by-slugs?organizerSlug=${slugOf(e.organizerId)}&eventSlug=${e.eventSlug}`,
      404,
    );
  });

  it("answers 404 for unknown slugs and 400 for malformed ones", async () => {
    const e = richEvent();
    await expectError(
      `/api/event-by-slugs?organizerSlug=${slugOf(e.organizerId)}&eventSlug=no-such-event`,
      404,
    );
    await expectError(`/api/event-by-slugs?organizerSlug=no-such-organizer&eventSlug=${e.eventSlug}`, 404);
    await expectError(`/api/event-by-slugs?organizerSlug=Bad%20Slug&eventSlug=${e.eventSlug}`, 400);
    await expectError(`/api/event-by-slugs?organizerSlug=${slugOf(e.organizerId)}`, 400);
  });
});

describe("event.byId", () => {
  it("answers hidden events too, marked as not visible", async () => {
    const e = hiddenEvent();
    const { event } = await get(eventCalls.byId, `/api/event-by-id?eventId=${e.eventId}`, "de");
    expect(event.eventId).toBe(e.eventId);
    expect(event.visible).toBe(false);
    expect(event.name).toBe(e.name.de);
  });

  it("answers a past event with the sales state ended", async () => {
    const past = visibleEvents().find((e) => ended(e));
    expect(past).toBeDefined();
    const { event } = await get(eventCalls.byId, `/api/event-by-id?eventId=${past?.eventId}`);
    expect(event.salesState).toBe("ended");
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    await expectError(`/api/event-by-id?eventId=${UNKNOWN_ID}`, 404);
    await expectError("/api/event-by-id?eventId=not-a-uuid", 400);
  });
});

describe("event.groupBySlug", () => {
  it("answers a tour with the span and count of its visible events", async () => {
    const g = visibleGroup();
    const members = visibleEvents()
      .filter((e) => e.eventGroupIds.includes(g.eventGroupId))
      .sort(byStart);
    const { eventGroup } = await get(
      eventCalls.groupBySlug,
      `/api/event-group-by-slug?eventGroupSlug=${g.eventGroupSlug}`,
    );
    expect(eventGroup.eventGroupId).toBe(g.eventGroupId);
    expect(eventGroup.namePub).toBe(g.namePub.en);
    expect(eventGroup.organizerSlug).toBe(slugOf(g.organizerId));
    expect(eventGroup.eventCount).toBe(members.length);
    const first = members[0];
    expect(
      eventGroup.dateFrom && first && Math.abs(Date.parse(eventGroup.dateFrom) - Date.parse(first.startsAt)),
    ).toBeLessThan(60_000);

    const cs = await get(
      eventCalls.groupBySlug,
      `/api/event-group-by-slug?eventGroupSlug=${g.eventGroupSlug}`,
      "cs",
    );
    expect(cs.eventGroup.namePub).toBe(g.namePub.cs);
  });

  it("answers 404 for an unknown or hidden tour and 400 for a malformed slug", async () => {
    await expectError("/api/event-group-by-slug?eventGroupSlug=no-such-tour", 404);
    await expectError("/api/event-group-by-slug?eventGroupSlug=Not_A_Slug", 400);
    const hidden = cat.eventGroups.find((g) => !g.visible);
    if (hidden) await expectError(`/api/event-group-by-slug?eventGroupSlug=${hidden.eventGroupSlug}`, 404);
  });
});

describe("event.groupEvents", () => {
  it("lists the visible events of a tour by start time, past ones included", async () => {
    const g = visibleGroup();
    const expected = visibleEvents()
      .filter((e) => e.eventGroupIds.includes(g.eventGroupId))
      .sort(byStart);
    const { events } = await get(
      eventCalls.groupEvents,
      `/api/event-group-events?eventGroupId=${g.eventGroupId}`,
    );
    expect(events.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
    expect(events.map((e) => e.name)).toEqual(expected.map((e) => e.name.en));
  });

  it("answers 404 for an unknown tour and 400 for a malformed id", async () => {
    await expectError(`/api/event-group-events?eventGroupId=${UNKNOWN_ID}`, 404);
    await expectError("/api/event-group-events?eventGroupId=42", 400);
  });
});

describe("event.groupsAll", () => {
  it("lists every visible tour, ordered by its first event", async () => {
    const { eventGroups } = await get(eventCalls.groupsAll, "/api/event-groups-all");
    const expected = cat.eventGroups.filter((g) => g.visible).map((g) => g.eventGroupId);
    expect(eventGroups.map((g) => g.eventGroupId).sort()).toEqual([...expected].sort());
    const dated = eventGroups.filter((g) => g.dateFrom !== null).map((g) => Date.parse(g.dateFrom ?? ""));
    expect(dated).toEqual([...dated].sort((a, b) => a - b));
    expect(eventGroups.every((g) => g.visible)).toBe(true);
  });
});

describe("event.all", () => {
  it("lists the visible events that have not ended, by start time", async () => {
    const { events } = await get(eventCalls.all, "/api/events-all");
    const expected = upcomingVisible().sort(byStart);
    expect(events.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
    expect(cat.events.length).toBeGreaterThan(expected.length);
    for (const e of events) {
      const source = cat.events.find((x) => x.eventId === e.eventId);
      expect(e.name).toBe(source?.name.en);
      expect(e.organizerSlug).toBe(slugOf(source?.organizerId ?? ""));
      expect(e.priceFrom).toBe(priceFrom(e.eventId));
      expect(e.salesState).not.toBe("ended");
    }
  });

  it("filters by event type and category", async () => {
    const type = upcomingVisible()[0]?.eventTypeId ?? 1;
    const byType = await get(eventCalls.all, `/api/events-all?eventTypeId=${type}`);
    expect(byType.events.map((e) => e.eventId)).toEqual(
      upcomingVisible()
        .filter((e) => e.eventTypeId === type)
        .sort(byStart)
        .map((e) => e.eventId),
    );
    const category = upcomingVisible().find((e) => e.eventCategoryIds.length > 0)?.eventCategoryIds[0] ?? 1;
    const byCategory = await get(eventCalls.all, `/api/events-all?eventCategoryId=${category}`);
    const expected = upcomingVisible()
      .filter((e) => e.eventCategoryIds.includes(category))
      .sort(byStart);
    expect(expected.length).toBeGreaterThan(0);
    expect(byCategory.events.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
  });

  it("drops an event once the clock passes its end", async () => {
    const first = upcomingVisible().sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))[0];
    expect(first).toBeDefined();
    svc.clock.offsetMs = Date.parse(first?.endsAt ?? "") - Date.now() + 60_000;
    const { events } = await get(eventCalls.all, "/api/events-all");
    expect(events.map((e) => e.eventId)).not.toContain(first?.eventId);
  });

  it("answers 400 for a malformed filter", async () => {
    await expectError("/api/events-all?eventTypeId=abc", 400);
  });
});

describe("event.byOrganizer", () => {
  it("lists an organizer's visible events that have not ended", async () => {
    const organizer = cat.organizers.find((o) =>
      upcomingVisible().some((e) => e.organizerId === o.organizerId),
    );
    expect(organizer).toBeDefined();
    const { events } = await get(
      eventCalls.byOrganizer,
      `/api/events-by-organizer?organizerSlug=${organizer?.organizerSlug}`,
      "cs",
    );
    const expected = upcomingVisible()
      .filter((e) => e.organizerId === organizer?.organizerId)
      .sort(byStart);
    expect(events.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
    expect(events.map((e) => e.name)).toEqual(expected.map((e) => e.name.cs));
  });

  it("answers 404 for an unknown organizer and 400 for a malformed slug", async () => {
    await expectError("/api/events-by-organizer?organizerSlug=no-such-organizer", 404);
    await expectError("/api/events-by-organizer?organizerSlug=-bad-", 400);
  });
});

describe("event.paymentMethods", () => {
  it("lists the event's payment methods by display order with their fees, named in the requested language", async () => {
    const e = richEvent();
    const expected = [...e.paymentMethods].sort(
      (a, b) => a.displayOrder - b.displayOrder || a.paymentMethodId - b.paymentMethodId,
    );
    const en = await get(eventCalls.paymentMethods, `/api/event/${e.eventId}/payment-method`, "en");
    expect(en.paymentMethods.map((m) => m.paymentMethodId)).toEqual(expected.map((m) => m.paymentMethodId));
    expect(en.paymentMethods.map((m) => m.feeAmount)).toEqual(expected.map((m) => m.feeAmount ?? null));
    expect(en.paymentMethods.every((m) => m.currencyId === e.currencyId)).toBe(true);
    const cs = await get(eventCalls.paymentMethods, `/api/event/${e.eventId}/payment-method`, "cs");
    const card = (list: { paymentMethodId: number; name: string }[]) =>
      list.find((m) => m.paymentMethodId === 1)?.name;
    if (expected.some((m) => m.paymentMethodId === 1)) {
      expect(card(en.paymentMethods)).toBe("Credit card");
      expect(card(cs.paymentMethods)).toBe("Platební karta");
    }
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/event/${UNKNOWN_ID}/payment-method`, 404);
    await expectError("/api/event/xyz/payment-method", 400);
  });
});

describe("event.venue", () => {
  it("answers the venue of an event with its sectors summed up", async () => {
    const e = richEvent();
    const v = cat.venues.find((x) => x.venueId === e.venueId);
    const { venue } = await get(eventCalls.venue, `/api/event/${e.eventId}/venue`, "en");
    expect(venue?.venueId).toBe(v?.venueId);
    expect(venue?.name).toBe(v?.name.en);
    expect(venue?.address.city).toBe(v?.address.city.en);
    expect(venue?.seated).toBe(v?.sectors.some((s) => s.kind === "seated"));
    const cs = await get(eventCalls.venue, `/api/event/${e.eventId}/venue`, "cs");
    expect(cs.venue?.name).toBe(v?.name.cs);
  });

  it("answers null for an event without a venue", async () => {
    const e = cat.events.find((x) => !x.venueId);
    if (!e) return;
    const { venue } = await get(eventCalls.venue, `/api/event/${e.eventId}/venue`);
    expect(venue).toBeNull();
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    await expectError(`/api/event/${UNKNOWN_ID}/venue`, 404);
    await expectError("/api/event/1234/venue", 400);
  });
});
