import { describe, expect, it } from "vitest";
import type { EventSummary } from "../../src/contract/event.ts";
import { sectionType } from "../../src/lib/enums/index.ts";
import {
  INDEX_SECTION_IDS,
  type IndexSectionId,
  indexSections,
  isHappeningNow,
  JUST_ANNOUNCED_DAYS,
  SECTION_LIMIT,
  weekendSpan,
} from "../../src/lib/sections.ts";

let counter = 0;

/** An event summary with sensible defaults; times are ISO strings with an offset. */
function event(overrides: Partial<EventSummary> & { eventSlug: string }): EventSummary {
  counter += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    organizerSlug: "org",
    name: overrides.eventSlug,
    startsAt: "2026-07-01T18:00:00+02:00",
    endsAt: "2026-07-01T22:00:00+02:00",
    timezone: "Europe/Prague",
    eventTypeId: 1,
    eventKindId: 1,
    eventCategoryIds: [1],
    currencyId: 1,
    salesState: "onSale",
    saleStartsAt: null,
    priceFrom: 50000,
    poster: null,
    venueName: "Klub",
    city: "Praha",
    flags: { popular: false, ourSelection: false, special: false },
    visible: true,
    updatedAt: "2026-05-01T10:00:00+02:00",
    ...overrides,
  };
}

/** Slugs per section id, in display order. */
function slugs(events: EventSummary[], now: Date): Partial<Record<IndexSectionId, string[]>> {
  return Object.fromEntries(
    indexSections(events, now).map((s) => [s.id, s.events.map((e) => e.eventSlug)]),
  ) as Partial<Record<IndexSectionId, string[]>>;
}

// Wednesday 10 June 2026, 12:00 in Prague (CEST, UTC+2); the coming weekend is 13–14 June.
const WEDNESDAY = new Date("2026-06-10T12:00:00+02:00");
// Saturday 13 June 2026, 11:00 in Prague.
const SATURDAY = new Date("2026-06-13T11:00:00+02:00");
// Sunday 14 June 2026, 21:00 in Prague.
const SUNDAY_EVENING = new Date("2026-06-14T21:00:00+02:00");

describe("weekendSpan", () => {
  it("is the coming Saturday 00:00 to Monday 00:00 Prague time on a weekday", () => {
    const span = weekendSpan(WEDNESDAY);
    expect(span.start.toISOString()).toBe("2026-06-12T22:00:00.000Z");
    expect(span.end.toISOString()).toBe("2026-06-14T22:00:00.000Z");
  });

  it("is the current weekend on Saturday and on Sunday evening", () => {
    for (const now of [SATURDAY, SUNDAY_EVENING]) {
      const span = weekendSpan(now);
      expect(span.start.toISOString()).toBe("2026-06-12T22:00:00.000Z");
      expect(span.end.toISOString()).toBe("2026-06-14T22:00:00.000Z");
    }
  });

  it("goes by the Prague calendar, not by UTC", () => {
    // Saturday 00:30 in Prague is still Friday in UTC: the weekend has begun.
    expect(weekendSpan(new Date("2026-06-12T22:30:00Z")).start.toISOString()).toBe(
      "2026-06-12T22:00:00.000Z",
    );
    // Monday 00:30 in Prague is still Sunday in UTC: the next weekend is meant.
    expect(weekendSpan(new Date("2026-06-14T22:30:00Z")).start.toISOString()).toBe(
      "2026-06-19T22:00:00.000Z",
    );
  });

  it("follows the clock change inside the weekend (CET on Saturday, CEST on Monday)", () => {
    const span = weekendSpan(new Date("2026-03-25T12:00:00+01:00"));
    expect(span.start.toISOString()).toBe("2026-03-27T23:00:00.000Z");
    expect(span.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("crosses month and year ends", () => {
    const span = weekendSpan(new Date("2026-12-29T12:00:00+01:00"));
    expect(span.start.toISOString()).toBe("2027-01-01T23:00:00.000Z");
    expect(span.end.toISOString()).toBe("2027-01-03T23:00:00.000Z");
  });
});

describe("indexSections", () => {
  it("returns nothing for no events", () => {
    expect(indexSections([], WEDNESDAY)).toEqual([]);
  });

  it("gives each section its stable id and sectionType id, in the enumeration's order", () => {
    const all = event({
      eventSlug: "all",
      startsAt: "2026-06-10T10:00:00+02:00",
      endsAt: "2026-06-14T20:00:00+02:00",
      flags: { popular: true, ourSelection: true, special: true },
      updatedAt: "2026-06-09T10:00:00+02:00",
    });
    const sections = indexSections([all], WEDNESDAY);
    expect(sections.map((s) => s.id)).toEqual([...INDEX_SECTION_IDS]);
    expect(sections.map((s) => s.sectionTypeId)).toEqual([
      sectionType.id.POPULAR,
      sectionType.id.OUR_SELECTION,
      sectionType.id.HAPPENING_NOW,
      sectionType.id.THIS_WEEKEND,
      sectionType.id.JUST_ANNOUNCED,
      sectionType.id.SPECIAL,
    ]);
    expect(sections.map((s) => sectionType.label(s.sectionTypeId, "en"))).toContain("This weekend");
    expect(sections.some((s) => s.id === ("near-me" as IndexSectionId))).toBe(false);
  });

  it("lists flagged events by start in popular, our selection and special", () => {
    const events = [
      event({
        eventSlug: "late",
        startsAt: "2026-08-01T18:00:00+02:00",
        endsAt: "2026-08-01T22:00:00+02:00",
        flags: { popular: true, ourSelection: false, special: true },
      }),
      event({
        eventSlug: "early",
        startsAt: "2026-07-01T18:00:00+02:00",
        flags: { popular: true, ourSelection: true, special: false },
      }),
      event({ eventSlug: "plain" }),
    ];
    const result = slugs(events, WEDNESDAY);
    expect(result.popular).toEqual(["early", "late"]);
    expect(result["our-selection"]).toEqual(["early"]);
    expect(result.special).toEqual(["late"]);
  });

  it("leaves out hidden and ended events everywhere", () => {
    const flags = { popular: true, ourSelection: true, special: true };
    const events = [
      event({ eventSlug: "hidden", visible: false, flags }),
      event({
        eventSlug: "over",
        startsAt: "2026-06-01T18:00:00+02:00",
        endsAt: "2026-06-01T22:00:00+02:00",
        flags,
        updatedAt: "2026-06-09T10:00:00+02:00",
      }),
    ];
    expect(indexSections(events, WEDNESDAY)).toEqual([]);
  });

  it("on a weekday: happening now holds started, unfinished events; this weekend the coming Saturday and Sunday", () => {
    const events = [
      event({
        eventSlug: "exhibition",
        eventKindId: 2,
        startsAt: "2026-05-01T10:00:00+02:00",
        endsAt: "2026-09-30T18:00:00+02:00",
      }),
      event({
        eventSlug: "today-later",
        startsAt: "2026-06-10T19:00:00+02:00",
        endsAt: "2026-06-10T23:00:00+02:00",
      }),
      event({
        eventSlug: "friday-night",
        startsAt: "2026-06-12T22:00:00+02:00",
        endsAt: "2026-06-13T02:00:00+02:00",
      }),
      event({
        eventSlug: "friday-early",
        startsAt: "2026-06-12T18:00:00+02:00",
        endsAt: "2026-06-12T23:59:00+02:00",
      }),
      event({
        eventSlug: "saturday",
        startsAt: "2026-06-13T20:00:00+02:00",
        endsAt: "2026-06-13T23:00:00+02:00",
      }),
      event({
        eventSlug: "sunday-late",
        startsAt: "2026-06-14T23:30:00+02:00",
        endsAt: "2026-06-15T01:00:00+02:00",
      }),
      event({
        eventSlug: "monday",
        startsAt: "2026-06-15T00:00:00+02:00",
        endsAt: "2026-06-15T03:00:00+02:00",
      }),
    ];
    const result = slugs(events, WEDNESDAY);
    expect(result["happening-now"]).toEqual(["exhibition"]);
    expect(result["this-weekend"]).toEqual(["exhibition", "friday-night", "saturday", "sunday-late"]);
  });

  it("on a Saturday: this weekend is the current one, happening now includes what is on", () => {
    const events = [
      event({
        eventSlug: "market",
        startsAt: "2026-06-13T09:00:00+02:00",
        endsAt: "2026-06-13T17:00:00+02:00",
      }),
      event({
        eventSlug: "concert",
        startsAt: "2026-06-13T20:00:00+02:00",
        endsAt: "2026-06-13T23:00:00+02:00",
      }),
      event({
        eventSlug: "sunday-brunch",
        startsAt: "2026-06-14T10:00:00+02:00",
        endsAt: "2026-06-14T14:00:00+02:00",
      }),
      event({
        eventSlug: "next-saturday",
        startsAt: "2026-06-20T20:00:00+02:00",
        endsAt: "2026-06-20T23:00:00+02:00",
      }),
    ];
    const result = slugs(events, SATURDAY);
    expect(result["happening-now"]).toEqual(["market"]);
    expect(result["this-weekend"]).toEqual(["market", "concert", "sunday-brunch"]);
  });

  it("on a Sunday evening: what ended earlier in the weekend is gone, the late show is on", () => {
    const events = [
      event({
        eventSlug: "saturday",
        startsAt: "2026-06-13T20:00:00+02:00",
        endsAt: "2026-06-13T23:00:00+02:00",
      }),
      event({
        eventSlug: "sunday-show",
        startsAt: "2026-06-14T20:00:00+02:00",
        endsAt: "2026-06-14T22:30:00+02:00",
      }),
      event({
        eventSlug: "festival",
        startsAt: "2026-06-12T12:00:00+02:00",
        endsAt: "2026-06-15T12:00:00+02:00",
      }),
      event({
        eventSlug: "next-week",
        startsAt: "2026-06-18T20:00:00+02:00",
        endsAt: "2026-06-18T22:00:00+02:00",
      }),
    ];
    const result = slugs(events, SUNDAY_EVENING);
    expect(result["happening-now"]).toEqual(["festival", "sunday-show"]);
    expect(result["this-weekend"]).toEqual(["festival", "sunday-show"]);
  });

  it("lists recently updated events as just announced, newest first, and drops old updates", () => {
    const day = 86_400_000;
    const iso = (ms: number) => new Date(WEDNESDAY.getTime() - ms).toISOString();
    const events = [
      event({ eventSlug: "week-old", updatedAt: iso(7 * day) }),
      event({ eventSlug: "yesterday", updatedAt: iso(day) }),
      event({ eventSlug: "stale", updatedAt: iso((JUST_ANNOUNCED_DAYS + 1) * day) }),
      event({
        eventSlug: "same-time-later",
        startsAt: "2026-07-02T18:00:00+02:00",
        endsAt: "2026-07-02T22:00:00+02:00",
        updatedAt: iso(day),
      }),
    ];
    expect(slugs(events, WEDNESDAY)["just-announced"]).toEqual(["yesterday", "same-time-later", "week-old"]);
  });

  it("limits each section and keeps the earliest events", () => {
    const events = Array.from({ length: SECTION_LIMIT + 3 }, (_, i) =>
      event({
        eventSlug: `e${String(i).padStart(2, "0")}`,
        startsAt: `2026-07-${String(20 - i).padStart(2, "0")}T18:00:00+02:00`,
        endsAt: `2026-07-${String(20 - i).padStart(2, "0")}T22:00:00+02:00`,
        flags: { popular: true, ourSelection: false, special: false },
      }),
    );
    const popular = indexSections(events, WEDNESDAY).find((s) => s.id === "popular");
    expect(popular?.events).toHaveLength(SECTION_LIMIT);
    expect(popular?.events[0]?.eventSlug).toBe(`e${SECTION_LIMIT + 2}`);
    expect(
      indexSections(events, WEDNESDAY, { limit: 2 }).find((s) => s.id === "popular")?.events,
    ).toHaveLength(2);
  });

  it("decides happening now at the exact edges: started at now counts, ended at now does not", () => {
    const e = event({
      eventSlug: "edge",
      startsAt: "2026-06-10T12:00:00+02:00",
      endsAt: "2026-06-10T14:00:00+02:00",
    });
    expect(isHappeningNow(e, WEDNESDAY)).toBe(true);
    expect(isHappeningNow(e, new Date("2026-06-10T14:00:00+02:00"))).toBe(false);
  });
});
