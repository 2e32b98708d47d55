/**
 * Benchmark of publishing on a large catalog, in one run: a pass service (PGlite in a temporary folder, in this
 * process) is loaded with `largeCatalog(BENCH_EVENTS)` (default 2000 events), then
 *   1. a full publish (`node scripts/rebuild.ts --full`: code, every page in four locales) into its own folder:
 *      pages, seconds, pages per second, peak memory of its whole process tree (until the release serves, and
 *      with the warm-up after), the phases it reports, the requests it made to the service, and the CPU time
 *      that the publisher (every process and thread) and this process (the service, and the sampling) spent
 *      until the release served, beside what the machine's cores had; seconds are without the LCP image
 *      warm-up the command then waits for, which is printed beside (variants, encoded, seconds);
 *   2. one event changed in the service (its name, through a catalog import) and republished
 *      (`node scripts/rebuild.ts`): seconds, pages rendered, and the ratio to the full publish;
 *   3. a bare Astro 7 build of the same number of trivial pages beside the full publish, and the ratio;
 *   4. the image endpoint of the storefront server on that site: latency of a cold and of a cached variant;
 *   5. per page type, the gzip size of the HTML and of the CSS and JS it references;
 *   6. per page type, what rendering a page costs: requests to the service, the renderer's CPU time with its
 *      fetches and without them (rendering alone), and the service's CPU time (support/page-costs.ts; a sample
 *      of BENCH_COST_ENTITIES entities per type, default 25, each in every locale).
 * Figures are printed, never asserted. Run: `npm run bench:build` (BENCH_EVENTS=200 for a quick run;
 * BENCH_KEEP=1 keeps the built site; BENCH_WORKERS sets the render workers).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PublishReport as Report } from "../../scripts/lib/publish/publish.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { createServiceLogger, type ServiceLogger } from "../../src/pass-service/logger.ts";
import { startStorefrontServer } from "../../src/server/server.ts";
import { largeCatalog } from "../support/large-catalog.ts";
import { bareAstroBuild } from "./support/bare-astro.ts";
import { startBenchService } from "./support/bench-service.ts";
import { measureImageLatency } from "./support/image-latency.ts";
import { measurePageCosts, printPageCosts } from "./support/page-costs.ts";
import { measurePages, printPageWeights } from "./support/page-weights.ts";
import { type MeasuredRun, runMeasured } from "./support/process-tree.ts";

const ROOT = join(import.meta.dirname, "../..");
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const KEEP = process.env.BENCH_KEEP === "1";
const COST_ENTITIES = Number(process.env.BENCH_COST_ENTITIES ?? 25);
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const rate = (pages: number, seconds: number): string => (pages / seconds).toFixed(0);

/** What a publish run reports (REBUILD_REPORT; scripts/lib/publish/publish.ts). */
type PublishReport = Pick<Report, "mode" | "reason" | "rendered" | "removed" | "timings" | "warm">;

/** Runs the publisher once; resolves with the measured run and its report. */
async function publish(
  env: Record<string, string>,
  args: string[],
): Promise<MeasuredRun & { report: PublishReport; serviceCpuSeconds: number }> {
  const reportFile = join(work, `report-${Date.now()}.json`);
  const serviceCpu = process.cpuUsage();
  let serviceCpuSeconds = 0;
  const run = await runMeasured(process.execPath, [join(ROOT, "scripts/rebuild.ts"), ...args], {
    cwd: ROOT,
    env: { ...env, REBUILD_REPORT: reportFile },
    // The publish's summary line: the release serves, the LCP image warm-up follows.
    until: /^publish: /m,
    onUntil() {
      const used = process.cpuUsage(serviceCpu);
      serviceCpuSeconds = (used.user + used.system) / 1e6;
    },
  });
  if (run.code !== 0) throw new Error(`rebuild ${args.join(" ")} failed:\n${run.output.slice(-4000)}`);
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as PublishReport;
  // The command waits for the LCP image warm-up after publishing: the publish's time is without it.
  return {
    ...run,
    seconds: run.seconds - (report.warm?.seconds ?? 0),
    report,
    serviceCpuSeconds,
  };
}

/** "84 variants (84 encoded, 0 already cached) in 7.9 s", after the publish, in the background. */
const warmLine = (report: PublishReport): string =>
  report.warm
    ? `${report.warm.variants} variants (${report.warm.encoded} encoded, ${report.warm.cached} already cached, ${report.warm.failed} failed) in ${report.warm.seconds.toFixed(1)} s`
    : "none";

/** HTML files of the served release. */
function htmlPages(clientDir: string): number {
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"))
    .length;
}

/** "lists 0.40 s · code 6.10 s · link 0.00 s · render 30.20 s · publish 0.80 s" */
const phasesLine = ({ total: _, ...phases }: PublishReport["timings"]): string =>
  Object.entries(phases)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`)
    .join(" · ");

// The catalog and the service.
const now = new Date();
const input = largeCatalog(EVENTS, now);
const work = mkdtempSync(join(tmpdir(), "vstupio-bench-build-"));
const outDir = join(ROOT, ".cache", `bench-build-${process.pid}`, "dist");
/** Calls of the service's API while counting, and the other requests (the LCP warm-up's source images). */
const requests = { count: 0, other: 0, counting: false };
const quiet = createServiceLogger("warn");
const logger: ServiceLogger = {
  ...quiet,
  info(message, fields) {
    if (message !== "request" || !requests.counting) return;
    if (String(fields?.path ?? "").startsWith("/api/")) requests.count++;
    else requests.other++;
  },
};
const service = await startBenchService(work, logger);
const env: Record<string, string> = {
  PASS_API_URL: service.url,
  TICKETS_API_URL: service.url,
  OUT_DIR: outDir,
  REBUILD_INTERVAL: "0",
  ...(process.env.BENCH_WORKERS ? { PUBLISH_WORKERS: process.env.BENCH_WORKERS } : {}),
};
let server: { close(): Promise<void> } | undefined;
try {
  const summary = await importCatalog(service.database.db, parseCatalog(input), { now });
  console.log(
    `catalog: ${summary.events} events, ${summary.organizers} organizers, ${summary.eventGroups} tours`,
  );

  // 1. Full publish.
  requests.counting = true;
  const full = await publish(env, ["--full"]);
  requests.counting = false;
  const clientDir = join(outDir, "current", "client");
  const pages = htmlPages(clientDir);
  console.log(
    `\nfull publish of ${EVENTS} events\n` +
      `  pages (HTML files)        ${pages}\n` +
      `  time                      ${full.seconds.toFixed(1)} s\n` +
      `  pages per second          ${rate(pages, full.seconds)}\n` +
      `  peak memory (RSS, tree)   ${mb(full.peakRssUntil)} MB (${mb(full.peakRss)} MB with the warm-up after)\n` +
      `  requests to the service   ${requests.count} API calls (${(requests.count / EVENTS).toFixed(1)} per event), ${requests.other} other (the warm-up's source images)\n` +
      `  CPU                       ${full.cpuSecondsUntil.toFixed(1)} s the publisher's, ${full.serviceCpuSeconds.toFixed(1)} s this process's, the service's (${availableParallelism()} cores × ${full.seconds.toFixed(1)} s: ${(availableParallelism() * full.seconds).toFixed(0)} s)\n` +
      `  phases                    ${phasesLine(full.report.timings)}\n` +
      `  LCP image warm-up (after) ${warmLine(full.report)}`,
  );

  // 2. One event changed and republished, right after the full publish: files a bare build had written just
  // before (16,600 of them) slowed a republish two- to threefold, its link of the current release most.
  const changed = structuredClone(input);
  const events = changed.events ?? [];
  const event = events[Math.floor(events.length / 2)];
  if (!event) throw new Error("the catalog has no events");
  const { cs, en, de, sk } = event.name;
  event.name = {
    cs: `${cs} (nový termín)`,
    en: `${en} (new date)`,
    de: `${de} (neuer Termin)`,
    sk: `${sk} (nový termín)`,
  };
  await importCatalog(service.database.db, parseCatalog(changed), { now });
  const one = await publish(env, []);
  console.log(
    `\nrepublish of one changed event\n` +
      `  time                      ${one.seconds.toFixed(2)} s, ${one.report.rendered} pages rendered, ${one.report.removed} removed (${one.report.mode}: ${one.report.reason})\n` +
      `  phases                    ${phasesLine(one.report.timings)}\n` +
      `  LCP image warm-up (after) ${warmLine(one.report)}\n` +
      `  full publish / republish  ${(full.seconds / one.seconds).toFixed(1)}×  (target ≥ 10×)`,
  );

  // 3. A bare Astro build of as many trivial pages.
  const bare = await bareAstroBuild(ROOT, pages);
  console.log(
    `\nbare Astro 7, ${pages} trivial pages\n` +
      `  time                      ${bare.seconds.toFixed(1)} s (${rate(pages, bare.seconds)} pages/s, ${mb(bare.peakRss)} MB)\n` +
      `  our full publish          ${((bare.seconds / full.seconds) * 100).toFixed(0)} % of its speed`,
  );

  // 4. The image endpoint.
  const running = await startStorefrontServer({
    distDir: outDir,
    host: "127.0.0.1",
    port: 0,
    passApiUrl: service.url,
    serviceUrls: [service.url],
    imageCacheDir: join(work, "image-cache"),
    logger: createLogger("storefront", { stage: "development" }),
  });
  server = running;
  const eventPage = readdirSync(join(clientDir, "event"), { recursive: true, encoding: "utf8" }).find((f) =>
    /^[^/]+\/[^/]+\/index\.html$/.test(f),
  );
  const html = eventPage ? readFileSync(join(clientDir, "event", eventPage), "utf8") : "";
  const image = /\bsrcset="([^" ,]+)/.exec(html)?.[1];
  if (image) {
    const latency = await measureImageLatency(running.url, image);
    console.log(
      `\nimage endpoint (${image.slice(0, 60)}…)\n` +
        `  cold variant              ${latency.coldMs.toFixed(1)} ms\n` +
        `  cached variant (median)   ${latency.cachedMs.toFixed(1)} ms`,
    );
  } else {
    console.log("\nimage endpoint: no responsive image on an event page");
  }

  // 5. Page weights.
  console.log("");
  printPageWeights(measurePages(clientDir).stats);

  // 6. The cost of each page type.
  console.log(
    `\ncost per page type (${COST_ENTITIES} entities each in every locale, one page at a time, by a worker of its own)`,
  );
  requests.counting = true;
  const costs = await measurePageCosts({
    release: realpathSync(join(outDir, "current")),
    env: { PASS_API_URL: service.url, TICKETS_API_URL: service.url },
    entities: COST_ENTITIES,
    requests: () => requests.count,
  });
  requests.counting = false;
  printPageCosts(costs);
} finally {
  await server?.close();
  await service.close();
  rmSync(work, { recursive: true, force: true });
  if (!KEEP && existsSync(outDir)) rmSync(dirname(outDir), { recursive: true, force: true });
}
