/** Sectors and seats against the demo catalog: event.sectors, reservation.sector, reservation.sectorSeats. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventCalls } from "../../src/contract/event.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { stableId } from "../../src/pass-service/catalog/ids.ts";
import { type Catalog, gridSeats, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

type CatalogEvent = Catalog["events"][number];
type CatalogSector = Catalog["venues"][number]["sectors"][number];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sectorsOf = (e: CatalogEvent): CatalogSector[] =>
  [...(catalog.venues.find((v) => v.venueId === e.venueId)?.sectors ?? [])].sort(
    (a, b) => a.displayOrder - b.displayOrder || cmp(a.sectorId, b.sectorId),
  );

/** Ticket types of the event bound to a sector, in display order. */
const typesIn = (e: CatalogEvent, sectorId: string) =>
  catalog.ticketTypes
    .filter((t) => t.eventId === e.eventId && t.sectorId === sectorId)
    .sort((a, b) => a.displayOrder - b.displayOrder || cmp(a.ticketTypeId, b.ticketTypeId));

/** The seats of a seated sector as the importer stores them, in row and number order. */
function seatsOf(sector: CatalogSector) {
  const seats =
    sector.seats ??
    (sector.seatGrid
      ? gridSeats(sector.seatGrid).map((s) => ({
          ...s,
          seatId: stableId("seat", sector.sectorId, s.row, String(s.number)),
        }))
      : []);
  return [...seats].sort(
    (a, b) =>
      a.row.length - b.row.length || cmp(a.row, b.row) || a.number - b.number || cmp(a.seatId, b.seatId),
  );
}

/** What a fresh service (nothing sold or held) has on sale in a sector for the event. */
function expectedAvailable(e: CatalogEvent, sector: CatalogSector): number {
  const types = typesIn(e, sector.sectorId);
  if (types.length === 0) return 0;
  if (sector.kind === "seated") return seatsOf(sector).length;
  return Math.min(
    sector.capacity ?? 0,
    types.reduce((sum, t) => sum + t.capacity, 0),
  );
}

/** An event whose venue has a seated sector with seats sold by one of its ticket types. */
const seatedEvent: CatalogEvent = must(
  catalog.events.find((e) =>
    sectorsOf(e).some((s) => s.kind === "seated" && typesIn(e, s.sectorId).length > 0),
  ),
  "event with a seated sector",
);
const seatedSector = must(
  sectorsOf(seatedEvent).find((s) => s.kind === "seated" && typesIn(seatedEvent, s.sectorId).length > 0),
  "seated sector",
);
const standing = catalog.events
  .flatMap((e) => sectorsOf(e).map((s) => ({ event: e, sector: s })))
  .find(({ sector }) => sector.kind === "standing");
const noVenue = catalog.events.find((e) => e.venueId === undefined);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("event.sectors", () => {
  it("lists the sectors of the event's venue in display order with availability", async () => {
    const res = await svc.request(`/api/event/${seatedEvent.eventId}/sector`, { lang: "en" });
    expect(res.status).toBe(200);
    const { sectors } = eventCalls.sectors.response.parse(res.body);
    const expected = sectorsOf(seatedEvent);
    const venueId = must(seatedEvent.venueId, "venue");
    expect(sectors.map((s) => s.sectorId)).toEqual(expected.map((s) => s.sectorId));
    sectors.forEach((s, i) => {
      const want = must(expected[i], "sector");
      expect(s).toMatchObject({
        venueId,
        eventId: seatedEvent.eventId,
        name: want.name.en,
        kind: want.kind,
        capacity: want.kind === "seated" ? seatsOf(want).length : want.capacity,
        available: expectedAvailable(seatedEvent, want),
        displayOrder: want.displayOrder,
        ticketTypeIds: typesIn(seatedEvent, want.sectorId).map((t) => t.ticketTypeId),
        layout: want.layout ?? null,
      });
    });
  });

  it("answers texts in the requested language", async () => {
    const [cs, en] = await Promise.all([
      svc.request(`/api/event/${seatedEvent.eventId}/sector`, { lang: "cs" }),
      svc.request(`/api/event/${seatedEvent.eventId}/sector`, { lang: "en" }),
    ]);
    const first = must(sectorsOf(seatedEvent)[0], "sector");
    expect(cs.body.sectors[0].name).toBe(first.name.cs);
    expect(en.body.sectors[0].name).toBe(first.name.en);
  });

  it("is empty for an event without a venue", async () => {
    if (!noVenue) return;
    const res = await svc.request(`/api/event/${noVenue.eventId}/sector`);
    expect(res.status).toBe(200);
    expect(eventCalls.sectors.response.parse(res.body).sectors).toEqual([]);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/event/${UNKNOWN_ID}/sector`)).status).toBe(404);
    const malformed = await svc.request("/api/event/not-a-uuid/sector");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorText).toBe("ERROR_VALIDATION");
  });
});

describe("reservation.sector", () => {
  it("answers a seated sector with its seat count and free seats", async () => {
    const res = await svc.request(
      `/api/reservation/sector/${seatedSector.sectorId}?eventId=${seatedEvent.eventId}`,
      { lang: "de" },
    );
    expect(res.status).toBe(200);
    const { sector } = reservationCalls.sector.response.parse(res.body);
    expect(sector).toMatchObject({
      sectorId: seatedSector.sectorId,
      eventId: seatedEvent.eventId,
      name: seatedSector.name.de,
      kind: "seated",
      capacity: seatsOf(seatedSector).length,
      available: seatsOf(seatedSector).length,
    });
    expect(sector.capacity).toBeGreaterThan(0);
  });

  it("answers a standing sector with its capacity", async () => {
    const { event, sector: want } = must(standing, "standing sector");
    const res = await svc.request(`/api/reservation/sector/${want.sectorId}?eventId=${event.eventId}`);
    expect(res.status).toBe(200);
    const { sector } = reservationCalls.sector.response.parse(res.body);
    expect(sector).toMatchObject({
      kind: "standing",
      capacity: want.capacity,
      available: expectedAvailable(event, want),
    });
  });

  it("answers 404 for an unknown sector, an unknown event or a sector of another venue", async () => {
    const path = (sectorId: string, eventId: string) =>
      `/api/reservation/sector/${sectorId}?eventId=${eventId}`;
    expect((await svc.request(path(UNKNOWN_ID, seatedEvent.eventId))).status).toBe(404);
    expect((await svc.request(path(seatedSector.sectorId, UNKNOWN_ID))).status).toBe(404);
    const elsewhere = catalog.events.find((e) => e.venueId !== seatedEvent.venueId);
    if (elsewhere)
      expect((await svc.request(path(seatedSector.sectorId, elsewhere.eventId))).status).toBe(404);
  });

  it("answers 400 for a malformed id or a missing event", async () => {
    expect((await svc.request(`/api/reservation/sector/A1?eventId=${seatedEvent.eventId}`)).status).toBe(400);
    expect((await svc.request(`/api/reservation/sector/${seatedSector.sectorId}`)).status).toBe(400);
    expect((await svc.request(`/api/reservation/sector/${seatedSector.sectorId}?eventId=1`)).status).toBe(
      400,
    );
  });
});

describe("reservation.sectorSeats", () => {
  it("lists every seat in row and number order, all free in a fresh service", async () => {
    const res = await svc.request(
      `/api/reservation/sector/${seatedSector.sectorId}/seats?eventId=${seatedEvent.eventId}`,
    );
    expect(res.status).toBe(200);
    const { seats } = reservationCalls.sectorSeats.response.parse(res.body);
    const expected = seatsOf(seatedSector);
    expect(seats.map((s) => [s.seatId, s.row, s.number, s.x, s.y])).toEqual(
      expected.map((s) => [s.seatId, s.row, s.number, s.x, s.y]),
    );
    const categories = new Set(
      typesIn(seatedEvent, seatedSector.sectorId).map((t) => t.reservationCategoryId),
    );
    const category = categories.size === 1 ? ([...categories][0] ?? null) : null;
    for (const seat of seats) {
      expect(seat).toMatchObject({
        sectorId: seatedSector.sectorId,
        state: "free",
        ticketTypeId: null,
        reservationCategoryId: category,
      });
    }
  });

  it("is empty for a standing sector", async () => {
    const { event, sector } = must(standing, "standing sector");
    const res = await svc.request(
      `/api/reservation/sector/${sector.sectorId}/seats?eventId=${event.eventId}`,
    );
    expect(res.status).toBe(200);
    expect(reservationCalls.sectorSeats.response.parse(res.body).seats).toEqual([]);
  });

  it("answers 404 for an unknown sector and 400 for a malformed id", async () => {
    expect(
      (await svc.request(`/api/reservation/sector/${UNKNOWN_ID}/seats?eventId=${seatedEvent.eventId}`))
        .status,
    ).toBe(404);
    expect((await svc.request(`/api/reservation/sector/x/seats?eventId=${seatedEvent.eventId}`)).status).toBe(
      400,
    );
  });
});
