/**
 * Lists longer than the rows the service reads in one statement (`LIST_PAGE_ROWS`): every event, read page by
 * page in start order, is the same list a single query gives, with events that start at the same instant
 * (ordered by id) and a start the database holds to the microsecond, which a JavaScript Date cannot; each
 * summary's ticket facts (lowest price, sales state) are those of the event's own answer.
 */
import { asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { events } from "../../src/pass-service/db/schema.ts";
import { LIST_PAGE_ROWS } from "../../src/pass-service/services/events.ts";
import { largeCatalog } from "../support/large-catalog.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;

/** Ids of the visible events that have not ended, in start order, read in one statement. */
async function listedIds(): Promise<string[]> {
  const rows = await svc.database.db
    .select({ id: events.eventId })
    .from(events)
    .where(sql`${events.visible} and ${gt(events.endsAt, svc.clock.now())}`)
    .orderBy(asc(events.startsAt), asc(events.eventId));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  svc = await startTestService({ seed: false });
  const now = svc.clock.now();
  await importCatalog(svc.database.db, parseCatalog(largeCatalog(2 * LIST_PAGE_ROWS + 200, now)), { now });
  const { db } = svc.database;
  const listed = await listedIds();
  // Across the end of the first page: five events at one instant, then fifteen a microsecond after it (a
  // start a JavaScript Date cannot hold), so that the last row of the first page starts at that microsecond.
  const block = listed.slice(LIST_PAGE_ROWS - 10, LIST_PAGE_ROWS + 10);
  const [first] = await db
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(eq(events.eventId, block[0] ?? ""));
  if (!first) throw new Error("the catalog is shorter than a page");
  const instant = first.startsAt.toISOString();
  for (const [i, id] of block.entries()) {
    const startsAt =
      i < 5 ? sql`${instant}::timestamptz` : sql`${instant}::timestamptz + interval '1 microsecond'`;
    await db.update(events).set({ startsAt }).where(eq(events.eventId, id));
  }
  const [lastOfPage] = await db
    .select({ start: sql<string>`${events.startsAt}::text` })
    .from(events)
    .where(eq(events.eventId, (await listedIds())[LIST_PAGE_ROWS - 1] ?? ""));
  if (!lastOfPage?.start.includes(".000001")) throw new Error(`the first page ends at ${lastOfPage?.start}`);
});

afterAll(() => svc?.close());

test("every event is listed once, in start order, across pages", async () => {
  const expected = await listedIds();
  expect(expected.length).toBeGreaterThan(2 * LIST_PAGE_ROWS);

  const all = await svc.request("/api/events-all");
  expect(all.status).toBe(200);
  expect(all.body.events.map((e: { eventId: string }) => e.eventId)).toEqual(expected);

  // Summaries on every page carry their own event's ticket facts.
  for (const index of [0, LIST_PAGE_ROWS - 1, LIST_PAGE_ROWS, 2 * LIST_PAGE_ROWS, expected.length - 1]) {
    const summary = all.body.events[index];
    const one = await svc.request(`/api/event-by-id?eventId=${summary.eventId}`);
    expect(one.status).toBe(200);
    const { priceFrom, salesState, startsAt } = one.body.event;
    expect({
      priceFrom: summary.priceFrom,
      salesState: summary.salesState,
      startsAt: summary.startsAt,
    }).toEqual({ priceFrom, salesState, startsAt });
  }
});
