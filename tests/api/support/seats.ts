/** Seat holds in API tests: a seated sector of the demo catalog on sale, its seats, and seat-hold requests. */

import { afterAll, afterEach, beforeAll } from "vitest";
import { reservationCalls, type Seat } from "../../../src/contract/reservation.ts";
import { demoCatalog } from "../../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../../src/pass-service/catalog/schema.ts";
import { must } from "./expect.ts";
import { startTestService, type TestService } from "./service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

/** A seated sector of an event on sale, with the ticket types it is sold as (display order) and another sector. */
export interface SeatedSector {
  eventId: string;
  sectorId: string;
  /** Ticket types of the sector, in display order: the first is the default. */
  ticketTypeIds: string[];
  /** Another seated sector of the same venue sold for the event. */
  otherSectorId: string;
}

const byOrder = <T extends { displayOrder: number; ticketTypeId: string }>(a: T, b: T) =>
  a.displayOrder - b.displayOrder || (a.ticketTypeId < b.ticketTypeId ? -1 : 1);

/** The first event on sale whose venue has two seated sectors it sells (the first by display order is used). */
export function seatedSector(now = new Date()): SeatedSector {
  for (const event of catalog.events) {
    const at = now.getTime();
    if (event.saleEndsAt && Date.parse(event.saleEndsAt) <= at) continue;
    if (event.saleStartsAt && Date.parse(event.saleStartsAt) > at) continue;
    const venue = catalog.venues.find((v) => v.venueId === event.venueId);
    const sold = (venue?.sectors ?? [])
      .filter((s) => s.kind === "seated")
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((s) => ({
        sectorId: s.sectorId,
        types: catalog.ticketTypes.filter((t) => t.eventId === event.eventId && t.sectorId === s.sectorId),
      }))
      .filter((s) => s.types.length > 0);
    const [first, second] = sold;
    if (!first || !second) continue;
    return {
      eventId: event.eventId,
      sectorId: first.sectorId,
      ticketTypeIds: [...first.types].sort(byOrder).map((t) => t.ticketTypeId),
      otherSectorId: second.sectorId,
    };
  }
  throw new Error("The demo catalog has no event with two seated sectors on sale");
}

/** The seats of a sector for an event, in row and number order, with their states. */
export async function seatsOf(svc: TestService, eventId: string, sectorId: string): Promise<Seat[]> {
  const res = await svc.request(`/api/reservation/sector/${sectorId}/seats?eventId=${eventId}`);
  if (res.status !== 200) throw new Error(`seats of ${sectorId}: ${res.status} ${JSON.stringify(res.body)}`);
  return reservationCalls.sectorSeats.response.parse(res.body).seats;
}

/** States of the given seats, by seat id. */
export async function statesOf(svc: TestService, eventId: string, sectorId: string, seatIds: string[]) {
  const seats = await seatsOf(svc, eventId, sectorId);
  return seatIds.map(
    (id) =>
      must(
        seats.find((s) => s.seatId === id),
        `seat ${id}`,
      ).state,
  );
}

/** POSTs a seat hold (optionally with an Idempotency-Key); answers the raw response. */
export function postSeatHold(
  svc: TestService,
  body: {
    eventId: string;
    sectorId: string;
    seatIds: string[];
    reservationId?: string;
    ticketTypeId?: string;
  },
  key?: string,
) {
  return svc.request("/api/reservation-seat", {
    method: "POST",
    json: body,
    lang: "en",
    ...(key ? { headers: { "Idempotency-Key": key } } : {}),
  });
}

/** The seats of a sector handed out to the tests of one file, so that no two tests use the same seat. */
export interface SeatPool {
  /** Reads the sector's seats (call in `beforeAll`, once the service runs). */
  load(svc: TestService): Promise<void>;
  /** `n` seats no earlier test of the file has used, in row and number order. */
  fresh(n: number): string[];
}

/** A pool of the seats of a sector for an event. */
export function seatPool(eventId: string, sectorId: string): SeatPool {
  let seatIds: string[] = [];
  let next = 0;
  return {
    async load(svc) {
      seatIds = (await seatsOf(svc, eventId, sectorId)).map((s) => s.seatId);
      next = 0;
    },
    fresh(n) {
      const picked = seatIds.slice(next, next + n);
      if (picked.length < n) throw new Error(`The sector has no ${n} unused seats left`);
      next += n;
      return picked;
    },
  };
}

/** The test service of a seat test file and the seats its tests may take. */
export interface SeatTestService {
  /** The running service (from `beforeAll` on). */
  readonly svc: TestService;
  /** `n` seats no earlier test of the file has used. */
  freshSeats(n: number): string[];
}

/**
 * One test service for a file's seat tests: started with the sector's seats read before the file's tests,
 * closed after them, and its clock put back after each test.
 */
export function seatTestService(eventId: string, sectorId: string): SeatTestService {
  let svc: TestService | undefined;
  const pool = seatPool(eventId, sectorId);
  beforeAll(async () => {
    svc = await startTestService();
    await pool.load(svc);
  });
  afterAll(() => svc?.close());
  afterEach(() => {
    if (svc) svc.clock.offsetMs = 0;
  });
  return {
    get svc() {
      if (!svc) throw new Error("The seat test service is not started yet");
      return svc;
    },
    freshSeats: (n) => pool.fresh(n),
  };
}
