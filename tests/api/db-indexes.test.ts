/**
 * The service's lookups stay index lookups as the catalog grows: every foreign key column leads an index (the
 * pages read ticket type groups, product groups, chip products, stages and the like by their event, and a
 * deleted event or order finds what refers to it), and the partners of an event or a tour are found through
 * the indexes of their arrays of event and tour ids. Without them each lookup reads the whole table, so a full
 * publish, which reads every event, slows with the square of the catalog.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../src/pass-service/db/index.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** The rows of a statement, on either engine (PGlite answers `{ rows }`, postgres.js a list). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

test("every foreign key column leads an index of its table", async () => {
  const keys = await rowsOf<{ key: string; indexed: boolean }>(
    svc.database.db,
    sql`select c.conrelid::regclass::text || '.' || a.attname as key,
          exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        order by 1`,
  );
  expect(keys.length, "foreign keys found").toBeGreaterThan(30);
  expect(keys.filter((k) => !k.indexed).map((k) => k.key)).toEqual([]);
});

test.each([
  ["an event", "event_ids"],
  ["a tour", "event_group_ids"],
])("the partners of %s are found through an index of their %s", async (_, column) => {
  // With sequential scans priced out, the plan reads the table whole only when no index can answer.
  const plan = await svc.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<Record<string, string>>(
      tx,
      sql`explain select org_partner_id from org_partners
          where ${sql.identifier(column)} @> array['00000000-0000-4000-8000-000000000000']::uuid[]`,
    );
  });
  const text = plan.map((row) => Object.values(row).join(" ")).join("\n");
  expect(text).toMatch(/Index Scan/);
  expect(text).not.toMatch(/Seq Scan/);
});
