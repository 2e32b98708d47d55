import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { indexView } from "../../src/components/catalog/index-view.ts";
import { byTourDates, hasOrganizerPage, toursOf } from "../../src/components/catalog/listing.ts";
import {
  contactsOf,
  homeOf,
  organizerView,
  pastEventIds,
  phoneText,
} from "../../src/components/catalog/organizer-view.ts";
import { tourView } from "../../src/components/catalog/tour-view.ts";
import { Event, EventGroup, EventSummary } from "../../src/contract/event.ts";
import { Organizer } from "../../src/contract/organizer.ts";
import { OrgPartner } from "../../src/contract/v2.ts";
import { getT } from "../../src/lib/i18n/index.ts";

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Wednesday 10 June 2026, 12:00 in Prague.
const NOW = new Date("2026-06-10T12:00:00+02:00");
const SITE = new URL("https://shop.example");
const en = getT("en");

/** An event summary as the contract answers it. */
function summary(n: number, patch: Partial<EventSummary> = {}): EventSummary {
  return EventSummary.parse({
    eventId: U(n),
    organizerSlug: "jazz-praha",
    eventSlug: `event-${n}`,
    name: `Event ${n}`,
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
    updatedAt: "2026-01-01T10:00:00+02:00",
    ...patch,
  });
}

/** A whole event (past events of an organizer come as events). */
function event(n: number, patch: Partial<EventSummary> = {}): Event {
  return Event.parse({
    ...summary(n, patch),
    description: "",
    doorsAt: null,
    saleEndsAt: null,
    eventSizeId: 1,
    venue: null,
    gallery: [],
    galleryIds: [],
    eventGroups: [],
    organizer: { organizerId: U(900), organizerSlug: "jazz-praha", name: "Jazz Praha" },
    hasProgram: false,
    hasSeatMap: false,
  });
}

function organizer(patch: Partial<Organizer> = {}): Organizer {
  return Organizer.parse({
    organizerId: U(900),
    organizerSlug: "jazz-praha",
    name: "Jazz Praha",
    description: "Jazz in Prague since 1999.\n\nConcerts every week.",
    logo: { url: "/media/logo.svg", width: 256, height: 256, alt: "Jazz Praha" },
    web: "https://www.jazzpraha.example/",
    email: "info@jazzpraha.example",
    phone: "+420519123456",
    countryId: 1,
    address: { street: "Dlouhá 12", city: "Praha", postalCode: "110 00", countryId: 1, regionId: null },
    updatedAt: "2026-01-01T00:00:00Z",
    ...patch,
  });
}

function group(n: number, patch: Partial<EventGroup> = {}): EventGroup {
  return EventGroup.parse({
    eventGroupId: U(n),
    eventGroupSlug: `tour-${n}`,
    namePub: `Tour ${n}`,
    description: null,
    poster: null,
    organizerId: U(900),
    organizerSlug: "jazz-praha",
    dateFrom: "2026-07-01T18:00:00Z",
    dateTo: "2026-08-01T18:00:00Z",
    eventCount: 2,
    visible: true,
    updatedAt: "2026-01-01T00:00:00Z",
    ...patch,
  });
}

const refOf = (e: EventSummary) => ({
  eventId: e.eventId,
  organizerSlug: e.organizerSlug,
  eventSlug: e.eventSlug,
});

beforeEach(() => {
  vi.stubEnv("PASS_API_URL", "http://pass.test");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("listing: only pages this build holds", () => {
  it("lists the visible tours with a page, undated first, then by date and name", () => {
    const groups = [
      group(1, { dateFrom: "2026-09-01T00:00:00Z" }),
      group(2, { dateFrom: null, namePub: "Undated" }),
      group(3, { dateFrom: "2026-08-01T00:00:00Z", namePub: "B" }),
      group(4, { dateFrom: "2026-08-01T00:00:00Z", namePub: "A" }),
      group(5, { visible: false }),
      group(6),
    ];
    const refs = [1, 2, 3, 4, 5].map((n) => ({ eventGroupId: U(n), eventGroupSlug: `tour-${n}` }));
    expect(toursOf(groups, refs).map((g) => g.namePub)).toEqual(["Undated", "A", "B", "Tour 1"]);
    expect(byTourDates(group(7), group(7))).toBe(0);
    expect(hasOrganizerPage([{ organizerSlug: "a" }], "a")).toBe(true);
    expect(hasOrganizerPage([{ organizerSlug: "a" }], "b")).toBe(false);
  });
});

describe("organizer page", () => {
  it("finds the organizer's past events: pages of this build that the organizer no longer lists", () => {
    const listed = [summary(1)];
    const refs = [refOf(summary(1)), refOf(summary(2)), refOf(summary(3, { organizerSlug: "other" }))];
    expect(pastEventIds(listed, refs, "jazz-praha")).toEqual([U(2)]);
  });

  it("writes the phone in three-digit groups on one line, and links web, e-mail and phone", () => {
    expect(phoneText("+420519123456")).toBe("+420\u00a0519\u00a0123\u00a0456");
    expect(phoneText("0800 123")).toBe("0800 123");
    expect(contactsOf(organizer(), en)).toEqual([
      {
        kind: "web",
        label: en("organizer.web"),
        href: "https://www.jazzpraha.example/",
        text: "jazzpraha.example",
      },
      {
        kind: "email",
        label: en("organizer.email"),
        href: "mailto:info@jazzpraha.example",
        text: "info@jazzpraha.example",
      },
      {
        kind: "phone",
        label: en("organizer.phone"),
        href: "tel:+420519123456",
        text: "+420\u00a0519\u00a0123\u00a0456",
      },
    ]);
    expect(contactsOf(organizer({ web: null, email: null, phone: null }), en)).toEqual([]);
  });

  it("says where the organizer is based", () => {
    expect(homeOf(organizer(), "en")).toBe("Praha, Czech Republic");
    expect(homeOf(organizer({ address: null }), "en")).toBe("Czech Republic");
  });

  it("splits upcoming and past events, lists its tours, and describes itself for search engines", () => {
    const listed = [summary(2, { startsAt: "2026-07-02T18:00:00Z" }), summary(1), summary(5)];
    const view = organizerView(
      {
        organizer: organizer(),
        listed,
        eventGroups: [group(10), group(11, { visible: false })],
        eventRefs: [summary(1), summary(2), summary(3)].map(refOf),
        groupRefs: [{ eventGroupId: U(10), eventGroupSlug: "tour-10" }],
        pastEvents: [
          event(3, { startsAt: "2026-05-01T18:00:00Z", endsAt: "2026-05-01T22:00:00Z" }),
          event(4, { startsAt: "2026-05-20T18:00:00Z", endsAt: "2026-05-20T22:00:00Z" }),
          event(6, { startsAt: "2026-05-25T18:00:00Z", endsAt: "2026-05-25T22:00:00Z", visible: false }),
        ],
      },
      {
        locale: "en",
        t: en,
        now: NOW,
        brand: "Vstupio",
        page: { url: new URL("https://x/en/organizer/jazz-praha/"), site: SITE },
      },
    );
    expect(view.upcoming.map((e) => e.eventId)).toEqual([U(1), U(2)]);
    expect(view.past.map((e) => e.eventId)).toEqual([U(4), U(3)]);
    expect(view.tours.map((g) => g.eventGroupId)).toEqual([U(10)]);
    expect(view.about).toEqual(["Jazz in Prague since 1999.", "Concerts every week."]);
    expect(view.seo).toEqual({
      title: "Jazz Praha – event tickets | Vstupio",
      description: "Jazz in Prague since 1999.",
      canonical: "https://shop.example/en/organizer/jazz-praha/",
      image: { url: "http://pass.test/media/logo.svg", width: 256, height: 256, alt: "Jazz Praha" },
    });
    expect(view.jsonLd).toMatchObject({
      "@type": "Organization",
      "@id": "https://shop.example/en/organizer/jazz-praha/#organization",
      url: "https://www.jazzpraha.example/",
      logo: "http://pass.test/media/logo.svg",
      telephone: "+420519123456",
      address: { addressLocality: "Praha", addressCountry: "CZ" },
    });
  });

  it("points its JSON-LD at its own page without a web site, and says what it is without a description", () => {
    const view = organizerView(
      {
        organizer: organizer({ web: null, description: null, logo: null }),
        listed: [],
        eventGroups: [],
        eventRefs: [],
        groupRefs: [],
        pastEvents: [],
      },
      {
        locale: "en",
        t: en,
        now: NOW,
        brand: "Vstupio",
        page: { url: new URL("https://x/organizer/jazz-praha/"), site: SITE },
      },
    );
    expect(view.jsonLd.url).toBe("https://shop.example/organizer/jazz-praha/");
    expect(view.jsonLd).not.toHaveProperty("logo");
    expect(view.seo.description).toBe(en("organizer.description", { name: "Jazz Praha" }));
    expect(view.seo.image).toBeUndefined();
  });
});

describe("tour page", () => {
  const tourData = (organizerRefs: { organizerSlug: string }[]) => ({
    eventGroup: group(10, {
      description: `${"A long tour description that keeps going. ".repeat(6)}`,
      poster: { url: "/media/tour.jpg", width: 600, height: 800, alt: "Tour poster" },
    }),
    events: [
      summary(1, { startsAt: "2026-05-01T18:00:00Z", endsAt: "2026-05-01T22:00:00Z" }),
      summary(2),
      summary(3, { visible: false }),
      summary(4, { startsAt: "2026-06-01T18:00:00Z", endsAt: "2026-06-01T22:00:00Z" }),
      summary(5),
    ],
    orgPartners: [2, 1].map((n) =>
      OrgPartner.parse({
        orgPartnerId: U(n),
        name: `P${n}`,
        description: null,
        logo: null,
        url: null,
        displayOrder: n,
      }),
    ),
    organizer: organizer(),
    eventRefs: [1, 2, 3, 4].map((n) => refOf(summary(n))),
    organizerRefs,
  });

  it("shows the dates this build holds, upcoming and past, the partners in order, and the series in JSON-LD", () => {
    const view = tourView(tourData([{ organizerSlug: "jazz-praha" }]), {
      locale: "de",
      t: getT("de"),
      now: NOW,
      brand: "Vstupio",
      page: { url: new URL("https://x/de/tour/tour-10/"), site: SITE },
    });
    expect(view.shown.map((e) => e.eventId)).toEqual([U(1), U(2), U(4)]);
    expect(view.upcoming.map((e) => e.eventId)).toEqual([U(2)]);
    expect(view.past.map((e) => e.eventId)).toEqual([U(4), U(1)]);
    expect(view.organizerHref).toBe("/de/organizer/jazz-praha/");
    expect(view.partners.map((p) => p.name)).toEqual(["P1", "P2"]);
    expect(view.seo.description.length).toBeLessThanOrEqual(160);
    expect(view.seo.description.endsWith("…")).toBe(true);
    expect(view.seo.image?.url).toBe("http://pass.test/media/tour.jpg");
    expect(view.jsonLd).toMatchObject({
      "@type": "EventSeries",
      "@id": "https://shop.example/de/tour/tour-10/#series",
      image: "http://pass.test/media/tour.jpg",
      organizer: { name: "Jazz Praha", url: "https://shop.example/de/organizer/jazz-praha/" },
    });
    expect((view.jsonLd.subEvent as { url: string }[]).map((s) => s.url)).toEqual([
      "https://shop.example/de/event/jazz-praha/event-1/",
      "https://shop.example/de/event/jazz-praha/event-2/",
      "https://shop.example/de/event/jazz-praha/event-4/",
    ]);
  });

  it("does not link an organizer page the build does not hold", () => {
    const view = tourView(tourData([]), {
      locale: "cs",
      t: getT("cs"),
      now: NOW,
      brand: "Vstupio",
      page: { url: new URL("https://x/tour/tour-10/"), site: SITE },
    });
    expect(view.organizerHref).toBeNull();
    expect((view.jsonLd.organizer as { url: string }).url).toBe("https://www.jazzpraha.example/");
  });
});

describe("index page", () => {
  it("lists the build's visible events in sections and in the closing list, with tours, organizers and jump links", () => {
    const events = [
      summary(2, {
        startsAt: "2026-07-02T18:00:00Z",
        flags: { popular: true, ourSelection: false, special: false },
      }),
      summary(1),
      summary(3, { visible: false }),
      summary(4, { startsAt: "2026-05-01T18:00:00Z", endsAt: "2026-05-01T22:00:00Z" }),
      summary(5, { organizerSlug: "other" }),
    ];
    const view = indexView(
      {
        allEvents: events,
        allOrganizers: [
          organizer(),
          organizer({ organizerId: U(901), organizerSlug: "other", name: "Another" }),
        ],
        eventGroups: [group(10)],
        eventRefs: [1, 2, 3, 4].map((n) => refOf(summary(n))),
        organizerRefs: [{ organizerSlug: "jazz-praha" }],
        groupRefs: [{ eventGroupId: U(10), eventGroupSlug: "tour-10" }],
      },
      { locale: "en", t: en, now: NOW },
    );
    expect(view.events.map((e) => e.eventId)).toEqual([U(4), U(1), U(2)]);
    expect(view.upcoming.map((e) => e.eventId)).toEqual([U(1), U(2)]);
    expect(view.listed).toEqual(view.upcoming);
    expect(view.sections.map((s) => [s.id, s.events.map((e) => e.eventId)])).toEqual([["popular", [U(2)]]]);
    expect(view.sections[0]?.lead).toBe(en("index.sectionLead.popular"));
    expect(view.organizers.map((o) => o.name)).toEqual(["Jazz Praha"]);
    expect(view.organizerNames.get("other")).toBe("Another");
    expect(view.upcomingPerOrganizer.get("jazz-praha")).toBe(2);
    expect(view.tours.map((g) => g.eventGroupId)).toEqual([U(10)]);
    expect(view.jumpLinks.map((l) => l.id)).toEqual(["popular", "all-events", "tours", "organizers"]);
  });
});
