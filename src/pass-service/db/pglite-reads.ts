/**
 * Reads on the embedded engine as named prepared statements. PGlite's `query` sends every statement as a new
 * unnamed one, in six exchanges with the engine (parse, describe the statement, bind, describe the portal,
 * execute, sync), and PostgreSQL parses and plans it each time. Here a Drizzle SELECT outside a transaction
 * is parsed and described once, under a name, and each later read of the same SQL is one exchange (bind,
 * execute, sync), which PostgreSQL may answer from a cached plan, as it does for postgres.js, which prepares
 * its statements too. A key lookup costs the engine about a fifth of the CPU it did.
 *
 * A statement is planned once, for any parameters: the engine is told to use generic plans (`GENERIC_PLANS`),
 * which holds for its whole session, the statements PGlite's `query` sends included. Left to choose,
 * PostgreSQL plans a statement for each call's parameters while such a plan looks cheaper than the generic one,
 * and it does for ever where a parameter is a list of ids (`= any($1)`: it guesses ten of them without the
 * list). In the reads of a full publish of 2,000 events, 3.7 statements of each event were planned anew; with
 * generic plans the service took a tenth less CPU (blocks of 100 events, alternated: 5.3–7.1 ms an event,
 * against 6.2–7.9). The service's reads are lookups by key: their generic plans use the same indexes (its
 * schema has no partial index, whose use a parameter could decide). A statement PGlite's `query` sends is
 * planned for each call all the same.
 *
 * The answer is PGlite's own: parameters are turned into text by the client's serializers for the types the
 * engine described, and values parsed as `types.parseType` does with the client's and the query's parsers. Any
 * error (a bad query, a statement the engine no longer knows) closes the statement and runs the query again
 * through PGlite's `query`, which throws its usual error or answers. At most `STATEMENTS_MAX` statements are
 * kept (`max`); the least recently used is closed.
 */
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import { isSelect } from "./statement-kind.ts";

/** Prepared statements kept at most. */
export const STATEMENTS_MAX = 500;

/** Prefix of the statements' names (what `pg_prepared_statements` lists). */
export const STATEMENT_PREFIX = "read_";

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** What the engine is told before the first statement is prepared (see the file's comment). */
const GENERIC_PLANS = "SET plan_cache_mode = force_generic_plan";

/** Statements named so far (by every `preparedReads`). */
let named = 0;

export type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** A frontend message: its type, its length and `body`. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string): Buffer => Buffer.from(`${text}\0`, "utf8");
const int16 = (value: number): Buffer => {
  const out = Buffer.alloc(2);
  out.writeInt16BE(value);
  return out;
};
const SYNC = message("S", Buffer.alloc(0));
const EXECUTE = message("E", Buffer.concat([cstring(""), Buffer.alloc(4)]));

function bind(name: string, values: (string | null)[]): Buffer {
  const parts = [cstring(""), cstring(name), int16(0), int16(values.length)];
  for (const value of values) {
    const length = Buffer.alloc(4);
    if (value === null) {
      length.writeInt32BE(-1);
      parts.push(length);
    } else {
      const bytes = Buffer.from(value, "utf8");
      length.writeInt32BE(bytes.length);
      parts.push(length, bytes);
    }
  }
  parts.push(int16(0));
  return message("B", Buffer.concat(parts));
}

/** The backend's messages of a reply, each with its type code and body. */
function* messagesOf(reply: Uint8Array): Generator<{ type: number; body: Buffer }> {
  const buffer = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let at = 0; at + 5 <= buffer.length; ) {
    const end = at + 1 + buffer.readInt32BE(at + 1);
    yield { type: buffer[at] as number, body: buffer.subarray(at + 5, end) };
    at = end;
  }
}

const ERROR = 0x45; // 'E'
const PARAMETERS = 0x74; // 't'
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'

/** A reply held an ErrorResponse. */
class EngineError extends Error {}

function describe(reply: Uint8Array, name: string): Statement {
  const statement: Statement = { name, paramTypes: [], fields: [] };
  for (const { type, body } of messagesOf(reply)) {
    if (type === ERROR) throw new EngineError();
    if (type === PARAMETERS) {
      const count = body.readInt16BE(0);
      for (let i = 0; i < count; i++) statement.paramTypes.push(body.readInt32BE(2 + 4 * i));
    } else if (type === ROW_DESCRIPTION) {
      const count = body.readInt16BE(0);
      let at = 2;
      for (let i = 0; i < count; i++) {
        const end = body.indexOf(0, at);
        const fieldName = body.toString("utf8", at, end);
        statement.fields.push({ name: fieldName, dataTypeID: body.readInt32BE(end + 7) });
        at = end + 19;
      }
    }
  }
  return statement;
}

type Parser = (text: string, typeId: number) => unknown;

/**
 * The parser of each field: the query's, else the client's, else PGlite's default for its type (what
 * `types.parseType` picks from the two merged, without merging the client's table of every type per read).
 */
function parsersOf(
  client: PGlite,
  statement: Statement,
  options: QueryOptions | undefined,
): (Parser | undefined)[] {
  const defaults = types.parsers as Record<number, Parser>;
  return statement.fields.map(
    ({ dataTypeID }) =>
      (options?.parsers?.[dataTypeID] as Parser | undefined) ??
      (client.parsers[dataTypeID] as Parser | undefined) ??
      defaults[dataTypeID],
  );
}

function rowsOf(reply: Uint8Array, statement: Statement, parsers: (Parser | undefined)[]): unknown[][] {
  const rows: unknown[][] = [];
  for (const { type, body } of messagesOf(reply)) {
    if (type === ERROR) throw new EngineError();
    if (type !== DATA_ROW) continue;
    const count = body.readInt16BE(0);
    const row: unknown[] = new Array(count);
    let at = 2;
    for (let i = 0; i < count; i++) {
      const length = body.readInt32BE(at);
      at += 4;
      if (length < 0) {
        row[i] = null;
        continue;
      }
      const text = body.toString("utf8", at, at + length);
      const parse = parsers[i];
      row[i] = parse ? parse(text, statement.fields[i]?.dataTypeID ?? types.TEXT) : text;
      at += length;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * `query` of the client for Drizzle's reads: SELECTs in array row mode become prepared statements (see the
 * file's comment); anything else goes to `fallback` (PGlite's own `query`).
 */
export function preparedReads(client: PGlite, fallback: Query, max = STATEMENTS_MAX): Query {
  const statements = new Map<string, Statement>();
  const exchange = (bytes: Buffer): Promise<Uint8Array> => client.execProtocolRaw(bytes, { syncToFs: false });
  let planning: Promise<void> | undefined;
  const genericPlans = async (): Promise<void> => {
    for (const { type } of messagesOf(await exchange(message("Q", cstring(GENERIC_PLANS))))) {
      if (type === ERROR) throw new EngineError();
    }
  };

  const close = async (name: string): Promise<void> => {
    await exchange(
      Buffer.concat([message("C", Buffer.concat([Buffer.from("S", "latin1"), cstring(name)])), SYNC]),
    );
  };

  const statementFor = async (sql: string): Promise<Statement> => {
    const kept = statements.get(sql);
    if (kept) {
      statements.delete(sql);
      statements.set(sql, kept);
      return kept;
    }
    planning ??= genericPlans();
    await planning;
    const name = `${STATEMENT_PREFIX}${++named}`; // unique in the process, whatever clients share an engine
    const reply = await exchange(
      Buffer.concat([
        message("P", Buffer.concat([cstring(name), cstring(sql), int16(0)])),
        message("D", Buffer.concat([Buffer.from("S", "latin1"), cstring(name)])),
        SYNC,
      ]),
    );
    let statement: Statement;
    try {
      statement = describe(reply, name);
    } catch (error) {
      await close(name); // closing a statement the engine did not make is no error
      throw error;
    }
    statements.set(sql, statement);
    for (const [oldSql, old] of statements) {
      if (statements.size <= max) break;
      statements.delete(oldSql);
      await close(old.name);
    }
    return statement;
  };

  const read = async (
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> => {
    const statement = await statementFor(sql);
    try {
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const typeId = statement.paramTypes[i] ?? 0;
        const serialize = options?.serializers?.[typeId] ?? client.serializers[typeId];
        return serialize ? serialize(value) : String(value);
      });
      const reply = await exchange(Buffer.concat([bind(statement.name, values), EXECUTE, SYNC]));
      return {
        rows: rowsOf(reply, statement, parsersOf(client, statement, options)),
        fields: statement.fields,
        affectedRows: 0,
      } as Results;
    } catch (error) {
      statements.delete(sql);
      await close(statement.name);
      throw error;
    }
  };

  return async (sql, params = [], options) => {
    if (options?.rowMode !== "array" || !isSelect(sql)) return fallback(sql, params, options);
    try {
      return await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => read(sql, params, options)),
      );
    } catch {
      return fallback(sql, params, options);
    }
  };
}
