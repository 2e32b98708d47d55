/**
 * One database read per build-mode request: a GET asked in several languages (`X-Languages`) runs its
 * handler once per language, and the data is the same for all of them (only the language picks texts).
 * Inside `withReadMemo`, a SELECT built by Drizzle (its rows come back as arrays: PGlite's `rowMode: "array"`,
 * postgres.js's `.values()`) that ran before in the same scope is answered with the first answer (key: the
 * SQL text and its parameters), so every language after the first only localizes rows read once. The memo
 * lives for one request (an AsyncLocalStorage scope), so it is correct with any number of processes; any
 * other statement or transaction in the scope empties it. Outside a scope every query goes to the database.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `fn` with a fresh read memo: identical SELECTs inside it reach the database once. */
export function withReadMemo<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), fn);
}

const SELECT = /^\s*select\b/i;

/** The memo's answer for a read, or the read itself (remembered) when the scope has none yet. */
function memoRead<T>(sql: string, params: unknown, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  if (!SELECT.test(sql)) {
    memo.clear();
    return read();
  }
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
  }
  return answer;
}

/** Forgets the current scope's reads (before a transaction or a raw statement, which may write). */
function forget(): void {
  scope.getStore()?.clear();
}

/** Routes a PGlite client's Drizzle reads through the memo (the client object itself is kept). */
export function memoizePglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((sql: string, params?: unknown[], options?: { rowMode?: string }) => {
    if (options?.rowMode !== "array") {
      forget();
      return query(sql, params, options as never);
    }
    return memoRead(sql, params, () => query(sql, params, options as never));
  }) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => {
    forget();
    return exec(...args);
  }) as PGlite["exec"];
  client.transaction = ((fn: Parameters<PGlite["transaction"]>[0]) => {
    forget();
    return transaction(fn);
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
