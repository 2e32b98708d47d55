/**
 * Hostile requests generated from the contract, with fast-check: for each call, a well-formed request built
 * from its params, query and body schemas, then spoiled — a value replaced by a hostile one (huge or
 * fractional numbers, NaN-ish strings, NUL, lone surrogates, 10 kB strings, deep nesting, wrong types), a
 * key removed or added, the body replaced by invalid or oversized JSON, hostile headers — and sent to the
 * service. Every answer must be below 500, arrive in time, and be the contract's `ErrorBody` when ≥ 400.
 * The one 5xx allowed is `501 ERROR_NOT_IMPLEMENTED` of a call the reference service does not serve yet.
 */
import fc from "fast-check";
import type { z } from "zod/mini";
import { ErrorBody } from "../../../src/contract/common.ts";
import { type CallDef, pathParamNames } from "../../../src/contract/define.ts";
import {
  checksOf,
  defOf,
  maxLength,
  numberRange,
  requestParts,
  unwrap,
} from "../../support/contract-walk.ts";
import type { TestService } from "./service.ts";

/** A request as sent: method, path with query, headers, and a raw body. */
export interface BadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What a run found: how many requests it sent and which answers broke the rules. */
export interface BadInputReport {
  requests: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
  /** `<call> <status> <method> <url>` of each answer ≥ 500 or each request that timed out. */
  serverErrors: string[];
  /** Refusals (≥ 400) whose body is not the contract's ErrorBody. */
  badBodies: string[];
}

/** Options of a run. */
export interface BadInputOptions {
  /** Generated requests per call (fast-check runs; a failing call shrinks with more). */
  runsPerCall: number;
  seed: number;
  /** Ids that exist in the catalog, so some requests get past the look-up (UNKNOWN ids come anyway). */
  uuids?: readonly string[];
  /** Time one request may take before it counts as a hang, ms. */
  timeoutMs?: number;
  /** Extra headers for a request's raw body (e.g. the signature of a payment provider's callback). */
  sign?: (def: CallDef, body: string) => Record<string, string>;
}

const UNKNOWN = "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";

/** Strings a well-formed request might carry; each schema takes those it accepts. */
const GOOD_STRINGS = [
  "a",
  "JARO10",
  "louka-open-air",
  "+420777123456",
  "1",
  "260001",
  "callback-0001",
  "jana@example.cz",
  "2026-07-03T18:00:00+02:00",
  "2026-07-03",
  "http://storefront.test/objednavka/{orderId}",
  "Praha",
  "CZ12345678",
  "password123",
];

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Strings meant to break parsers, columns and encoders. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-0",
    "0x10",
    " 1 ",
    "",
    " ",
    "null",
    "[]",
    "{}",
    "%00",
    "%",
    "%E0%A4%A",
    "../../etc/passwd",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "2147483648",
    "-2147483649",
    "9999999999",
    "9007199254740993",
    "١٢٣",
    "\u202e",
    "🎟️",
  ),
  fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map((p) => p.join("")),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constant("x".repeat(10_000)),
  fc.string({ minLength: 200, maxLength: 2_000 }),
);

/** Numbers beyond every column, fractions, negatives and floats. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 0.5, -1, -0, 0),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** A value nested `depth` levels deep, in arrays or objects. */
function nested(depth: number, objects: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = objects ? { a: value } : [value];
  return value;
}

/** Any hostile JSON value: strings, numbers, wrong types, deep nesting, odd objects. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 20, max: 1_000 }), fc.boolean()).map(([d, o]) => nested(d, o)),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant({ __proto__: null, constructor: { prototype: { polluted: 1 } } }) },
);

/** Bodies no schema expects: invalid JSON, odd top-level values, duplicate keys, a BOM, oversized ones. */
const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "{not json",
    "{",
    "[",
    '"',
    "",
    "   ",
    "null",
    "true",
    "1e999",
    '{"a":1,"a":2}',
    "\ufeff{}",
    '{"__proto__":{"polluted":1}}',
    '{"eventId":1e999}',
    '{"amount":-0}',
  ),
  fc.integer({ min: 100, max: 20_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.constant(JSON.stringify({ padding: "x".repeat(100_000) })),
  fc.string({ unit: "binary", maxLength: 200 }),
);

/**
 * Node answers a bare 431 itself, before the app, when the request line and headers pass 16 KiB: requests
 * stay under it (URL at most 6,000 characters, six headers of at most 1,200 characters each).
 */
const MAX_URL = 6_000;

/** Header values that can be sent (no CR, LF or NUL; Latin-1 only), some long (see {@link MAX_URL}). */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constantFrom("", "cs,fr", "xx", "*", "Bearer", "Bearer ", "Basic YTpi", "-1", "0", "1e9", "NaN"),
  fc.integer({ min: 200, max: 1_200 }).map((n) => "k".repeat(n)),
);

/** Hostile headers: any subset of the headers the service reads, each with a hostile value. */
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-language": headerValue,
    reqSourceId: headerValue,
    "idempotency-key": headerValue,
    authorization: fc.oneof(
      headerValue,
      headerValue.map((v) => `Bearer ${v}`),
    ),
    "x-languages": fc.oneof(headerValue, fc.constantFrom("cs,en,de,sk", "en,en", ",", "cs;en")),
    "content-type": fc.oneof(
      headerValue,
      fc.constantFrom("text/plain", "application/json; charset=utf-16", "multipart/form-data; boundary=x"),
    ),
  },
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------------------------
// Well-formed values from the contract

/** An arbitrary of values the schema (probably) accepts. */
function goodValue(schema: z.core.$ZodType, uuids: readonly string[]): fc.Arbitrary<unknown> {
  const outer = defOf(schema);
  if (outer.type === "optional" || outer.type === "default" || outer.type === "prefault") {
    return fc.option(goodValue(outer.innerType, uuids), { nil: undefined });
  }
  if (outer.type === "nullable") return fc.option(goodValue(outer.innerType, uuids), { nil: null });
  const inner = unwrap(schema);
  if (inner !== schema) return goodValue(inner, uuids);
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, goodValue(v, uuids)])));
    }
    case "array": {
      const min = (checksOf(schema).find((c) => c.check === "min_length")?.minimum as number) ?? 0;
      return fc.array(goodValue(def.element, uuids), { minLength: min, maxLength: Math.max(min, 3) });
    }
    case "union":
      return fc.oneof(...(def.options as z.core.$ZodType[]).map((o) => goodValue(o, uuids)));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "boolean":
      return fc.boolean();
    case "number": {
      const { min, max } = numberRange(schema);
      return fc.integer({ min: Math.max(min, -5), max: Math.min(max, 200_000) });
    }
    case "string": {
      if (def.format === "uuid" || def.format === "guid") return fc.constantFrom(UNKNOWN, ...uuids);
      const fits = GOOD_STRINGS.filter((s) => (schema as z.ZodMiniType).safeParse(s).success);
      return fits.length > 0 ? fc.constantFrom(...fits) : fc.constant("a".repeat(maxLength(schema) ?? 1));
    }
    default:
      return fc.constant("a");
  }
}

/** Every path (object keys and array indexes) inside a JSON value down to depth 8, the value itself as `[]`. */
function pathsIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const own = [at];
  if (at.length >= 8) return own;
  if (Array.isArray(value)) return [...own, ...value.flatMap((v, i) => pathsIn(v, [...at, i]))];
  if (value && typeof value === "object") {
    return [...own, ...Object.entries(value).flatMap(([k, v]) => pathsIn(v, [...at, k]))];
  }
  return own;
}

/** The value with the thing at `path` replaced (or, with `remove`, deleted). */
function replaceAt(value: unknown, path: (string | number)[], next: unknown, remove = false): unknown {
  if (path.length === 0) return next;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    node[key] = Array.isArray(child) ? [...child] : { ...(child as object) };
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (remove && !Array.isArray(node)) delete node[last];
  else node[last] = next;
  return copy;
}

/** One spoiling of a part of a request: replace a value, remove a key, or add keys. */
const spoil = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom("replace", "replace", "replace", "remove", "extra"),
  value: hostileValue,
  extraKey: fc.constantFrom("__proto__", "constructor", "extra", "eventId", ""),
});

/** The arbitrary's value once in `oneIn` runs, null otherwise. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/** A path segment: the hostile text percent-encoded when it can be, else raw percent junk. */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** The arbitrary of hostile requests to one call. */
export function badRequests(def: CallDef, uuids: readonly string[]): fc.Arbitrary<BadRequest> {
  const parts = Object.fromEntries(requestParts(def).map((p) => [p.where, goodValue(p.schema, uuids)]));
  const part = (where: string) => parts[where] ?? fc.constant(undefined);
  return fc
    .record({
      params: part("path"),
      query: part("query"),
      body: part("body"),
      spoils: fc.array(fc.tuple(fc.constantFrom("params", "query", "body"), spoil), {
        minLength: 1,
        maxLength: 3,
      }),
      raw: rarely(rawBody, 5),
      rawSegment: rarely(fc.constantFrom("%", "%E0%A4%A", "%00", "..", "%2F", "a%2Fb"), 8),
      headers: rarely(hostileHeaders, 2),
    })
    .map(({ params, query, body, spoils, raw, rawSegment, headers }) => {
      const values: Record<string, unknown> = { params, query, body };
      for (const [where, s] of spoils) {
        const paths = pathsIn(values[where]);
        const path = paths[s.pick % paths.length] ?? [];
        if (s.kind === "replace") values[where] = replaceAt(values[where], path, s.value);
        else if (s.kind === "remove" && path.length > 0)
          values[where] = replaceAt(values[where], path, 0, true);
        else if (values[where] && typeof values[where] === "object") {
          values[where] = { ...(values[where] as object), [s.extraKey]: s.value };
        }
      }
      return toRequest(def, values, raw, rawSegment, headers ?? {});
    });
}

/** The request of a call from its (spoiled) parts. */
function toRequest(
  def: CallDef,
  values: Record<string, unknown>,
  raw: string | null,
  rawSegment: string | null,
  headers: Record<string, string>,
): BadRequest {
  const params = (values.params ?? {}) as Record<string, unknown>;
  const names = pathParamNames(def.path);
  let path = def.path;
  names.forEach((name, i) => {
    const value = params && typeof params === "object" ? params[name] : undefined;
    const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
    const encoded = rawSegment && i === 0 ? rawSegment : segment(text);
    path = path.replace(`{${name}}`, encoded === "" ? "%20" : encoded);
  });
  const query = values.query && typeof values.query === "object" ? (values.query as object) : {};
  const search = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${segment(k)}=${segment(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&");
  const canSendBody = def.method !== "GET";
  const body = canSendBody && (def.body || raw) ? (raw ?? JSON.stringify(values.body) ?? "") : undefined;
  const allHeaders: Record<string, string> = {
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
  };
  for (const [k, v] of Object.entries(headers)) allHeaders[k] = v;
  const url = search ? `${path}?${search}` : path;
  return { method: def.method, url: url.slice(0, MAX_URL), headers: allHeaders, body };
}

// ---------------------------------------------------------------------------------------------------------
// Sending

/** Sends every generated request to the service and reports the answers that break the rules. */
export async function runBadInput(
  svc: TestService,
  calls: readonly CallDef[],
  options: BadInputOptions,
): Promise<BadInputReport> {
  const report: BadInputReport = { requests: 0, statuses: {}, serverErrors: [], badBodies: [] };
  const timeoutMs = options.timeoutMs ?? 10_000;
  for (const def of calls) {
    const property = fc.asyncProperty(badRequests(def, options.uuids ?? []), async (generated) => {
      const signed = generated.body !== undefined ? options.sign?.(def, generated.body) : undefined;
      const req = signed ? { ...generated, headers: { ...signed, ...generated.headers } } : generated;
      report.requests++;
      const problem = await send(svc, req, timeoutMs, report.statuses);
      if (problem?.kind === "server") report.serverErrors.push(`${def.id} ${problem.text}`);
      if (problem?.kind === "body") report.badBodies.push(`${def.id} ${problem.text}`);
      return problem === null;
    });
    // A failing call shrinks to a small counterexample; its first failure is already in the report.
    await fc.check(property, { numRuns: options.runsPerCall, seed: options.seed, endOnFailure: true });
  }
  return report;
}

/** Sends one request; answers what was wrong with its answer, or null. */
async function send(
  svc: TestService,
  req: BadRequest,
  timeoutMs: number,
  statuses: Record<number, number>,
): Promise<{ kind: "server" | "body"; text: string } | null> {
  const what = `${req.method} ${req.url.slice(0, 200)}`;
  let res: Response;
  try {
    res = await fetch(new URL(req.url, svc.url), {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { kind: "server", text: `no answer (${(error as Error).name}) ${what}` };
  }
  const text = await res.text();
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  if (res.status >= 500 && !(res.status === 501 && text.includes('"ERROR_NOT_IMPLEMENTED"')))
    return { kind: "server", text: `${res.status} ${what} ${text.slice(0, 300)}` };
  if (res.status < 400) return null;
  try {
    ErrorBody.parse(JSON.parse(text));
    return null;
  } catch {
    return { kind: "body", text: `${res.status} ${what} ${text.slice(0, 300)}` };
  }
}
