/**
 * Benchmark of the catalog calls a build makes most: the static-path lists and event-by-slugs, on PGlite and
 * on a PostgreSQL server. The service runs in its own process (as in production); autocannon loads it over
 * loopback. Prints requests per second and latency percentiles. Run: `npm run bench:catalog`
 * (BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createTestDatabase, startTestPostgres } from "../support/postgres.ts";

const ROOT = join(import.meta.dirname, "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** Starts `npm run pass -- serve` in a child process and waits for /health. */
async function startService(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [join(ROOT, "scripts/pass.ts"), "serve"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PASS_PORT: String(port), LOG_LEVEL: "error", CHECK_RESPONSES: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("the service did not start");
}

/** Loads one URL and prints its figures. */
async function load(label: string, url: string): Promise<void> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-language": "en" },
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `${label.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
      `errors ${errors}`,
  );
}

/** Runs the load on one database engine. */
async function bench(engine: string, env: Record<string, string>): Promise<void> {
  const { url, child } = await startService(env);
  try {
    const list = (await (await fetch(`${url}/api/v2/static-paths/events`)).json()) as {
      events: { organizerSlug: string; eventSlug: string }[];
    };
    const first = list.events[0];
    if (!first) throw new Error("the catalog has no events");
    console.log(
      `\n${engine}: ${list.events.length} events, ${connections} connections, ${seconds} s per call`,
    );
    await load("GET v2/static-paths/events", `${url}/api/v2/static-paths/events`);
    await load("GET v2/static-paths/groups", `${url}/api/v2/static-paths/groups`);
    await load("GET v2/static-paths/organizers", `${url}/api/v2/static-paths/organizers`);
    await load(
      "GET event-by-slugs",
      `${url}/api/event-by-slugs?organizerSlug=${first.organizerSlug}&eventSlug=${first.eventSlug}`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const pgliteDir = mkdtempSync(join(tmpdir(), "vstupio-bench-"));
try {
  await bench("PGlite", { PGLITE_DIR: join(pgliteDir, "db") });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}
const pg = await startTestPostgres();
if (pg) {
  try {
    await bench("PostgreSQL", { DATABASE_URL: await createTestDatabase(pg.adminUrl, "bench_catalog") });
  } finally {
    await pg.stop();
  }
} else {
  console.log("\nPostgreSQL: not installed here (apt-get install -y postgresql), skipped");
}
