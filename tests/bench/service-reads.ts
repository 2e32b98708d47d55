/**
 * Benchmark of the catalog reads a static build makes: a pass service (PGlite in a temporary folder, in this
 * process) is loaded with `largeCatalog(BENCH_EVENTS)` (default 200 events), then every call the pages make
 * at build time (event, cart, tour, organizer and home pages, and their static paths) is sent for a sample of
 * events, tours and organizers, once in one language (`Accept-Language`) and once in the four languages of a
 * build (`X-Languages`). Prints per call and language mode the mean and p95 time of a request, the mean CPU
 * time of this process (service and client; steadier than wall time on a busy machine) and the SQL queries
 * it ran (counted on the PGlite client), and the sum over the calls of one event's pages.
 * Asserts nothing. Run: `node tests/bench/service-reads.ts` (BENCH_SAMPLES=20 sampled entities per call).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { CALLS } from "../../src/contract/index.ts";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { createServiceLogger } from "../../src/pass-service/logger.ts";
import { largeCatalog } from "../support/large-catalog.ts";
import { startBenchService } from "./support/bench-service.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
/** Calls without an entity (listings, static paths) are repeated this many times. */
const REPEATS = 5;

type Args = { params?: Record<string, string>; query?: Record<string, string> };
type CallId = keyof typeof CALLS;
/** A call a page makes, with the arguments of one sampled entity; `perEvent` counts it in an event's pages. */
interface BenchCall {
  id: CallId;
  kind: "event" | "group" | "organizer" | "global";
  args: (entity: Entity) => Args;
  perEvent?: boolean;
}
type Entity = Record<string, string>;

const ev = (e: Entity): Args => ({ params: { eventId: e.eventId ?? "" } });
const evQuery = (e: Entity): Args => ({ query: { eventId: e.eventId ?? "" } });
const none = (): Args => ({});

/** The calls of the pages (src/pages/**, components/event/cart-data.ts), grouped by the entity they need. */
const BENCH_CALLS: BenchCall[] = [
  { id: "event.byId", kind: "event", args: evQuery, perEvent: true },
  { id: "event.bands", kind: "event", args: ev, perEvent: true },
  { id: "event.performers", kind: "event", args: ev, perEvent: true },
  { id: "event.stages", kind: "event", args: ev, perEvent: true },
  { id: "event.entries", kind: "event", args: ev, perEvent: true },
  { id: "event.paymentMethods", kind: "event", args: ev, perEvent: true },
  { id: "v2.eventTicketTypes", kind: "event", args: ev, perEvent: true },
  { id: "v2.eventPriceRange", kind: "event", args: ev, perEvent: true },
  { id: "v2.eventOrgPartners", kind: "event", args: ev, perEvent: true },
  { id: "v2.eventExtraProducts", kind: "event", args: ev, perEvent: true },
  { id: "ticket.chipCreditLimit", kind: "event", args: evQuery, perEvent: true },
  { id: "v2.eventReservationCategories", kind: "event", args: ev },
  { id: "event.sectors", kind: "event", args: ev },
  {
    id: "v2.groupBySlug",
    kind: "group",
    args: (g) => ({ params: { eventGroupSlug: g.eventGroupSlug ?? "" } }),
  },
  {
    id: "event.groupEvents",
    kind: "group",
    args: (g) => ({ query: { eventGroupId: g.eventGroupId ?? "" } }),
  },
  {
    id: "v2.groupOrgPartners",
    kind: "group",
    args: (g) => ({ params: { eventGroupSlug: g.eventGroupSlug ?? "" } }),
  },
  {
    id: "organizer.bySlug",
    kind: "organizer",
    args: (o) => ({ query: { organizerSlug: o.organizerSlug ?? "" } }),
  },
  {
    id: "event.byOrganizer",
    kind: "organizer",
    args: (o) => ({ query: { organizerSlug: o.organizerSlug ?? "" } }),
  },
  {
    id: "organizer.eventGroups",
    kind: "organizer",
    args: (o) => ({ query: { organizerSlug: o.organizerSlug ?? "" } }),
  },
  { id: "event.all", kind: "global", args: none },
  { id: "organizer.all", kind: "global", args: none },
  { id: "event.groupsAll", kind: "global", args: none },
  { id: "v2.staticPathsEvents", kind: "global", args: none },
  { id: "v2.staticPathsGroups", kind: "global", args: none },
  { id: "v2.staticPathsOrganizers", kind: "global", args: none },
];

/** The URL of a call with its arguments. */
function urlOf(base: string, id: CallId, args: Args): string {
  const def = CALLS[id];
  const path = def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
    encodeURIComponent(args.params?.[name] ?? ""),
  );
  const query = args.query ? `?${new URLSearchParams(args.query)}` : "";
  return `${base}${path}${query}`;
}

/** Every `step`-th element, up to `count` of them. */
function spread<T>(list: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(list.length / count));
  return list.filter((_, i) => i % step === 0).slice(0, count);
}

const p95 = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};
const mean = (list: number[]): number => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);

// Count the SQL statements that reach PGlite (below the service's read memo, which wraps the instance). Every
// path ends in `execProtocolRaw`, one protocol message a call: PGlite's own `query` sends Parse, Describe,
// Bind, Execute and Sync, `exec` a simple Query, and the service's prepared reads a Bind and Execute
// (src/pass-service/db/pglite-reads.ts). A statement runs once per Bind or Query.
const RUNS = new Set(["B", "Q"].map((type) => type.charCodeAt(0)));
let queries = 0;
{
  let proto: object = PGlite.prototype;
  while (!Object.hasOwn(proto, "execProtocolRaw")) proto = Object.getPrototypeOf(proto);
  const target = proto as { execProtocolRaw: (message: Uint8Array, ...rest: unknown[]) => Promise<unknown> };
  const original = target.execProtocolRaw;
  target.execProtocolRaw = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
    if (RUNS.has(message[0] ?? 0)) queries++;
    return original.call(this, message, ...rest);
  };
}

const work = mkdtempSync(join(tmpdir(), "bench-service-reads-"));
const now = new Date();
const catalog = parseCatalog(largeCatalog(EVENTS, now));
const service = await startBenchService(work, createServiceLogger("error"));
try {
  await importCatalog(service.database.db, catalog, { now });
  const get = async (url: string, headers: Record<string, string>): Promise<unknown> => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const base = service.url;
  const paths = (await get(urlOf(base, "v2.staticPathsEvents", {}), {})) as { events: Entity[] };
  const groups = (await get(urlOf(base, "v2.staticPathsGroups", {}), {})) as { groups: Entity[] };
  const orgs = (await get(urlOf(base, "v2.staticPathsOrganizers", {}), {})) as { organizers: Entity[] };
  const entities: Record<BenchCall["kind"], Entity[]> = {
    event: spread(paths.events, SAMPLES),
    group: spread(groups.groups, SAMPLES),
    organizer: spread(orgs.organizers, SAMPLES),
    global: Array.from({ length: REPEATS }, () => ({})),
  };
  const modes: { name: string; headers: Record<string, string> }[] = [
    { name: "1 lang", headers: { "Accept-Language": "en" } },
    { name: `${LOCALES.length} langs`, headers: { "X-Languages": LOCALES.join(",") } },
  ];

  console.log(
    `service reads on ${EVENTS} events (${entities.event.length} events, ${entities.group.length} tours, ` +
      `${entities.organizer.length} organizers sampled; listings ×${REPEATS})\n`,
  );
  const header = ["call", ...modes.flatMap((m) => [`${m.name} mean ms`, "p95 ms", "cpu ms", "queries"])];
  const rows: string[][] = [header];
  const perEvent = modes.map(() => ({ ms: 0, cpu: 0, queries: 0 }));
  for (const call of BENCH_CALLS) {
    const row: string[] = [call.id];
    for (const [m, mode] of modes.entries()) {
      const urls = entities[call.kind].map((e) => urlOf(base, call.id, call.args(e)));
      await get(urls[0] ?? "", mode.headers); // warm up
      const times: number[] = [];
      const counts: number[] = [];
      const cpu: number[] = [];
      for (const url of urls) {
        const before = queries;
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await get(url, mode.headers);
        times.push(performance.now() - started);
        const used = process.cpuUsage(cpuBefore);
        cpu.push((used.user + used.system) / 1000);
        counts.push(queries - before);
      }
      row.push(mean(times).toFixed(1), p95(times).toFixed(1), mean(cpu).toFixed(1), mean(counts).toFixed(1));
      if (call.perEvent) {
        const sum = perEvent[m] ?? { ms: 0, cpu: 0, queries: 0 };
        sum.ms += mean(times);
        sum.cpu += mean(cpu);
        sum.queries += mean(counts);
      }
    }
    rows.push(row);
  }
  rows.push([
    "sum of an event's calls",
    ...perEvent.flatMap((s) => [s.ms.toFixed(1), "", s.cpu.toFixed(1), s.queries.toFixed(1)]),
  ]);
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  "),
    );
  }
} finally {
  await service.close();
  rmSync(work, { recursive: true, force: true });
}
