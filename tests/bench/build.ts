/**
 * Benchmark of a full publish on a large catalog: a pass service (PGlite in a temporary folder, in this
 * process) is loaded with `largeCatalog(BENCH_EVENTS)` (default 2000 events), then `npm run build` (the
 * publisher: `astro build` for the code, then every page rendered through the server build) runs in a child
 * process into its own OUT_DIR. Prints the pages built, build seconds, pages per second, the build's peak
 * memory (`/usr/bin/time -v` when present, else `ps` samples every 200 ms), the requests the build made to the
 * service, the publisher's phases (lists, code, render, publish; from its REBUILD_REPORT), and per page type
 * the gzip size of the HTML and of the CSS and JS it references (average and max). Then one event is changed
 * in the service and `npm run rebuild` republishes it: its time and its ratio to the full build.
 * Run: `node tests/bench/build.ts` (BENCH_EVENTS=200 for a quick run, BENCH_KEEP=1 keeps the built site).
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import type { PublishReport } from "../../scripts/lib/publish/publish.ts";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { createServiceLogger, type ServiceLogger } from "../../src/pass-service/logger.ts";
import { startPassService } from "../../src/pass-service/server.ts";
import { tagsOf } from "../e2e/support/html.ts";
import { pageTypeOf } from "../e2e/support/site.ts";
import { largeCatalog } from "../support/large-catalog.ts";

const ROOT = join(import.meta.dirname, "../..");
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const KEEP = process.env.BENCH_KEEP === "1";
const TYPES = ["index", "organizer", "tour", "event", "cart", "404"] as const;
type BenchType = (typeof TYPES)[number];

const seconds = (from: number): number => (performance.now() - from) / 1000;
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Files under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
}

/** Runs a script (build, rebuild) as a child process; resolves with its exit code, wall time and peak RSS in bytes. */
async function runBuild(
  script: string,
  env: Record<string, string>,
  logFile: string,
): Promise<{ code: number | null; wallSeconds: number; peakRss: number; output: string }> {
  const astro = [join(ROOT, "scripts", script)];
  const timed = existsSync("/usr/bin/time");
  const [command, args] = timed
    ? ["/usr/bin/time", ["-v", process.execPath, ...astro]]
    : [process.execPath, astro];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(logFile);
  // Astro lists every page it writes: keep its other lines (phases, timings, errors) and GNU time's report.
  let output = "";
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output += chunk
      .toString()
      .split("\n")
      .filter((line) => !/[├└]─/.test(line))
      .join("\n");
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  // Without GNU time: sample the child's resident set size.
  let sampled = 0;
  const sampler = timed
    ? undefined
    : setInterval(() => {
        const ps = spawn("ps", ["-o", "rss=", "-p", String(child.pid)]);
        let text = "";
        ps.stdout.on("data", (d: Buffer) => {
          text += d.toString();
        });
        ps.on("exit", () => {
          sampled = Math.max(sampled, Number(text.trim()) * 1024 || 0);
        });
      }, 200);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const wallSeconds = seconds(started);
  if (sampler) clearInterval(sampler);
  await new Promise<void>((resolve) => log.end(resolve));
  const reported = /Maximum resident set size \(kbytes\): (\d+)/.exec(output);
  const peakRss = reported ? Number(reported[1]) * 1024 : sampled;
  return { code, wallSeconds, peakRss, output };
}

/** The publisher's report of its last run (REBUILD_REPORT). */
function readReport(file: string): PublishReport {
  return JSON.parse(readFileSync(file, "utf8")) as PublishReport;
}

/** Gzip size of built files (cached), and the JS a module pulls in through static imports. */
function assetSizer(clientDir: string) {
  const gz = new Map<string, number>();
  const imports = new Map<string, string[]>();
  const gzipOf = (path: string): number => {
    let size = gz.get(path);
    if (size === undefined) {
      const file = join(clientDir, path);
      size = existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
      gz.set(path, size);
    }
    return size;
  };
  const staticImports = (path: string): string[] => {
    let list = imports.get(path);
    if (!list) {
      const file = join(clientDir, path);
      const code = existsSync(file) ? readFileSync(file, "utf8") : "";
      list = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.m?js)["']/g)].map(
        (m) => new URL(m[1] ?? "", `http://x${path}`).pathname,
      );
      imports.set(path, list);
    }
    return list;
  };
  /** Total gzip bytes of the modules and everything they import statically. */
  const jsClosure = (entries: string[]): number => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const next of staticImports(path)) visit(next);
    };
    for (const entry of entries) visit(entry);
    return [...seen].reduce((sum, path) => sum + gzipOf(path), 0);
  };
  return { gzipOf, jsClosure };
}

/** Per page type: count and gzip bytes of HTML, CSS and JS (sum and max). */
function measurePages(clientDir: string) {
  const sizer = assetSizer(clientDir);
  const stats = new Map<BenchType, { pages: number; html: number[]; css: number[]; js: number[] }>();
  const local = (href: string | undefined): string | undefined => {
    if (!href) return undefined;
    const url = new URL(href, "http://site/");
    return url.host === "site" ? url.pathname : undefined;
  };
  let total = 0;
  for (const file of filesUnder(clientDir).filter((f) => f.endsWith(".html"))) {
    total++;
    const path = `/${file.replaceAll("\\", "/")}`;
    const type: BenchType | undefined = /(^|\/)404(\/index)?\.html$/.test(path)
      ? "404"
      : pageTypeOf(path.replace(/index\.html$/, ""));
    if (!type) continue;
    const html = readFileSync(join(clientDir, file));
    const tags = tagsOf(html.toString("utf8"), ["link", "script", "astro-island"]);
    const css = tags
      .filter((t) => t.name === "link" && /\bstylesheet\b/.test(t.attrs.rel ?? ""))
      .map((t) => local(t.attrs.href))
      .filter((p): p is string => !!p);
    const js = tags
      .flatMap((t) =>
        t.name === "script"
          ? [t.attrs.src]
          : t.name === "link" && /\bmodulepreload\b/.test(t.attrs.rel ?? "")
            ? [t.attrs.href]
            : t.name === "astro-island"
              ? [t.attrs["component-url"], t.attrs["renderer-url"]]
              : [],
      )
      .map(local)
      .filter((p): p is string => !!p);
    const entry = stats.get(type) ?? { pages: 0, html: [], css: [], js: [] };
    entry.pages++;
    entry.html.push(gzipSync(html).length);
    entry.css.push([...new Set(css)].reduce((sum, p) => sum + sizer.gzipOf(p), 0));
    entry.js.push(sizer.jsClosure([...new Set(js)]));
    stats.set(type, entry);
  }
  return { total, stats };
}

// 1. The catalog and the service.
const now = new Date();
let t = performance.now();
const catalog = parseCatalog(largeCatalog(EVENTS, now));
const generated = seconds(t);
const work = mkdtempSync(join(tmpdir(), "vstupio-bench-build-"));
const outDir = join(ROOT, ".cache", `bench-build-${process.pid}`, "dist");
const quiet = createServiceLogger("warn");
const requests = { count: 0, paths: new Set<string>(), counting: false };
const logger: ServiceLogger = {
  ...quiet,
  info(message, fields) {
    if (message === "request" && requests.counting) {
      requests.count++;
      requests.paths.add(`${fields?.method} ${fields?.path}`);
    }
  },
};
const service = await startPassService({
  port: 0,
  host: "127.0.0.1",
  dataDir: join(work, "pglite"),
  databaseUrl: "", // PGlite in the temporary folder, whatever DATABASE_URL says
  seed: false,
  logger,
  settings: { checkResponses: false },
});
const astroCache = join(ROOT, "node_modules/.astro/assets");
const cachedBefore = new Set(filesUnder(astroCache));
try {
  t = performance.now();
  const summary = await importCatalog(service.database.db, catalog, { now });
  const imported = seconds(t);
  console.log(
    `catalog: ${summary.events} events, ${summary.organizers} organizers, ${summary.eventGroups} tours, ` +
      `${summary.ticketTypes} ticket types, ${summary.images} images — generated in ${generated.toFixed(1)} s, ` +
      `imported in ${imported.toFixed(1)} s`,
  );

  // 2. The build.
  const logFile = join(work, "build.log");
  const reportFile = join(work, "report.json");
  console.log(`building into ${relative(ROOT, outDir)} (log: ${logFile}) …`);
  requests.counting = true;
  const env = {
    PASS_API_URL: service.url,
    TICKETS_API_URL: service.url,
    OUT_DIR: relative(ROOT, outDir),
    REBUILD_REPORT: reportFile,
  };
  const build = await runBuild("build.ts", env, logFile);
  requests.counting = false;
  if (build.code !== 0) {
    console.error(build.output.slice(-5000));
    throw new Error(`the build exited with code ${build.code}`);
  }
  const phases = readReport(reportFile).timings;

  // 3. What was built.
  const clientDir = join(outDir, "current", "client");
  const { total, stats } = measurePages(clientDir);
  const images = filesUnder(join(clientDir, "_astro")).filter((f) => /\.(webp|avif|png|jpe?g|svg)$/.test(f));
  const pct = (part: number) => `${part.toFixed(1)} s (${Math.round((part / build.wallSeconds) * 100)} %)`;
  console.log(
    `\nbuild of ${EVENTS} events\n` +
      `  pages (HTML files)        ${total}\n` +
      `  build time                ${build.wallSeconds.toFixed(1)} s\n` +
      `  pages per second          ${(total / build.wallSeconds).toFixed(1)}\n` +
      `  peak memory (RSS)         ${mb(build.peakRss)} MB\n` +
      `  requests to the service   ${requests.count} (${requests.paths.size} distinct paths; the log has no query)\n` +
      `  lists                     ${pct(phases.lists)}\n` +
      `  code (astro build)        ${pct(phases.code)}, ${images.length} image files written\n` +
      `  render                    ${pct(phases.render)} (${(total / Math.max(phases.render, 0.001)).toFixed(0)} pages/s)\n` +
      `  publish                   ${pct(phases.publish)}\n`,
  );
  const avg = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);
  const max = (list: number[]) => (list.length ? Math.max(...list) : 0);
  console.log("  gzip KB per page          pages    HTML avg/max      CSS avg/max       JS avg/max");
  for (const type of TYPES) {
    const s = stats.get(type);
    if (!s) {
      console.log(`  ${type.padEnd(24)}  ${"0".padStart(5)}    (none built)`);
      continue;
    }
    const col = (list: number[]) => `${kb(avg(list)).padStart(6)} / ${kb(max(list)).padEnd(7)}`;
    console.log(
      `  ${type.padEnd(24)}  ${String(s.pages).padStart(5)}  ${col(s.html)}  ${col(s.css)}  ${col(s.js)}`,
    );
  }

  // 4. One changed event, republished.
  const changed = catalog.events[Math.floor(catalog.events.length / 2)];
  if (changed) {
    changed.name = { ...changed.name, cs: `${changed.name.cs} (změna)`, en: `${changed.name.en} (changed)` };
    await importCatalog(service.database.db, catalog, { now: new Date() });
    const rebuild = await runBuild("rebuild.ts", env, join(work, "rebuild.log"));
    if (rebuild.code !== 0) throw new Error(`the rebuild exited with code ${rebuild.code}`);
    const report = readReport(reportFile);
    console.log(
      `\nrepublishing one changed event\n` +
        `  mode                      ${report.mode} (${report.reason})\n` +
        `  pages rendered            ${report.rendered} of ${report.pages}\n` +
        `  time                      ${rebuild.wallSeconds.toFixed(1)} s (run ${report.timings.total.toFixed(1)} s)\n` +
        `  full build / republish    ${(build.wallSeconds / rebuild.wallSeconds).toFixed(1)}×\n`,
    );
  }
} finally {
  await service.close();
  rmSync(work, { recursive: true, force: true });
  if (!KEEP) rmSync(dirname(outDir), { recursive: true, force: true });
  // Images Astro cached for this throwaway service (its URL is never used again).
  for (const file of filesUnder(astroCache)) {
    if (!cachedBefore.has(file)) rmSync(join(astroCache, file), { force: true, recursive: true });
  }
}
