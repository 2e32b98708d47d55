/**
 * Reads on the embedded engine as prepared statements (`src/pass-service/db/pglite-reads.ts`), on a real
 * in-memory PGlite: a read answers what PGlite's `query` answers for every column type the service stores,
 * with Drizzle's parsers; the SQL is prepared once (`pg_prepared_statements`) and planned once, generically;
 * an error is PGlite's own and leaves no statement behind; at most `max` statements are kept; anything but a
 * SELECT in array row mode goes to PGlite's `query`; and a read waits for a transaction in progress instead
 * of reading inside it.
 */
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { preparedReads, type Query, STATEMENT_PREFIX } from "../../src/pass-service/db/pglite-reads.ts";

let client: PGlite;
const ID = "7d1d8f0e-8a52-4a8e-9a6b-2f1c3e4d5a6b";
/** Drizzle's options for a read: rows as arrays, date and time types left as text. */
const DRIZZLE: QueryOptions = {
  rowMode: "array",
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`
    create table things (
      id uuid primary key, name text, texts jsonb, n int, big bigint, price numeric(10, 2), ok boolean,
      at timestamptz, day date, tags text[], counts int[], empty text
    );
    insert into things values
      ('${ID}', 'Malý princ', '{"cs": "Malý princ", "de": "Der kleine Prinz"}', 7, 9007199254740993, 12.50,
       true, '2026-12-03 18:00:00+01', '2026-12-03', '{a,"b c"}', '{1,2}', null),
      ('00000000-0000-4000-8000-000000000001', '', '[]', -1, 0, 0, false, null, null, '{}', '{}', '');
  `);
}, 60_000);
afterAll(() => client?.close());

const prepared = async (): Promise<string[]> =>
  (
    await client.query<{ statement: string }>(
      `select statement from pg_prepared_statements where name like '${STATEMENT_PREFIX}%' order by prepare_time`,
    )
  ).rows.map((row) => row.statement);

describe("prepared reads on PGlite", () => {
  test("answer what PGlite's query answers, for every column type, with the query's parsers", async () => {
    const read = preparedReads(client, client.query.bind(client));
    const sql = "select * from things where ok = $1 or n > $2 or id = $3 order by n desc";
    for (const options of [DRIZZLE, { rowMode: "array" } as QueryOptions]) {
      for (const params of [
        [true, -5, ID],
        [false, -5, null],
      ]) {
        const expected = await client.query(sql, params, options);
        const answer = await read(sql, params, options);
        expect(answer.rows).toEqual(expected.rows);
        expect(answer.rows.length).toBe(2);
        expect(answer.fields).toEqual(expected.fields);
      }
    }
  });

  test("plan a statement once, for any parameters (generic plans)", async () => {
    const read = preparedReads(client, client.query.bind(client));
    const sql = "select name from things where id = any($1) and n > $2";
    for (let i = 0; i < 7; i++) {
      const answer = await read(
        sql,
        [i % 2 ? [ID] : [ID, "00000000-0000-4000-8000-000000000001"], -5 + i],
        DRIZZLE,
      );
      expect(answer.rows.length).toBeGreaterThan(0);
    }
    const plans = await client.query<{ generic_plans: number; custom_plans: number }>(
      "select generic_plans, custom_plans from pg_prepared_statements where statement = $1",
      [sql],
    );
    // Left to choose, PostgreSQL plans each of the first five calls for their parameters.
    expect(plans.rows).toEqual([{ generic_plans: 7, custom_plans: 0 }]);
  });

  test("prepare a SELECT once, however often it is read", async () => {
    const read = preparedReads(client, client.query.bind(client));
    const sql = "select name from things where id = $1";
    for (let i = 0; i < 3; i++) expect((await read(sql, [ID], DRIZZLE)).rows).toEqual([["Malý princ"]]);
    expect((await prepared()).filter((statement) => statement === sql)).toHaveLength(1);
  });

  test("fail with PGlite's own error and keep no statement of the failed read", async () => {
    const read = preparedReads(client, client.query.bind(client));
    const sql = "select n from things where id = $1 and n > 0";
    const own = await client.query(sql, ["not-a-uuid"], DRIZZLE).catch((error: unknown) => error);
    const error = await read(sql, ["not-a-uuid"], DRIZZLE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe(String(own));
    expect(String(error)).toMatch(/uuid/);
    expect(await prepared()).not.toContain(sql);
    expect((await read(sql, [ID], DRIZZLE)).rows).toEqual([[7]]);
    const bad = await read("select nothing from things", [], DRIZZLE).catch((e: unknown) => e);
    expect(String(bad)).toMatch(/column "nothing" does not exist/);
  });

  test("keep at most `max` statements, closing the least recently used", async () => {
    const read = preparedReads(client, client.query.bind(client), 2);
    const sqls = [1, 2, 3].map((k) => `select n + ${k} from things where id = $1`);
    for (const sql of sqls) await read(sql, [ID], DRIZZLE);
    await read(sqls[1] as string, [ID], DRIZZLE);
    const kept = (await prepared()).filter((statement) => sqls.includes(statement));
    expect(kept.sort()).toEqual([sqls[1], sqls[2]].sort());
    expect((await read(sqls[0] as string, [ID], DRIZZLE)).rows).toEqual([[8]]);
  });

  test("send anything but a SELECT in array row mode to PGlite's query", async () => {
    const fallback = vi.fn<Query>((sql, params, options) => client.query(sql, params, options));
    const read = preparedReads(client, fallback);
    await read("select name from things where n = $1", [7], { rowMode: "object" });
    await read("update things set name = name where n = $1", [7], DRIZZLE);
    await read("with t as (select 1) select * from t", [], DRIZZLE);
    expect(fallback).toHaveBeenCalledTimes(3);
    await read("select name from things where n = $1", [7], DRIZZLE);
    expect(fallback).toHaveBeenCalledTimes(3);
  });

  test("wait for a transaction in progress instead of reading its uncommitted rows", async () => {
    const read = preparedReads(client, client.query.bind(client));
    const sql = "select name from things where id = $1";
    let pending: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("update things set name = 'uncommitted' where id = $1", [ID]);
      pending = read(sql, [ID], DRIZZLE);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.rollback();
    });
    expect(((await pending) as { rows: unknown[] }).rows).toEqual([["Malý princ"]]);
  });
});
