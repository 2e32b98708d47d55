import { describe, expect, it } from "vitest";
import { eventJsonLd, offerAvailability, schemaPrice } from "../../src/components/event/event-jsonld.ts";
import { LineupBand, LineupPerformer } from "../../src/contract/band.ts";
import { Event } from "../../src/contract/event.ts";
import { TicketType } from "../../src/contract/ticket.ts";

const NOW = new Date("2026-06-01T10:00:00Z");
const EVENT_ID = "6f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";

/** A festival event as the contract answers it (parsed, so a contract change breaks the fixture). */
function festival(overrides: Partial<Event> = {}): Event {
  return Event.parse({
    eventId: EVENT_ID,
    organizerSlug: "louka-open-air",
    eventSlug: "louka-open-air",
    name: "Louka Open Air",
    startsAt: "2026-07-03T12:00:00.000Z",
    endsAt: "2026-07-05T22:00:00.000Z",
    timezone: "Europe/Prague",
    eventTypeId: 2,
    eventKindId: 1,
    eventCategoryIds: [7, 1],
    currencyId: 1,
    salesState: "onSale",
    saleStartsAt: "2026-03-01T08:00:00.000Z",
    priceFrom: 39000,
    poster: { url: "/media/poster.jpg", width: 1200, height: 1600, alt: "Poster: Louka Open Air" },
    venueName: "Pálava Festival Meadow",
    city: "Pavlov",
    flags: { popular: true, ourSelection: false, special: false },
    visible: true,
    updatedAt: "2026-05-01T00:00:00.000Z",
    description: "Three days of music on a meadow below Pálava.\n\nThe package includes entry and parking.",
    doorsAt: "2026-07-03T10:00:00.000Z",
    saleEndsAt: null,
    eventSizeId: 3,
    venue: {
      venueId: "046b407c-152c-5bc9-b575-c894e7baefd3",
      name: "Pálava Festival Meadow",
      venueTypeId: 3,
      address: { street: "Pod Děvínem", city: "Pavlov", postalCode: "692 01", countryId: 1, regionId: 11 },
      geo: { lat: 48.8744, lng: 16.6546 },
      description: null,
      image: null,
      capacity: null,
      seated: false,
    },
    gallery: [],
    galleryIds: [],
    eventGroups: [],
    organizer: {
      organizerId: "22d91917-808a-5b17-b4c8-953092b0f552",
      organizerSlug: "louka-open-air",
      name: "Louka Open Air",
    },
    hasProgram: false,
    hasSeatMap: false,
    ...overrides,
  });
}

/** A ticket type of the festival. */
function ticketType(overrides: Partial<TicketType> & { ticketTypeId: string }): TicketType {
  return TicketType.parse({
    namePub: "Three-day ticket",
    price: 249000,
    displayOrder: 0,
    ticketTypeGroup: { ticketTypeGroupId: "fb2b9fa1-6253-59d1-b9b1-921c2d29464b", namePub: "Tickets" },
    eventId: EVENT_ID,
    currencyId: 1,
    description: null,
    capacity: 2000,
    available: 2000,
    minPerOrder: 1,
    maxPerOrder: 6,
    itemTypeId: 1,
    sectorId: null,
    reservationCategoryId: null,
    salesFrom: null,
    salesTo: null,
    soldOut: false,
    ...overrides,
  });
}

const threeDay = ticketType({ ticketTypeId: "6d75044f-88ba-5d2c-bba8-35bd463c52aa" });
const vip = ticketType({
  ticketTypeId: "e4ebf7dc-8811-524a-8c1e-14dd1b87926b",
  namePub: "VIP",
  price: 89050,
  displayOrder: 1,
  ticketTypeGroup: null,
  available: 0,
  soldOut: true,
});

const bands = [
  LineupBand.parse({
    bandId: "c764abce-ae7b-53be-bf55-9fdf9d234b8b",
    profileSlug: "ocelove-srdce",
    name: "Ocelové srdce",
    genre: "Hard rock",
    image: null,
    countryId: 1,
    main: false,
    displayOrder: 0,
  }),
  LineupBand.parse({
    bandId: "4644903e-6aa4-5f7d-8175-7042a24e8633",
    profileSlug: "elektricke-ovce",
    name: "Elektrické ovce",
    genre: null,
    image: null,
    countryId: 1,
    main: true,
    displayOrder: 1,
  }),
];
const performers = [
  LineupPerformer.parse({
    performerId: "f2bd4fa6-23af-5023-a54a-4292ea310ee8",
    profileSlug: "petra-simkova",
    name: "Petra Šimková",
    role: "Host",
    genre: null,
    image: null,
    countryId: 1,
    bandIds: [],
    main: true,
    displayOrder: 0,
  }),
];

const URLS = {
  url: "https://vstupio.example/en/event/louka-open-air/louka-open-air",
  cartUrl: "https://vstupio.example/en/event/louka-open-air/louka-open-air/cart",
  organizerUrl: "https://vstupio.example/en/organizer/louka-open-air",
  imageUrl: "https://pass.example/media/poster.jpg",
};

describe("eventJsonLd", () => {
  const jsonLd = eventJsonLd(festival(), {
    offers: [vip, threeDay],
    performers: { bands, performers },
    locale: "en",
    now: NOW,
    ...URLS,
  });

  it("describes the event with dates, status, attendance mode, image and organizer", () => {
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Louka Open Air",
      description: "Three days of music on a meadow below Pálava.\n\nThe package includes entry and parking.",
      url: URLS.url,
      inLanguage: "en",
      startDate: "2026-07-03T12:00:00.000Z",
      endDate: "2026-07-05T22:00:00.000Z",
      doorTime: "2026-07-03T10:00:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      image: [URLS.imageUrl],
      organizer: { "@type": "Organization", name: "Louka Open Air", url: URLS.organizerUrl },
    });
  });

  it("places the event at its venue with a postal address and an ISO-2 country", () => {
    expect(jsonLd.location).toEqual({
      "@type": "Place",
      name: "Pálava Festival Meadow",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Pod Děvínem",
        addressLocality: "Pavlov",
        postalCode: "692 01",
        addressCountry: "CZ",
      },
      geo: { "@type": "GeoCoordinates", latitude: 48.8744, longitude: 16.6546 },
    });
  });

  it("lists bands as MusicGroups and performers as Persons, headliners first", () => {
    expect(jsonLd.performer).toEqual([
      { "@type": "MusicGroup", name: "Elektrické ovce" },
      { "@type": "MusicGroup", name: "Ocelové srdce", genre: "Hard rock" },
      { "@type": "Person", name: "Petra Šimková" },
    ]);
  });

  it("has one Offer per ticket type with major-unit prices, currency, availability, cart URL and validFrom", () => {
    expect(jsonLd.offers).toEqual([
      {
        "@type": "Offer",
        name: "Three-day ticket",
        category: "Tickets",
        price: "2490.00",
        priceCurrency: "CZK",
        availability: "https://schema.org/InStock",
        url: URLS.cartUrl,
        validFrom: "2026-03-01T08:00:00.000Z",
      },
      {
        "@type": "Offer",
        name: "VIP",
        price: "890.50",
        priceCurrency: "CZK",
        availability: "https://schema.org/SoldOut",
        url: URLS.cartUrl,
        validFrom: "2026-03-01T08:00:00.000Z",
      },
    ]);
  });

  it("survives JSON serialisation unchanged (no undefined left behind)", () => {
    expect(JSON.parse(JSON.stringify(jsonLd))).toEqual(jsonLd);
    expect(JSON.stringify(jsonLd)).not.toContain("null");
  });

  it("leaves out what the event does not have: venue, line-up, offers, image, description", () => {
    const bare = eventJsonLd(festival({ venue: null, doorsAt: null, description: " " }), {
      offers: [],
      performers: { bands: [], performers: [] },
      url: URLS.url,
      locale: "cs",
      now: NOW,
    });
    expect(Object.keys(bare).sort()).toEqual(
      [
        "@context",
        "@type",
        "name",
        "url",
        "inLanguage",
        "startDate",
        "endDate",
        "eventStatus",
        "eventAttendanceMode",
        "organizer",
      ].sort(),
    );
    expect(bare.organizer).toEqual({ "@type": "Organization", name: "Louka Open Air" });
  });

  it("uses the EUR code for events in euros and the event page as the offer URL by default", () => {
    const eur = eventJsonLd(festival({ currencyId: 2 }), {
      offers: [
        ticketType({ ticketTypeId: "0b8a8969-e84e-501d-9919-6875475c07af", price: 3500, currencyId: 2 }),
      ],
      performers: { bands: [], performers: [] },
      url: URLS.url,
      locale: "sk",
      now: NOW,
    });
    expect(eur.offers).toMatchObject([{ price: "35.00", priceCurrency: "EUR", url: URLS.url }]);
  });
});

describe("offerAvailability", () => {
  it("follows the sales state of the event and the ticket type's sales window", () => {
    const at = (event: Partial<Event>, tt: Partial<TicketType> = {}) =>
      offerAvailability(
        festival(event),
        ticketType({ ticketTypeId: "1b8a8969-e84e-501d-9919-6875475c07af", ...tt }),
        NOW,
      ).replace("https://schema.org/", "");
    expect(at({})).toBe("InStock");
    expect(at({ salesState: "upcoming" })).toBe("PreOrder");
    expect(at({ salesState: "ended" })).toBe("SoldOut");
    expect(at({ salesState: "soldOut" })).toBe("SoldOut");
    expect(at({}, { soldOut: true, available: 0 })).toBe("SoldOut");
    expect(at({}, { salesFrom: "2026-06-02T08:00:00.000Z" })).toBe("PreOrder");
    expect(at({}, { salesTo: "2026-05-31T22:00:00.000Z" })).toBe("SoldOut");
    expect(at({}, { salesTo: "2026-06-30T22:00:00.000Z" })).toBe("InStock");
  });
});

describe("schemaPrice", () => {
  it("writes minor units as major units with two decimals", () => {
    expect(schemaPrice(89000)).toBe("890.00");
    expect(schemaPrice(89005)).toBe("890.05");
    expect(schemaPrice(0)).toBe("0.00");
    expect(schemaPrice(7)).toBe("0.07");
    expect(() => schemaPrice(1.5)).toThrow(RangeError);
    expect(() => schemaPrice(-100)).toThrow(RangeError);
  });
});
