/**
 * A large, valid catalog for build benchmarks and scale tests: `events` events spread over organizers (up to
 * 50, about 40 events each) and their tours, built from a few event templates (concert, festival day,
 * theatre, exhibition) with ticket type groups, ticket types, extras, line-ups and a poster per event drawn
 * from its own seed. Venues, bands, performers and galleries are a fixed pool reused by every event, as on a
 * real platform. Ids come from `stableId`, so the same arguments give the same catalog on every machine.
 */
import {
  country,
  currency,
  eventCategory,
  eventSize,
  eventType,
  itemType,
  productCategory,
  region,
  venueType,
} from "../../src/lib/enums/index.ts";
import {
  avatar,
  bandPhoto,
  CITY,
  type DemoItem,
  galleryPhoto,
  l,
  logo,
  PAY,
  payments,
  poster,
  same,
  venuePhoto,
} from "../../src/pass-service/catalog/demo/common.ts";
import { stableId } from "../../src/pass-service/catalog/ids.ts";
import type { CatalogInput, Localized } from "../../src/pass-service/catalog/schema.ts";

/** At most this many organizers; below 40 events per organizer, fewer. */
const MAX_ORGANIZERS = 50;
const EVENTS_PER_ORGANIZER = 40;
const BANDS = 30;
const PERFORMERS = 20;
const GALLERIES = 6;

const DAY_MS = 24 * 60 * 60 * 1000;
const id = (...parts: (string | number)[]): string => stableId("large-catalog", ...parts.map(String));

type Venue = DemoItem<"venues">;
type Event = DemoItem<"events">;

/** A numbered name in the four languages, e.g. "Koncert č. 12" / "Concert No. 12". */
function numbered(name: Localized, n: number): Localized {
  return l(`${name.cs} č. ${n}`, `${name.en} No. ${n}`, `${name.de} Nr. ${n}`, `${name.sk} č. ${n}`);
}

/** The venue pool: standing halls, clubs and a meadow, plus two seated theatres with a seat grid. */
function venues(): Venue[] {
  const places = [
    { city: CITY.praha, street: "Za Elektrárnou 419", zip: "170 00", c: "CZE", r: region.id.CZ_PRAGUE },
    { city: CITY.brno, street: "Kounicova 20", zip: "602 00", c: "CZE", r: region.id.CZ_SOUTH_MORAVIAN },
    {
      city: CITY.ostrava,
      street: "Dr. Šmerala 2",
      zip: "702 00",
      c: "CZE",
      r: region.id.CZ_MORAVIAN_SILESIAN,
    },
    {
      city: CITY.bratislava,
      street: "Hviezdoslavovo nám. 1",
      zip: "811 02",
      c: "SVK",
      r: region.id.SK_BRATISLAVA,
    },
    { city: CITY.wien, street: "Prater 7", zip: "1020", c: "AUT", r: region.id.AT_VIENNA },
  ] as const;
  const kinds = [
    { name: l("Hala", "Hall", "Halle", "Hala"), type: venueType.id.STADIUM, seated: false },
    { name: l("Klub", "Club", "Klub", "Klub"), type: venueType.id.MUSIC_CLUB, seated: false },
    { name: l("Divadlo", "Theatre", "Theater", "Divadlo"), type: venueType.id.THEATER_CINEMA, seated: true },
  ] as const;
  const list: Venue[] = [];
  places.forEach((place, p) => {
    kinds.forEach((kind, k) => {
      if (kind.seated && p >= 2) return;
      const n = list.length + 1;
      const name = l(
        `${kind.name.cs} ${place.city.cs} ${n}`,
        `${kind.name.en} ${place.city.en} ${n}`,
        `${kind.name.de} ${place.city.de} ${n}`,
        `${kind.name.sk} ${place.city.sk} ${n}`,
      );
      list.push({
        venueId: id("venue", n),
        name,
        venueTypeId: kind.type,
        address: {
          street: place.street,
          city: place.city,
          postalCode: place.zip,
          countryId: country.id[place.c],
          regionId: place.r,
        },
        geo: { lat: 48 + p * 0.5, lng: 14 + k * 0.5 },
        image: venuePhoto(`large-venue-${n}`, (n * 47) % 360, name),
        sectors: kind.seated
          ? [
              {
                sectorId: id("venue", n, "parter"),
                name: l("Přízemí", "Stalls", "Parkett", "Prízemie"),
                kind: "seated",
                seatGrid: { rows: 12, seatsPerRow: 20, originX: 10, originY: 50, spacingX: 19, spacingY: 19 },
                layout: { x: 0, y: 40, width: 400, height: 240 },
              },
            ]
          : [
              {
                sectorId: id("venue", n, "floor"),
                name: l("Stání", "Standing", "Stehplätze", "Státie"),
                kind: "standing",
                capacity: 800,
              },
            ],
      });
    });
  });
  return list;
}

/** What differs between the kinds of events of the catalog. */
interface Template {
  key: string;
  name: Localized;
  description: Localized;
  categories: number[];
  hours: number;
  seated: boolean;
  lineup: number;
  performers: number;
  gallery: boolean;
  extras: boolean;
  tickets: { key: string; name: Localized; price: number; capacity: number; group: "tickets" | "vip" }[];
}

const TEMPLATES: Template[] = [
  {
    key: "koncert",
    name: l("Koncert", "Concert", "Konzert", "Koncert"),
    description: l(
      "Večer živé hudby s předkapelou. Vstup od 18:00.",
      "An evening of live music with a support act. Doors at 6 pm.",
      "Ein Abend mit Livemusik und Vorband. Einlass ab 18 Uhr.",
      "Večer živej hudby s predkapelou. Vstup od 18:00.",
    ),
    categories: [eventCategory.id.MUSIC, eventCategory.id.CONCERT],
    hours: 3,
    seated: false,
    lineup: 2,
    performers: 1,
    gallery: true,
    extras: true,
    tickets: [
      {
        key: "stani",
        name: l("Stání", "Standing", "Stehplatz", "Státie"),
        price: 59000,
        capacity: 600,
        group: "tickets",
      },
      { key: "vip", name: same("VIP"), price: 149000, capacity: 50, group: "vip" },
    ],
  },
  {
    key: "festival",
    name: l("Festivalový den", "Festival day", "Festivaltag", "Festivalový deň"),
    description: l(
      "Celý den koncertů na dvou scénách, jídlo a pití od místních.",
      "A whole day of concerts on two stages, with food and drink from local vendors.",
      "Ein ganzer Tag Konzerte auf zwei Bühnen, Essen und Trinken aus der Region.",
      "Celý deň koncertov na dvoch scénach, jedlo a pitie od miestnych.",
    ),
    categories: [eventCategory.id.MUSIC, eventCategory.id.FESTIVAL],
    hours: 12,
    seated: false,
    lineup: 5,
    performers: 2,
    gallery: true,
    extras: true,
    tickets: [
      {
        key: "jednodenni",
        name: l("Jednodenní", "One day", "Tagesticket", "Jednodňová"),
        price: 89000,
        capacity: 700,
        group: "tickets",
      },
      {
        key: "deti",
        name: l("Děti do 15 let", "Children under 15", "Kinder unter 15", "Deti do 15 rokov"),
        price: 29000,
        capacity: 100,
        group: "tickets",
      },
      { key: "vip", name: same("VIP"), price: 199000, capacity: 40, group: "vip" },
    ],
  },
  {
    key: "predstaveni",
    name: l("Představení", "Performance", "Vorstellung", "Predstavenie"),
    description: l(
      "Divadelní představení s přestávkou, česky s anglickými titulky.",
      "A theatre performance with an interval, in Czech with English surtitles.",
      "Eine Theatervorstellung mit Pause, auf Tschechisch mit englischen Übertiteln.",
      "Divadelné predstavenie s prestávkou, po česky s anglickými titulkami.",
    ),
    categories: [eventCategory.id.CULTURE, eventCategory.id.THEATER],
    hours: 2,
    seated: true,
    lineup: 0,
    performers: 3,
    gallery: false,
    extras: false,
    tickets: [
      {
        key: "zakladni",
        name: l("Základní", "Standard", "Normal", "Základné"),
        price: 45000,
        capacity: 200,
        group: "tickets",
      },
      {
        key: "student",
        name: l("Student", "Student", "Studierende", "Študent"),
        price: 25000,
        capacity: 40,
        group: "tickets",
      },
    ],
  },
  {
    key: "vystava",
    name: l("Výstava", "Exhibition", "Ausstellung", "Výstava"),
    description: l(
      "Výstava s komentovanými prohlídkami každou hodinu.",
      "An exhibition with guided tours every hour.",
      "Eine Ausstellung mit stündlichen Führungen.",
      "Výstava s komentovanými prehliadkami každú hodinu.",
    ),
    categories: [eventCategory.id.CULTURE],
    hours: 8,
    seated: false,
    lineup: 0,
    performers: 0,
    gallery: false,
    extras: false,
    tickets: [
      {
        key: "vstup",
        name: l("Vstupné", "Admission", "Eintritt", "Vstupné"),
        price: 15000,
        capacity: 500,
        group: "tickets",
      },
    ],
  },
];

const GROUP_NAMES = {
  tickets: l("Vstupenky", "Tickets", "Tickets", "Vstupenky"),
  vip: same("VIP"),
} as const;

/** A large valid catalog (passes `parseCatalog`) with `events` events in all four languages, dated from `now`. */
export function largeCatalog(events = 2000, now: Date = new Date()): CatalogInput {
  if (!Number.isInteger(events) || events < 1)
    throw new Error(`largeCatalog: events must be ≥ 1, got ${events}`);
  const organizerCount = Math.min(MAX_ORGANIZERS, Math.ceil(events / EVENTS_PER_ORGANIZER));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (days: number, hour: number): string =>
    new Date(today + days * DAY_MS + hour * 3_600_000).toISOString();
  const venueList = venues();
  const seatedVenues = venueList.filter((v) => v.sectors?.some((s) => s.kind === "seated"));
  const standingVenues = venueList.filter((v) => !seatedVenues.includes(v));

  const catalog = {
    version: 1 as const,
    organizers: [] as DemoItem<"organizers">[],
    eventGroups: [] as DemoItem<"eventGroups">[],
    venues: venueList,
    events: [] as Event[],
    ticketTypeGroups: [] as DemoItem<"ticketTypeGroups">[],
    ticketTypes: [] as DemoItem<"ticketTypes">[],
    productGroups: [] as DemoItem<"productGroups">[],
    extraProducts: [] as DemoItem<"extraProducts">[],
    bands: [] as DemoItem<"bands">[],
    performers: [] as DemoItem<"performers">[],
    galleries: [] as DemoItem<"galleries">[],
  } satisfies CatalogInput;

  for (let g = 1; g <= GALLERIES; g++) {
    const name = numbered(l("Fotogalerie", "Photo gallery", "Fotogalerie", "Fotogaléria"), g);
    catalog.galleries.push({
      galleryId: id("gallery", g),
      name,
      images: [1, 2, 3, 4].map((k) => ({
        imageId: id("gallery", g, "image", k),
        image: galleryPhoto(`large-gallery-${g}-${k}`, (g * 60 + k * 15) % 360, numbered(name, k)),
        displayOrder: k,
      })),
    });
  }
  for (let b = 1; b <= BANDS; b++) {
    const name = same(`Kapela ${b}`);
    catalog.bands.push({
      bandId: id("band", b),
      profileSlug: `kapela-${b}`,
      name,
      genre: l("Indie rock", "Indie rock", "Indie-Rock", "Indie rock"),
      image: bandPhoto(`large-band-${b}`, (b * 23) % 360, name),
      countryId: country.id.CZE,
      links: [{ kind: "web", url: `https://kapela-${b}.example.com` }],
    });
  }
  for (let p = 1; p <= PERFORMERS; p++) {
    const name = same(`Umělec ${p}`);
    catalog.performers.push({
      performerId: id("performer", p),
      profileSlug: `umelec-${p}`,
      name,
      role: l("Zpěv", "Vocals", "Gesang", "Spev"),
      image: avatar(`large-performer-${p}`, (p * 31) % 360, name),
      bandIds: [id("band", ((p - 1) % BANDS) + 1)],
    });
  }

  for (let o = 1; o <= organizerCount; o++) {
    const name = numbered(l("Pořadatel", "Organizer", "Veranstalter", "Organizátor"), o);
    catalog.organizers.push({
      organizerId: id("organizer", o),
      organizerSlug: `poradatel-${o}`,
      name,
      description: l(
        "Pořádáme koncerty, festivaly a divadlo.",
        "We organise concerts, festivals and theatre.",
        "Wir veranstalten Konzerte, Festivals und Theater.",
        "Organizujeme koncerty, festivaly a divadlo.",
      ),
      logo: logo(`large-organizer-${o}`, (o * 53) % 360, name),
      email: `info@poradatel-${o}.example.com`,
      countryId: country.id.CZE,
    });
    for (const t of [1, 2]) {
      const tourName = numbered(l("Turné", "Tour", "Tournee", "Turné"), o * 10 + t);
      catalog.eventGroups.push({
        eventGroupId: id("organizer", o, "tour", t),
        eventGroupSlug: `turne-${o}-${t}`,
        organizerId: id("organizer", o),
        namePub: tourName,
        description: l(
          "Série akcí jednoho pořadatele.",
          "A series of events by one organizer.",
          "Eine Veranstaltungsreihe eines Veranstalters.",
          "Séria podujatí jedného organizátora.",
        ),
        poster: poster(`large-tour-${o}-${t}`, (o * 41 + t * 90) % 360, tourName),
      });
    }
  }

  for (let i = 1; i <= events; i++) {
    const o = ((i - 1) % organizerCount) + 1;
    // k-th event of its organizer: templates and tours cycle within each organizer.
    const k = Math.floor((i - 1) / organizerCount);
    const template = TEMPLATES[(k + o) % TEMPLATES.length] as Template;
    const eventId = id("event", i);
    const name = numbered(template.name, i);
    // Mostly upcoming (spread over a year and a half), every 25th one in the past.
    const day = i % 25 === 0 ? -((i % 300) + 1) : (i % 540) + 1;
    const pool = template.seated ? seatedVenues : standingVenues;
    const venue = pool[i % pool.length] as Venue;
    const tour = k % 4 === 0 ? 1 : k % 4 === 1 ? 2 : 0;
    const event: Event = {
      eventId,
      organizerId: id("organizer", o),
      eventSlug: `${template.key}-${i}`,
      venueId: venue.venueId,
      name,
      description: template.description,
      startsAt: at(day, 18),
      endsAt: at(day, 18 + template.hours),
      doorsAt: at(day, 17),
      eventTypeId: eventType.id.TICKETS,
      eventCategoryIds: template.categories,
      eventSizeId: eventSize.id.MEDIUM,
      currencyId: venue.address.countryId === country.id.CZE ? currency.id.CZK : currency.id.EUR,
      saleStartsAt: at(Math.min(day, 0) - 60, 9),
      flags: { popular: i % 7 === 0, ourSelection: i % 11 === 0, special: false },
      poster: poster(`large-event-${i}`, (i * 37) % 360, name),
      eventGroupIds: tour ? [id("organizer", o, "tour", tour)] : [],
      galleryIds: template.gallery ? [id("gallery", (i % GALLERIES) + 1)] : [],
      paymentMethods: payments(
        i % 2 ? [PAY.card, PAY.bank, PAY.googlePay, PAY.applePay] : [PAY.card, PAY.bank],
      ),
      lineup: Array.from({ length: template.lineup }, (_, slot) => ({
        bandId: id("band", ((i + slot * 7) % BANDS) + 1),
        main: slot === 0,
        displayOrder: slot,
      })),
      performers: Array.from({ length: template.performers }, (_, slot) => ({
        performerId: id("performer", ((i + slot * 3) % PERFORMERS) + 1),
        main: slot === 0,
        displayOrder: slot,
      })),
    };
    catalog.events.push(event);

    const groups = [...new Set(template.tickets.map((t) => t.group))];
    groups.forEach((group, displayOrder) => {
      catalog.ticketTypeGroups.push({
        ticketTypeGroupId: id("event", i, "group", group),
        eventId,
        namePub: GROUP_NAMES[group],
        displayOrder,
      });
    });
    const sector = venue.sectors?.[0];
    template.tickets.forEach((t, displayOrder) => {
      catalog.ticketTypes.push({
        ticketTypeId: id("event", i, "ticket", t.key),
        eventId,
        ticketTypeGroupId: id("event", i, "group", t.group),
        namePub: t.name,
        price: t.price,
        capacity: t.capacity,
        maxPerOrder: 6,
        itemTypeId: itemType.id.EVENT_ENTRY,
        ...(sector && template.seated ? { sectorId: sector.sectorId } : {}),
        displayOrder,
      });
    });
    if (template.extras) {
      const productGroupId = id("event", i, "products", "merch");
      catalog.productGroups.push({ productGroupId, eventId, name: same("Merch"), displayOrder: 0 });
      catalog.extraProducts.push(
        {
          ticketProductId: id("event", i, "product", "parking"),
          eventId,
          name: l("Parkování", "Parking", "Parken", "Parkovanie"),
          price: 20000,
          capacity: 100,
          maxPerOrder: 2,
          itemTypeId: itemType.id.PARKING,
          displayOrder: 0,
        },
        {
          ticketProductId: id("event", i, "product", "tricko"),
          eventId,
          productGroupId,
          name: l("Tričko", "T-shirt", "T-Shirt", "Tričko"),
          price: 45000,
          capacity: 200,
          productCategoryId: productCategory.id.SUPPLEMENTARY,
          displayOrder: 1,
          variants: [
            {
              variantId: id("event", i, "product", "tricko", "size"),
              name: l("Velikost", "Size", "Größe", "Veľkosť"),
              values: ["S", "M", "L", "XL"].map((size, order) => ({
                variantValueId: id("event", i, "product", "tricko", "size", size),
                name: same(size),
                priceDelta: size === "XL" ? 5000 : 0,
                capacity: 50,
                displayOrder: order,
              })),
            },
          ],
        },
      );
    }
  }
  return catalog;
}
