/**
 * Reads whose SQL Drizzle builds once per database (`src/pass-service/db/prepared-read.ts`): they answer what
 * the same query built on each call answers, on the embedded engine and on PostgreSQL; inside a transaction
 * they are built on the transaction and see what it wrote.
 */
import { asc, eq, inArray, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Db } from "../../src/pass-service/db/index.ts";
import { anyOf, type Placeholders, preparedRead } from "../../src/pass-service/db/prepared-read.ts";
import { events } from "../../src/pass-service/db/schema.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let ids: string[];

beforeAll(async () => {
  svc = await startTestService();
  const rows = await svc.database.db
    .select({ eventId: events.eventId })
    .from(events)
    .orderBy(asc(events.eventId))
    .limit(3);
  ids = rows.map((row) => row.eventId);
});
afterAll(() => svc?.close());

/** An event's id and slug, as a prepared read builds it (counted) and as a query built each time. */
const slugQuery = (db: Db, eventId: Placeholders<"eventId">["eventId"] | string) =>
  db.select({ eventId: events.eventId, slug: events.slug }).from(events).where(eq(events.eventId, eventId));

describe("prepared reads", () => {
  test("answer what the query built on each call answers, built once per database", async () => {
    const build = vi.fn((db: Db, p: Placeholders<"eventId">) => slugQuery(db, p.eventId));
    const read = preparedRead("test:eventSlug", ["eventId"], build);
    expect(ids.length).toBeGreaterThan(1);
    for (const eventId of [...ids, ...ids]) {
      const answer = await read(svc.database.db, { eventId });
      expect(answer).toHaveLength(1);
      expect(answer).toEqual(await slugQuery(svc.database.db, eventId));
    }
    expect(await read(svc.database.db, { eventId: "00000000-0000-4000-8000-000000000000" })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  test("inside a transaction are built on it and see what it wrote", async () => {
    const build = vi.fn((db: Db, p: Placeholders<"eventId">) => slugQuery(db, p.eventId));
    const read = preparedRead("test:eventSlugInTransaction", ["eventId"], build);
    const eventId = ids[0] ?? "";
    const [before] = await read(svc.database.db, { eventId });
    await svc.database.db
      .transaction(async (tx) => {
        await tx.update(events).set({ slug: "prepared-in-transaction" }).where(eq(events.eventId, eventId));
        expect(await read(tx, { eventId })).toEqual([{ eventId, slug: "prepared-in-transaction" }]);
        expect(await read(tx, { eventId })).toEqual([{ eventId, slug: "prepared-in-transaction" }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(await read(svc.database.db, { eventId })).toEqual([before]);
    // Once for the database, and on each of the two calls inside the transaction.
    expect(build).toHaveBeenCalledTimes(3);
  });

  test("take a list as one value (`anyOf`): one statement answers lists of any length as `inArray` does", async () => {
    const build = vi.fn((db: Db, p: Placeholders<"ids">) =>
      db
        .select({ eventId: events.eventId, slug: events.slug })
        .from(events)
        .where(anyOf(events.eventId, p.ids))
        .orderBy(asc(events.eventId)),
    );
    const read = preparedRead("test:eventSlugsOfList", ["ids"], build);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const list of [ids.slice(0, 1), ids, [...ids.slice(0, 2), unknown], [unknown], []]) {
      const built = await svc.database.db
        .select({ eventId: events.eventId, slug: events.slug })
        .from(events)
        .where(inArray(events.eventId, list))
        .orderBy(asc(events.eventId));
      expect(await read(svc.database.db, { ids: list })).toEqual(built);
    }
    expect((await read(svc.database.db, { ids })).length).toBe(3);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
