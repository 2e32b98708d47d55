/**
 * One database read per build-mode request: a GET asked in several languages (`X-Languages`) runs its
 * handler once per language, and the data is the same for all of them (only the language picks texts).
 * Inside `withReadMemo`, a SELECT built by Drizzle (its rows come back as arrays: PGlite's `rowMode: "array"`,
 * postgres.js's `.values()`) that ran before in the same scope is answered with the first answer (key: the
 * SQL text and its parameters), so every language after the first only localizes rows read once. Any other
 * statement or transaction in the scope empties it. Outside a scope every query goes to the database.
 *
 * On PostgreSQL the memo lives for one request, so it is correct with any number of processes. On PGlite,
 * whose data folder one process owns and whose every statement passes through this module, the scopes also
 * share their reads (a publish asks for the same event, organizer and ticket types in several requests):
 * any statement other than a Drizzle SELECT, in a scope or outside one, empties the shared memo, and an
 * answer is kept at most `SHARED_READ_MS`. A statement runs synchronously on PGlite, so each read that goes to
 * the engine waits for a turn of the event loop first: a long answer's reads let other requests in between.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { preparedReads } from "./pglite-reads.ts";
import { isSelect } from "./statement-kind.ts";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** How long the embedded engine's shared memo keeps an answer (ms), and how many answers at most. */
export const SHARED_READ_MS = 60_000;
const SHARED_READS_MAX = 20_000;

/** Reads shared by the scopes of one embedded engine: the answer and when it was asked. */
type SharedReads = Map<string, { answer: Promise<unknown>; at: number }>;

/** Runs `fn` with a fresh read memo: identical SELECTs inside it reach the database once. */
export function withReadMemo<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), fn);
}

/** The answer remembered under `key` in `memo`, or the read (remembered until it fails). */
function remembered<T>(memo: Map<string, Promise<unknown>>, key: string, read: () => Promise<T>): Promise<T> {
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
  }
  return answer;
}

/** The shared memo's answer under `key` when it is recent, else the read (shared until it fails). */
function sharedRead<T>(shared: SharedReads, key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const kept = shared.get(key);
  if (kept && now - kept.at < SHARED_READ_MS) return kept.answer as Promise<T>;
  // Oldest first (a key is added again at the end): drop the expired ones and those over the limit.
  shared.delete(key);
  for (const [oldKey, old] of shared) {
    if (now - old.at < SHARED_READ_MS && shared.size < SHARED_READS_MAX) break;
    shared.delete(oldKey);
  }
  const answer = read();
  const entry = { answer, at: now };
  shared.set(key, entry);
  answer.catch(() => {
    if (shared.get(key) === entry) shared.delete(key);
  });
  return answer;
}

/** Short keys of the statements read so far, by SQL text. */
const statementKeys = new Map<string, string>();

/** Short keys given so far (each once). */
let statementsKeyed = 0;

/** Statements with a short key kept at most (then the keys start over: a key is never given to two texts). */
const STATEMENT_KEYS_MAX = 2_000;

/**
 * A short key for a statement's SQL text, so that the memos' keys are short: a key made of the whole text (often
 * hundreds of characters) was hashed anew by each memo it was looked up in. A prepared read passes the same string
 * each time, whose hash V8 keeps.
 */
function statementKey(sql: string): string {
  let key = statementKeys.get(sql);
  if (key === undefined) {
    if (statementKeys.size >= STATEMENT_KEYS_MAX) statementKeys.clear();
    key = `s${++statementsKeyed}`;
    statementKeys.set(sql, key);
  }
  return key;
}

/**
 * The memo's answer for a read, or the read itself (remembered) when the scope has none yet. `shared`: the
 * reads of an embedded engine (see the file's comment), which scopes share and any other statement empties.
 */
function memoRead<T>(sql: string, params: unknown, read: () => Promise<T>, shared?: SharedReads): Promise<T> {
  const memo = scope.getStore();
  if (!isSelect(sql)) {
    forget(shared);
    return read();
  }
  if (!memo) return read();
  const key = `${statementKey(sql)}\u0000${JSON.stringify(params)}`;
  return remembered(memo, key, shared ? () => sharedRead(shared, key, read) : read);
}

/** The reads each memoized PGlite client shares between scopes (see `memoizePglite`). */
const sharedReadsOf = new WeakMap<object, SharedReads>();

/**
 * A service read (a function of its arguments, made of SELECTs) remembered like a SELECT: in the same scope,
 * shared between scopes on the embedded engine, emptied by the same statements. Its key names the read and
 * every argument it depends on. A read that every language and every call of a page asks for then builds
 * its SQL once per scope, not once per language and call: Drizzle's query building costs more than a
 * remembered answer. Outside a scope, and inside a transaction, it reads. Callers must not change the answer.
 */
export function rememberedRead<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo || db instanceof PgTransaction) return read();
  const shared = sharedReadsOf.get((db as { $client?: object }).$client ?? db);
  const memoKey = `read:${key}`;
  // A Drizzle query is a lazy thenable that runs again on every `then`: remember one promise of its answer.
  const once = (): Promise<T> => Promise.resolve(read());
  return remembered(memo, memoKey, shared ? () => sharedRead(shared, memoKey, once) : once);
}

/** Forgets the current scope's reads and `shared` (before a statement or transaction that may write). */
function forget(shared?: SharedReads): void {
  scope.getStore()?.clear();
  shared?.clear();
}

/**
 * Routes a PGlite client's Drizzle reads through the memo and its SELECTs through prepared statements
 * (`preparedReads`); the client object itself is kept.
 */
export function memoizePglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const read = preparedReads(client, query);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const shared: SharedReads = new Map();
  sharedReadsOf.set(client, shared);
  client.query = ((sql: string, params?: unknown[], options?: { rowMode?: string }) => {
    if (options?.rowMode !== "array") {
      forget(shared);
      return query(sql, params, options as never);
    }
    return memoRead(sql, params, () => nextTurn().then(() => read(sql, params, options as never)), shared);
  }) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => {
    forget(shared);
    return exec(...args);
  }) as PGlite["exec"];
  client.transaction = (async (fn: Parameters<PGlite["transaction"]>[0]) => {
    forget(shared);
    try {
      return await transaction(fn);
    } finally {
      // Reads asked while it ran may have been kept: what it wrote is in the database now.
      forget(shared);
    }
  }) as PGlite["transaction"];
  return client;
}

/** A postgres.js client whose Drizzle reads (`unsafe(…).values()`) go through the memo. */
export function memoizePostgres(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "begin") {
        return (...args: unknown[]) => {
          forget();
          return (target.begin as (...a: unknown[]) => unknown)(...args);
        };
      }
      if (prop !== "unsafe") return Reflect.get(target, prop, receiver);
      return (query: string, params?: unknown[], options?: object) => {
        if (!scope.getStore()) return target.unsafe(query, params as never, options as never);
        const pending = () => target.unsafe(query, params as never, options as never);
        // Drizzle reads rows as arrays (`.values()`); anything else is answered by the database.
        return {
          values: () => memoRead(query, params, () => pending().values()),
          // biome-ignore lint/suspicious/noThenProperty: stands in for postgres.js's pending query
          then: (ok: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => {
            forget();
            return pending().then(ok, fail);
          },
        };
      };
    },
  });
}
