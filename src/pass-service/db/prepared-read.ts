/**
 * Reads whose SQL Drizzle builds once per database. A read is written with placeholders for its values
 * (`preparedRead("eventById", ["eventId"], (db, p) => db.select().from(events).where(eq(events.eventId,
 * p.eventId)))`) and prepared the first time a database runs it; each call runs the prepared query with its
 * values. Drizzle took 23–73 µs of CPU to build one of an event's statements, about a sixth of what the service
 * spends on a build's calls (tests/bench/README.md, "Publishing"). Inside a transaction the query is built on
 * the transaction each time: a prepared query runs on the database it was made on. Only for values a column
 * takes as they are (ids, texts, numbers, booleans, lists of ids through `anyOf`, and moments as ISO 8601 text):
 * Drizzle does not map a placeholder's value through the column's type (a `Date` reaches the driver as it is).
 */
import { type AnyColumn, type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./index.ts";

/** The placeholders of a read's values, by name. */
export type Placeholders<K extends string> = { [P in K]: Placeholder<P> };

/** A query Drizzle can prepare (a select built on a database or a transaction). */
interface Preparable<T> {
  prepare(name: string): PreparedQuery<T>;
}

interface PreparedQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * A column's value among a list given as one placeholder (`column = any($1)`): the list of a prepared read,
 * where `inArray` would make one SQL text per length of the list.
 */
export function anyOf(column: AnyColumn, values: Placeholder): SQL {
  return sql`${column} = any(${values})`;
}

/** Whether a database handle is a transaction's. */
function inTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/** The prepared queries of each database, by read name. */
const preparedOf = new WeakMap<Db, Map<string, PreparedQuery<unknown>>>();

/**
 * A read of the values named by `keys`, built by `build` with their placeholders: once per database, or on
 * each call inside a transaction. `name` names the read's shape: one name, one SQL text.
 */
export function preparedRead<K extends string, T>(
  name: string,
  keys: readonly K[],
  build: (db: Db, placeholders: Placeholders<K>) => Preparable<T>,
): (db: Db, values: Record<K, unknown>) => Promise<T> {
  const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Placeholders<K>;
  return (db, values) => {
    if (inTransaction(db)) return build(db, placeholders).prepare(name).execute(values);
    let prepared = preparedOf.get(db);
    if (!prepared) {
      prepared = new Map();
      preparedOf.set(db, prepared);
    }
    let query = prepared.get(name) as PreparedQuery<T> | undefined;
    if (!query) {
      query = build(db, placeholders).prepare(name);
      prepared.set(name, query);
    }
    return query.execute(values);
  };
}
