/** The demo catalog: valid for any clock, deterministic, and covering what the storefront and API tests show. */
import { describe, expect, it } from "vitest";
import {
  country,
  currency,
  eventKind,
  eventSize,
  eventType,
  itemType,
  paymentMethod,
  venueType,
} from "../../src/lib/enums/index.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, gridSeats, parseCatalog } from "../../src/pass-service/catalog/schema.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** Clocks the catalog must be valid for; the weekday of each is checked below. */
const NOWS = {
  saturday: "2026-03-14T10:00:00Z",
  saturdayNight: "2026-03-14T23:30:00Z",
  sunday: "2026-03-15T12:00:00Z",
  sundayLate: "2026-03-15T23:59:00Z",
  monday: "2026-03-16T08:00:00Z",
  friday: "2026-03-20T21:00:00Z",
  newYearsEve: "2025-12-31T23:30:00Z",
  dstSpring: "2026-03-29T01:30:00Z",
  dstAutumn: "2026-10-25T00:30:00Z",
  leapDay: "2028-02-29T12:00:00Z",
} as const;

type Event = Catalog["events"][number];
type Localized = Catalog["organizers"][number]["name"];

const ms = (iso: string | undefined) => Date.parse(iso ?? "");
/** The seats of a seated sector, listed or laid out by its grid. */
const seatsOf = (s: Catalog["venues"][number]["sectors"][number]) =>
  s.seats ?? (s.seatGrid ? gridSeats(s.seatGrid) : []);
const build = (iso: string | Date) => parseCatalog(demoCatalog(new Date(iso)));
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_ANY = /\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2})/g;

/** Every localized text of a value (objects with exactly the keys cs, en, de, sk). */
function texts(value: unknown, out: Localized[] = []): Localized[] {
  if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === "object") {
    const keys = Object.keys(value).sort().join(",");
    if (keys === "cs,de,en,sk") out.push(value as Localized);
    else for (const v of Object.values(value)) texts(v, out);
  }
  return out;
}

/** Whether an IBAN's check digits are right (ISO 13616, mod 97). */
function ibanValid(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

describe("the clocks of these tests", () => {
  it("fall on the weekdays their names say", () => {
    const weekday = (iso: string) => new Date(iso).getUTCDay();
    expect([NOWS.saturday, NOWS.saturdayNight].map(weekday)).toEqual([6, 6]);
    expect([NOWS.sunday, NOWS.sundayLate, NOWS.dstSpring, NOWS.dstAutumn].map(weekday)).toEqual([0, 0, 0, 0]);
    expect(weekday(NOWS.monday)).toBe(1);
    expect(weekday(NOWS.friday)).toBe(5);
  });
});

describe.each(Object.entries(NOWS))("the demo catalog built %s (%s)", (_label, iso) => {
  const now = new Date(iso);
  const t = now.getTime();
  const c = () => build(now);
  const visible = () => c().events.filter((e) => e.visible);

  it("passes parseCatalog", () => {
    expect(() => parseCatalog(demoCatalog(now))).not.toThrow();
  });

  it("writes every instant in UTC with Z and no milliseconds", () => {
    const found = JSON.stringify(demoCatalog(now)).match(ISO_ANY) ?? [];
    expect(found.length).toBeGreaterThan(50);
    for (const instant of found) expect(instant).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  });

  it("has a visible past event that ended at least two days ago", () => {
    expect(visible().filter((e) => ms(e.endsAt) <= t - 2 * DAY).length).toBeGreaterThanOrEqual(1);
  });

  it("has a one-time event that started an hour ago and ends in three hours", () => {
    const now1 = visible().filter(
      (e) =>
        e.eventKindId === eventKind.id.ONE_TIME &&
        Math.abs(ms(e.startsAt) - (t - HOUR)) < MINUTE &&
        Math.abs(ms(e.endsAt) - (t + 3 * HOUR)) < MINUTE,
    );
    expect(now1).toHaveLength(1);
  });

  it("has an event this weekend that has not ended", () => {
    const weekday = now.getUTCDay();
    const today = Math.floor(t / DAY) * DAY;
    const saturday = today + (weekday === 6 ? 0 : weekday === 0 ? -1 : 6 - weekday) * DAY;
    const weekend = visible().filter(
      (e) =>
        ms(e.startsAt) >= saturday &&
        ms(e.startsAt) < saturday + 2 * DAY &&
        ms(e.endsAt) > t &&
        ms(e.startsAt) < t + 7 * DAY,
    );
    expect(weekend.length).toBeGreaterThanOrEqual(1);
  });

  it("has several events from one week to five months ahead", () => {
    const upcoming = visible().filter(
      (e) => ms(e.startsAt) >= t + 7 * DAY && ms(e.startsAt) <= t + 153 * DAY,
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(8);
  });

  it("has an event whose sale starts in two weeks", () => {
    const later = visible().filter(
      (e) =>
        ms(e.saleStartsAt) > t + 13 * DAY &&
        ms(e.saleStartsAt) < t + 15 * DAY &&
        ms(e.startsAt) > ms(e.saleStartsAt),
    );
    expect(later).toHaveLength(1);
    expect(c().ticketTypes.filter((tt) => tt.eventId === later[0]?.eventId).length).toBeGreaterThan(0);
  });

  it("has a long-term event going on now and spanning months", () => {
    const long = visible().filter((e) => e.eventKindId === eventKind.id.LONG_TERM);
    expect(long.length).toBeGreaterThanOrEqual(1);
    for (const e of long) {
      expect(ms(e.startsAt)).toBeLessThan(t);
      expect(ms(e.endsAt)).toBeGreaterThan(t);
      expect(ms(e.endsAt) - ms(e.startsAt)).toBeGreaterThanOrEqual(90 * DAY);
    }
  });

  it("keeps program entries inside their event and sales windows before the event ends", () => {
    const cat = c();
    const byId = new Map(cat.events.map((e) => [e.eventId, e]));
    for (const p of cat.programEntries) {
      const e = byId.get(p.eventId) as Event;
      expect(ms(p.startsAt)).toBeGreaterThanOrEqual(ms(e.startsAt));
      expect(ms(p.endsAt)).toBeLessThanOrEqual(ms(e.endsAt));
    }
    for (const tt of cat.ticketTypes) {
      const e = byId.get(tt.eventId) as Event;
      if (tt.salesTo) expect(ms(tt.salesTo)).toBeLessThanOrEqual(ms(e.endsAt));
    }
    for (const e of cat.events) if (e.saleEndsAt) expect(ms(e.saleEndsAt)).toBeLessThanOrEqual(ms(e.endsAt));
  });
});

describe("determinism", () => {
  // The one-day ticket is named by its day (`dayTicketName`): that date in words is masked as the instants are.
  const DAY_TICKET = /(Jednodenní vstupenka|One-day ticket|Tagesticket|Jednodňová vstupenka) – [^"]+/g;
  const mask = (iso: string) =>
    JSON.stringify(demoCatalog(new Date(iso)))
      .replace(ISO_ANY, "<instant>")
      .replace(DAY_TICKET, "$1 – <day>");

  it("gives the same catalog for the same clock, as a new object each time", () => {
    const now = new Date(NOWS.monday);
    const a = demoCatalog(now);
    const b = demoCatalog(now);
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b.events).not.toBe(a.events);
  });

  it("keeps every id and every value but the dates (and the day ticket's day) whatever the clock", () => {
    const ids = (iso: string) => JSON.stringify(demoCatalog(new Date(iso))).match(UUID) ?? [];
    expect(ids(NOWS.leapDay)).toEqual(ids(NOWS.saturday));
    expect(ids(NOWS.newYearsEve)).toEqual(ids(NOWS.dstSpring));
    expect(new Set(ids(NOWS.monday)).size).toBeGreaterThan(200);
    expect(mask(NOWS.leapDay)).toBe(mask(NOWS.monday));
  });

  it("moves the dates with the clock", () => {
    const a = build(NOWS.saturday);
    const b = build(new Date(ms(NOWS.saturday) + 7 * DAY));
    a.events.forEach((e, i) => {
      expect(ms(b.events[i]?.startsAt) - ms(e.startsAt), e.eventSlug).toBe(7 * DAY);
    });
  });
});

describe("coverage of the demo catalog", () => {
  const now = new Date(NOWS.monday);
  const c = build(now);
  const eventBy = (slug: string) => c.events.find((e) => e.eventSlug === slug) as Event;
  const venueOf = (e: Event) => c.venues.find((v) => v.venueId === e.venueId);
  const typesOf = (e: Event) => c.ticketTypes.filter((tt) => tt.eventId === e.eventId);
  const czech = c.organizers.filter((o) => o.countryId === country.id.CZE);

  it("has Czech, Slovak and Austrian organizers with logos, texts and contacts", () => {
    expect(c.organizers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(c.organizers.map((o) => o.countryId))).toEqual(
      new Set([country.id.CZE, country.id.SVK, country.id.AUT]),
    );
    for (const o of c.organizers) {
      expect(o.logo).toMatchObject({ generate: { kind: "logo" }, width: 512, height: 512 });
      expect(o.description?.cs).toBeTruthy();
      expect(o.web).toMatch(/^https:\/\//);
      expect(o.email).toContain("@");
      expect(o.address?.countryId).toBe(o.countryId);
    }
    expect(czech.length).toBeGreaterThanOrEqual(3);
    for (const o of czech) {
      const bank = o.bankAccount;
      expect(bank, o.organizerSlug).toBeDefined();
      expect(ibanValid(bank?.iban ?? ""), bank?.iban).toBe(true);
      const [number = "", bankCode = ""] = (bank?.accountNumber ?? "").split("/");
      const [prefix, base] = number.includes("-") ? number.split("-") : ["0", number];
      expect(bank?.iban).toBe(
        `${bank?.iban.slice(0, 4)}${bankCode}${prefix?.padStart(6, "0")}${base?.padStart(10, "0")}`,
      );
    }
  });

  it("has event groups, one a tour of four cities including Bratislava", () => {
    expect(c.eventGroups.filter((g) => g.visible).length).toBeGreaterThanOrEqual(2);
    expect(c.eventGroups.some((g) => !g.visible)).toBe(true);
    const tour = c.eventGroups.find((g) => g.eventGroupSlug === "turne-na-sever");
    const stops = c.events.filter((e) => tour && e.eventGroupIds.includes(tour.eventGroupId));
    expect(stops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(stops.map((e) => e.organizerId))).toEqual(new Set([tour?.organizerId]));
    const cities = new Set(stops.map((e) => venueOf(e)?.address.city.cs));
    for (const city of ["Praha", "Brno", "Ostrava", "Bratislava"]) expect(cities).toContain(city);
    expect(c.orgPartners.some((p) => tour && p.eventGroupIds.includes(tour.eventGroupId))).toBe(true);
  });

  it("has events of every type, both kinds, six categories, five venue types and every size", () => {
    expect(c.events.length).toBeGreaterThanOrEqual(16);
    const types = new Set(c.events.map((e) => e.eventTypeId));
    for (const id of [eventType.id.TICKETS, eventType.id.PACKAGES, eventType.id.CREDIT_RECHARGE])
      expect(types).toContain(id);
    expect(new Set(c.events.map((e) => e.eventKindId))).toEqual(new Set([1, 2]));
    expect(new Set(c.events.flatMap((e) => e.eventCategoryIds)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(c.events.map((e) => venueOf(e)?.venueTypeId).filter(Boolean)).size).toBeGreaterThanOrEqual(
      5,
    );
    expect(new Set(c.events.map((e) => e.eventSizeId))).toEqual(
      new Set([eventSize.id.SMALL, eventSize.id.MEDIUM, eventSize.id.LARGE]),
    );
    expect(c.events.some((e) => !e.visible)).toBe(true);
  });

  it("sells the festival as packages with entry, camping and parking, and its chip credit separately", () => {
    const festival = c.events.filter((e) => e.eventTypeId === eventType.id.PACKAGES);
    expect(festival).toHaveLength(1);
    const f = festival[0] as Event;
    const items = new Set(typesOf(f).map((tt) => tt.itemTypeId));
    expect(items).toContain(itemType.id.EVENT_ENTRY);
    expect(items).toContain(itemType.id.ZONE);
    const products = c.extraProducts.filter((p) => p.eventId === f.eventId);
    expect(products.some((p) => p.itemTypeId === itemType.id.PARKING)).toBe(true);
    expect(c.chipProducts.some((p) => p.eventId === f.eventId)).toBe(true);
    const credit = c.events.filter((e) => e.eventTypeId === eventType.id.CREDIT_RECHARGE);
    expect(credit).toHaveLength(1);
    expect(credit[0]?.chipCreditLimit).toBeDefined();
    expect(c.chipProducts.filter((p) => p.eventId === credit[0]?.eventId).length).toBeGreaterThanOrEqual(3);
  });

  it("flags some events popular, our selection and special", () => {
    expect(c.events.filter((e) => e.flags.popular).length).toBeGreaterThanOrEqual(3);
    expect(c.events.filter((e) => e.flags.ourSelection).length).toBeGreaterThanOrEqual(3);
    expect(c.events.filter((e) => e.flags.special).length).toBeGreaterThanOrEqual(3);
    expect(
      c.events.filter((e) => !e.flags.popular && !e.flags.ourSelection && !e.flags.special).length,
    ).toBeGreaterThan(0);
  });

  it("gives events readable slugs, unique per organizer", () => {
    for (const e of c.events) expect(e.eventSlug).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
    expect(new Set(c.events.map((e) => `${e.organizerId}/${e.eventSlug}`)).size).toBe(c.events.length);
    expect(c.events.map((e) => e.eventSlug)).toContain("turne-na-sever-praha");
  });

  it("has a theatre with two seated sectors of 150+ seats sold by sector-bound ticket types in coloured categories", () => {
    const theatre = c.venues.find((v) => v.venueTypeId === venueType.id.THEATER_CINEMA);
    const seated = theatre?.sectors.filter((s) => s.kind === "seated" && s.layout) ?? [];
    expect(seated.map((s) => s.name.cs)).toEqual(["Přízemí", "Balkon"]);
    for (const s of seated) expect(seatsOf(s).length).toBeGreaterThanOrEqual(150);
    const shows = c.events.filter((e) => e.venueId === theatre?.venueId);
    const withSeats = shows.filter((e) =>
      seated.every((s) => typesOf(e).some((tt) => tt.sectorId === s.sectorId)),
    );
    expect(withSeats.length).toBeGreaterThanOrEqual(1);
    for (const e of withSeats) {
      for (const tt of typesOf(e).filter((x) => x.sectorId)) {
        const category = c.reservationCategories.find(
          (r) => r.reservationCategoryId === tt.reservationCategoryId,
        );
        expect(category?.eventId, tt.namePub.en).toBe(e.eventId);
        expect(category?.color).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
  });

  it("has an arena concert selling a 2,000-seat grandstand, one ticket per seat, beside the standing floor", () => {
    const arena = c.venues.find((v) =>
      v.sectors.some((s) => s.kind === "seated" && seatsOf(s).length === 2000),
    );
    const stand = arena?.sectors.find((s) => s.kind === "seated");
    expect(arena?.sectors.map((s) => s.kind)).toEqual(["standing", "seated"]);
    const concerts = c.events.filter((e) => e.venueId === arena?.venueId);
    expect(concerts.length).toBeGreaterThanOrEqual(1);
    for (const e of concerts) {
      const seatTypes = typesOf(e).filter((tt) => tt.sectorId === stand?.sectorId);
      expect(seatTypes.length, e.eventSlug).toBe(1);
      expect(seatTypes[0]?.capacity).toBe(2000);
      expect(seatTypes[0]?.reservationCategoryId).toBeDefined();
    }
  });

  it("sells every seated sector's seats at most once per event: ticket type capacity never above the seats", () => {
    for (const s of c.venues.flatMap((v) => v.sectors).filter((x) => x.kind === "seated")) {
      for (const tt of c.ticketTypes.filter((x) => x.sectorId === s.sectorId))
        expect(tt.capacity, tt.namePub.en).toBeLessThanOrEqual(seatsOf(s).length);
    }
  });

  it("has standing events: a standing sector with enough capacity, and venues without sectors", () => {
    const standing = c.venues.flatMap((v) => v.sectors).filter((s) => s.kind === "standing");
    expect(standing.length).toBeGreaterThanOrEqual(1);
    for (const s of standing) {
      for (const e of c.events) {
        const sum = typesOf(e)
          .filter((tt) => tt.sectorId === s.sectorId)
          .reduce((total, tt) => total + tt.capacity, 0);
        expect(sum).toBeLessThanOrEqual(s.capacity ?? 0);
      }
    }
    expect(c.events.filter((e) => venueOf(e) && venueOf(e)?.sectors.length === 0).length).toBeGreaterThan(5);
  });

  it("groups ticket types as tickets, VIP and family, with sensible capacities, limits and windows", () => {
    const names = new Set(c.ticketTypeGroups.map((g) => g.namePub.cs));
    for (const name of ["Vstupenky", "VIP", "Rodinné"]) expect(names).toContain(name);
    expect(new Set(c.ticketTypeGroups.map((g) => g.namePub.en))).toContain("Family");
    expect(c.ticketTypes.length).toBeGreaterThanOrEqual(40);
    expect(c.ticketTypes.filter((tt) => tt.capacity === 5)).toHaveLength(1);
    for (const tt of c.ticketTypes) {
      expect(tt.capacity).toBeGreaterThanOrEqual(5);
      expect(tt.capacity).toBeLessThanOrEqual(5000);
      expect(tt.maxPerOrder).toBeLessThanOrEqual(6);
    }
    const ungrouped = c.ticketTypes.filter((tt) => !tt.ticketTypeGroupId);
    expect(ungrouped.length).toBeGreaterThanOrEqual(1);
    expect(ungrouped.length / c.ticketTypes.length).toBeLessThan(0.1);
    expect(c.ticketTypes.filter((tt) => tt.salesFrom || tt.salesTo).length).toBeGreaterThanOrEqual(3);
    expect(c.ticketTypes.some((tt) => tt.minPerOrder > 1)).toBe(true);
  });

  it("prices Czech events in crowns and Slovak and Austrian ones in euros", () => {
    for (const e of c.events) {
      const venueCountry = venueOf(e)?.address.countryId ?? country.id.CZE;
      const expected = venueCountry === country.id.CZE ? currency.id.CZK : currency.id.EUR;
      expect(e.currencyId, e.eventSlug).toBe(expected);
      for (const tt of typesOf(e)) {
        if (expected === currency.id.CZK) expect(tt.price % 100, tt.namePub.cs).toBe(0);
        else expect(tt.price, tt.namePub.cs).toBeLessThan(20000);
      }
    }
    expect(c.events.filter((e) => e.currencyId === currency.id.EUR).length).toBeGreaterThanOrEqual(5);
  });

  it("sells parking, a T-shirt in sizes, workshops of twelve and a chip with credit", () => {
    expect(c.extraProducts.filter((p) => p.itemTypeId === itemType.id.PARKING).length).toBeGreaterThanOrEqual(
      2,
    );
    const shirt = c.extraProducts.find((p) => p.itemTypeId === itemType.id.PRODUCT && p.variants.length > 0);
    const sizes = shirt?.variants[0]?.values ?? [];
    expect(sizes.map((v) => v.name.en)).toEqual(["S", "M", "L", "XL"]);
    expect(sizes.map((v) => v.priceDelta)).toEqual([0, 0, 0, 5000]);
    expect(c.productGroups.find((g) => g.productGroupId === shirt?.productGroupId)?.name.cs).toBe("Merch");
    const workshops = c.extraProducts.filter((p) => p.itemTypeId === itemType.id.WORKSHOP);
    expect(workshops.length).toBeGreaterThanOrEqual(1);
    for (const w of workshops) expect(w.capacity).toBe(12);
    const withChips = c.extraProducts.filter((p) => p.chips.length > 0);
    expect(withChips).toHaveLength(1);
    for (const chip of withChips[0]?.chips ?? []) {
      const top = c.chipProducts.find((p) => p.productItemId === chip.productItemId);
      expect(top?.eventId).toBe(withChips[0]?.eventId);
      expect(chip.amount).toBe(top?.amount);
    }
  });

  it("has percent and fixed coupons, a supercoupon and three kinds of discount codes", () => {
    expect(new Set(c.coupons.map((d) => d.kind))).toEqual(new Set(["percent", "fixed"]));
    expect(c.coupons.some((d) => ms(d.validFrom) <= now.getTime() && ms(d.validTo) > now.getTime())).toBe(
      true,
    );
    expect(c.supercoupons.length).toBeGreaterThanOrEqual(1);
    expect(c.supercoupons[0]?.maxTickets).toBeGreaterThan(1);
    const codes = c.discountCodes;
    expect(codes.length).toBeGreaterThanOrEqual(3);
    expect(codes.some((d) => d.eventIds.length === 0 && d.ticketTypeIds.length === 0)).toBe(true);
    expect(codes.some((d) => d.eventIds.length > 0)).toBe(true);
    expect(codes.some((d) => d.ticketTypeIds.length > 0)).toBe(true);
    for (const code of ["JARO10", "VIP-500", "STUDENT15"]) {
      expect([...c.coupons, ...codes].map((d) => d.code)).toContain(code);
    }
  });

  it("has bands and performers with genres, texts, pictures and links", () => {
    expect(c.bands.length).toBeGreaterThanOrEqual(8);
    for (const b of c.bands) {
      expect(b.genre?.en).toBeTruthy();
      expect(b.description?.cs).toBeTruthy();
      expect(b.image).toMatchObject({ generate: { kind: "photo" }, width: 1200, height: 800 });
      expect(b.links.length).toBeGreaterThanOrEqual(1);
    }
    expect(c.performers.length).toBeGreaterThanOrEqual(6);
    for (const p of c.performers) {
      expect(p.image).toMatchObject({ generate: { kind: "avatar" }, width: 800, height: 800 });
      expect(p.role?.cs).toBeTruthy();
    }
    expect(c.performers.filter((p) => p.bandIds.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(c.performers.some((p) => p.bandIds.length > 1)).toBe(true);
    expect(c.performers.some((p) => p.bandIds.length === 0)).toBe(true);
  });

  it("has galleries of four or more photos, shown on events and a band", () => {
    expect(c.galleries.length).toBeGreaterThanOrEqual(3);
    for (const g of c.galleries) {
      expect(g.images.length).toBeGreaterThanOrEqual(4);
      for (const img of g.images) {
        expect(img.image).toMatchObject({ generate: { kind: "photo" }, width: 1600, height: 1067 });
      }
    }
    expect(c.events.filter((e) => e.galleryIds.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(c.bands.some((b) => b.galleryId)).toBe(true);
  });

  it("has a festival program on two stages over several days, one entry selling a workshop", () => {
    const festival = eventBy("louka-open-air");
    const stages = c.stages.filter((s) => s.eventId === festival.eventId);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const entries = c.programEntries.filter((p) => p.eventId === festival.eventId);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    for (const s of stages) expect(entries.some((p) => p.stageId === s.stageId)).toBe(true);
    expect(new Set(entries.map((p) => p.startsAt.slice(0, 10))).size).toBeGreaterThanOrEqual(2);
    expect(entries.filter((p) => p.bandIds.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(entries.filter((p) => p.performerIds.length > 0).length).toBeGreaterThanOrEqual(3);
    const selling = entries.filter((p) => p.ticketProductIds.length > 0);
    expect(selling).toHaveLength(1);
    const sold = c.extraProducts.find((p) => p.ticketProductId === selling[0]?.ticketProductIds[0]);
    expect(sold?.eventId).toBe(festival.eventId);
    expect(sold?.itemTypeId).toBe(itemType.id.WORKSHOP);
  });

  it("offers cards everywhere, bank transfer on most, wallets and Click to Pay on some, a fee on one", () => {
    const on = (id: number) =>
      c.events.filter((e) => e.paymentMethods.some((m) => m.paymentMethodId === id)).length;
    expect(on(paymentMethod.id.CARD)).toBe(c.events.length);
    expect(on(paymentMethod.id.BANK_TRANSFER)).toBeGreaterThan(c.events.length / 2);
    expect(on(paymentMethod.id.SEARCH_ENGINE_WALLET)).toBeGreaterThanOrEqual(3);
    expect(on(paymentMethod.id.DEVICE_MAKER_WALLET)).toBeGreaterThanOrEqual(3);
    expect(on(paymentMethod.id.CLICK_TO_PAY)).toBeGreaterThanOrEqual(3);
    expect(c.events.flatMap((e) => e.paymentMethods).filter((m) => m.feeAmount !== undefined)).toHaveLength(
      1,
    );
  });

  it("has partners of the festival and of the tour", () => {
    const festival = eventBy("louka-open-air");
    expect(c.orgPartners.filter((p) => p.eventIds.includes(festival.eventId)).length).toBeGreaterThanOrEqual(
      2,
    );
    for (const p of c.orgPartners) expect(p.logo).toMatchObject({ generate: { kind: "logo" }, width: 512 });
  });

  it("draws a poster for every event and a photo for every venue", () => {
    for (const e of c.events) {
      expect(e.poster).toMatchObject({
        generate: { kind: "poster", seed: e.eventSlug },
        width: 1200,
        height: 1600,
      });
      expect(e.poster && "generate" in e.poster ? e.poster.generate.hue : undefined).toBeTypeOf("number");
    }
    for (const v of c.venues) {
      expect(v.image).toMatchObject({ generate: { kind: "photo" }, width: 1600, height: 900 });
    }
  });

  it("has the event a detail page is tested on: upcoming, with a venue, gallery, tour and prices", () => {
    const rich = c.events.find(
      (e) =>
        e.visible &&
        ms(e.endsAt) > now.getTime() &&
        e.venueId &&
        e.galleryIds.length > 0 &&
        e.eventGroupIds.length > 0 &&
        typesOf(e).length > 0,
    );
    expect(rich?.eventSlug).toBe("turne-na-sever-praha");
    expect(rich?.name.cs).not.toBe(rich?.name.en);
  });

  it("writes natural texts in all four languages", () => {
    const all = texts(c);
    expect(all.length).toBeGreaterThan(300);
    for (const text of all) {
      for (const value of Object.values(text)) {
        expect(value).toBe(value.trim());
        expect(value).not.toMatch(/ {2}|\bundefined\b|\bnull\b/);
      }
    }
    const count = (lang: keyof Localized, letters: RegExp) => all.filter((x) => letters.test(x[lang])).length;
    expect(count("cs", /[ěščřžýáíéůú]/)).toBeGreaterThan(100);
    expect(count("cs", /[äôĺľŕ]/)).toBe(count("cs", /Poľan|Ľudov/));
    expect(count("sk", /[äôľĺŕ]/)).toBeGreaterThan(20);
    expect(count("de", /[äöüß]/)).toBeGreaterThan(30);
    const translated = all.filter((x) => x.cs !== x.en).length;
    expect(translated / all.length).toBeGreaterThan(0.7);
  });
});
