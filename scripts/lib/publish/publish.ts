/**
 * One publisher run for the site of this process (SITE_HOST, DIST): reads the static-path lists, works out
 * which pages changed since the current release (publish-manifest.json), and publishes a new release
 * atomically. A full run (no release yet, code or build inputs changed, or forced) bundles the code with
 * `astro build` while the lists are read, and renders every page; an incremental run links the current
 * release's files into a new one while it renders only the changed pages, and deletes the removed ones.
 * Nothing changed: no new release. A failed run publishes nothing (the current release keeps serving). Each
 * run logs one summary, and writes it as JSON to REBUILD_REPORT when set.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite, DIST, imageCacheDir, siteIsStale } from "../site.ts";
import { assetFiles, keepAssets } from "./assets.ts";
import { type Linker, startLinker } from "./link.ts";
import {
  describeChanges,
  type EntityDigests,
  entityDigests,
  type PageSpec,
  pageList,
  type SiteLists,
} from "./pages.ts";
import {
  currentRelease,
  install,
  lock,
  newReleaseId,
  prunable,
  replaceFile,
  stagingDir,
  switchCurrent,
  unlock,
} from "./release.ts";
import { renderPages } from "./render.ts";
import { type WarmReport, warmLcpImages } from "./warm.ts";
import { runWorker } from "./workers.ts";

/** The manifest of a release: the entities and pages it was published from, and the assets it keeps. */
interface Manifest {
  publishedAt: string;
  entities: EntityDigests;
  pages: Record<string, { file: string; inputs: string }>;
  /** Its `_astro/` files by build, its own build's first (assets.ts; missing in releases made before). */
  assets?: string[][];
}

const MANIFEST = "publish-manifest.json";

/** Options of a run. */
export interface PublishOptions {
  /** Environment of the build and the renders (PASS_API_URL, TICKETS_API_URL). */
  env: Record<string, string>;
  /** What the code is built from besides the sources (decides full runs; see siteIsStale). */
  inputs: Record<string, string>;
  /** Force a full run. */
  full?: boolean;
  /** Render workers (default: PUBLISH_WORKERS, else the available parallelism). */
  workers?: number;
  /** Where the summary goes (default: console.log). */
  log?: (line: string) => void;
  /** Warm the LCP images of the pages rendered, in the background (default true; see {@link warmingDone}). */
  warm?: boolean;
}

/** What a run did. */
export interface PublishReport {
  mode: "full" | "incremental" | "nothing" | "failed";
  /** Why (e.g. "code changed", "1 event changed: org/slug"). */
  reason: string;
  /** The release published (full and incremental runs). */
  release?: string;
  pages: number;
  rendered: number;
  removed: number;
  /**
   * Seconds per phase: the lists, the code (`astro build`, full runs), linking the current release's files
   * into the new one (incremental runs), rendering, and switching to the new release. An incremental run
   * links most of the files while its pages render, so those two overlap.
   */
  timings: { lists: number; code: number; link: number; render: number; publish: number; total: number };
  error?: string;
  /**
   * Why old releases could not be deleted after the switch (the new release serves all the same; the next
   * run tries again).
   */
  pruneError?: string;
  /** The LCP image warm-up after the release was published (set when it ended; see {@link warmingDone}). */
  warm?: WarmReport;
}

/** Warm-ups still running. */
const warming = new Set<Promise<void>>();

/** Resolves when every LCP warm-up started by this process's runs has ended (e.g. before a one-off run exits). */
export async function warmingDone(): Promise<void> {
  while (warming.size > 0) await Promise.all(warming);
}

/** The line a warm-up logs. */
export function warmLine(warm: WarmReport): string {
  const failed = warm.failed > 0 ? `, ${warm.failed} failed` : "";
  return `warm-up: ${warm.variants} LCP image variants (${warm.encoded} encoded, ${warm.cached} already cached${failed}) in ${warm.seconds.toFixed(2)} s`;
}

/** Starts warming the LCP images of the rendered pages of a published release in the background. */
function startWarming(opts: PublishOptions, report: PublishReport, release: string, files: string[]): void {
  const passApiUrl = opts.env.PASS_API_URL;
  if (opts.warm === false || !passApiUrl || files.length === 0) return;
  const log = opts.log ?? console.log;
  const run = warmLcpImages({
    clientDir: join(release, "client"),
    files,
    passApiUrl,
    cacheDir: imageCacheDir(),
  })
    .then((warm) => {
      report.warm = warm;
      log(warmLine(warm));
      writeReport(report);
    })
    .finally(() => warming.delete(run));
  warming.add(run);
}

/**
 * Bundles the code into the staging release (`astro build`) and records the time in `timings.code`; resolves
 * with the release's asset lists: those of this build, and of the last builds, whose files stay for pages
 * already open in browsers.
 */
async function buildCode(
  opts: PublishOptions,
  staging: string,
  current: string | undefined,
  before: Manifest | undefined,
  timings: PublishReport["timings"],
): Promise<string[][]> {
  const t = performance.now();
  await buildSite(opts.env, opts.inputs, staging);
  const built = join(staging, "client", "_astro");
  const assets = current
    ? keepAssets({ from: join(current, "client", "_astro"), to: built, previous: before?.assets })
    : [assetFiles(built)];
  timings.code = (performance.now() - t) / 1000;
  return assets;
}

function readManifest(release: string | undefined): Manifest | undefined {
  if (!release) return undefined;
  try {
    return JSON.parse(readFileSync(join(release, MANIFEST), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** Why the run must be full, or undefined when an incremental one will do. */
function fullReason(opts: PublishOptions, current: string | undefined, manifest: Manifest | undefined) {
  if (!current || !manifest) return "no release yet";
  if (opts.full) return "full run asked for";
  if (siteIsStale(opts.inputs, current)) return "code changed";
  return undefined;
}

/** The one-line summary of a run. */
export function summaryLine(report: PublishReport): string {
  const t = report.timings;
  const phases = `lists ${t.lists.toFixed(2)} s, code ${t.code.toFixed(2)} s, link ${t.link.toFixed(2)} s, render ${t.render.toFixed(2)} s, publish ${t.publish.toFixed(2)} s`;
  const pages = `${report.rendered} pages rendered, ${report.removed} removed (${report.pages} in the site)`;
  if (report.mode === "failed")
    return `publish failed (${report.reason}): ${report.error}; the current release keeps serving`;
  if (report.mode === "nothing") return `publish: nothing changed (${phases})`;
  const rate = t.render > 0 ? `, ${(report.rendered / t.render).toFixed(0)} pages/s` : "";
  const pruned = report.pruneError ? `; old releases not deleted (${report.pruneError})` : "";
  return `publish: ${report.mode} (${report.reason}): ${pages}${rate}; ${phases}; total ${t.total.toFixed(2)} s${pruned}`;
}

/**
 * Runs the publisher once; never throws (a failure is a report with mode "failed"). While another process
 * publishes the same site folder, the run does nothing.
 */
export async function publish(opts: PublishOptions): Promise<PublishReport> {
  const log = opts.log ?? console.log;
  if (!lock(DIST)) {
    const timings = { lists: 0, code: 0, link: 0, render: 0, publish: 0, total: 0 };
    const busy = {
      mode: "nothing",
      reason: "another run is publishing",
      pages: 0,
      rendered: 0,
      removed: 0,
      timings,
    } as const;
    log(`publish: skipped (${busy.reason})`);
    return { ...busy };
  }
  try {
    return await publishLocked(opts, log);
  } finally {
    unlock(DIST);
  }
}

async function publishLocked(opts: PublishOptions, log: (line: string) => void): Promise<PublishReport> {
  const started = performance.now();
  const since = (from: number): number => (performance.now() - from) / 1000;
  const timings = { lists: 0, code: 0, link: 0, render: 0, publish: 0, total: 0 };
  const report: PublishReport = { mode: "nothing", reason: "", pages: 0, rendered: 0, removed: 0, timings };
  const id = newReleaseId();
  const staging = stagingDir(DIST, id);
  let linker: Linker | undefined;
  try {
    const current = currentRelease(DIST);
    const before = readManifest(current);
    const full = fullReason(opts, current, before);
    if (full) {
      report.mode = "full";
      report.reason = full;
    }
    const listsFrom = performance.now();
    const reading = runWorker<SiteLists>(new URL("./lists-worker.ts", import.meta.url), {}, opts.env).then(
      (read) => {
        timings.lists = since(listsFrom);
        return read;
      },
    );
    // A full run bundles the code while the lists are read (the two take different cores).
    const building = full ? buildCode(opts, staging, current, before, timings) : undefined;
    const [listed, built] = await Promise.allSettled([reading, building]);
    if (listed.status === "rejected") throw listed.reason;
    if (built.status === "rejected") throw built.reason;
    const lists = listed.value;
    const pages = pageList(lists);
    const entities = entityDigests(lists);
    report.pages = pages.length;
    let toRender: PageSpec[] = pages;
    let removed: string[] = [];
    /** The new release's `_astro/` files by build: an incremental run keeps the current release's. */
    const assets = built.value ?? before?.assets;
    /** Links the rest of the current release while the pages render (incremental runs). */
    let linkRest: (() => Promise<void>) | undefined;
    if (!full && current && before) {
      const known = new Set(pages.map((p) => p.path));
      toRender = pages.filter((p) => before.pages[p.path]?.inputs !== p.inputs);
      removed = Object.keys(before.pages).filter((path) => !known.has(path));
      if (toRender.length === 0 && removed.length === 0) {
        report.reason = "no page changed";
        timings.total = since(started);
        return finish(report, log);
      }
      report.mode = "incremental";
      report.reason = describeChanges(before.entities, entities) || "listings changed";
      // What rendering reads (the code in server/, the scripts and styles in client/_astro/) is linked first;
      // the current release's pages, most of its files, are linked while the changed ones render.
      const linkFrom = performance.now();
      const client = join(staging, "client");
      const links = startLinker();
      linker = links;
      await links.link({
        links: [
          { from: current, to: staging, skip: "client" },
          { from: join(current, "client", "_astro"), to: join(client, "_astro") },
        ],
      });
      timings.link = since(linkFrom);
      const files = removed.flatMap((path) => {
        const file = before.pages[path]?.file;
        return file ? [join(client, file)] : [];
      });
      linkRest = async () => {
        const from = performance.now();
        await links.link({
          links: [{ from: join(current, "client"), to: client }],
          remove: { root: client, files },
        });
        timings.link += since(from);
      };
    }

    let t = performance.now();
    const publishing = { now: Date.now() };
    const renderOpts = { release: staging, host: "localhost", pages: toRender, publishing, env: opts.env };
    const rendering = renderPages(opts.workers ? { ...renderOpts, workers: opts.workers } : renderOpts);
    try {
      // The render workers have their pages; the link worker links meanwhile.
      await linkRest?.();
    } catch (error) {
      await rendering.catch(() => {});
      throw error;
    }
    report.rendered = await rendering;
    report.removed = removed.length;
    timings.render = since(t);

    t = performance.now();
    const manifest: Manifest = {
      publishedAt: new Date(publishing.now).toISOString(),
      entities,
      pages: Object.fromEntries(pages.map((p) => [p.path, { file: p.file, inputs: p.inputs }])),
      ...(assets ? { assets } : {}),
    };
    replaceFile(join(staging, MANIFEST), `${JSON.stringify(manifest)}\n`);
    const release = install(DIST, staging, id);
    switchCurrent(DIST, release);
    report.release = release;
    // Published: from here on nothing fails the run.
    const old = prunable(DIST);
    if (old.length > 0) {
      linker ??= startLinker();
      await linker.link({ trees: old }).catch((error: unknown) => {
        report.pruneError = error instanceof Error ? error.message : String(error);
      });
    }
    timings.publish = since(t);
    startWarming(
      opts,
      report,
      release,
      toRender.map((p) => p.file),
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    report.mode = "failed";
    report.reason ||= "before any page";
    report.error = error instanceof Error ? error.message : String(error);
  } finally {
    await linker?.stop();
  }
  timings.total = since(started);
  return finish(report, log);
}

function finish(report: PublishReport, log: (line: string) => void): PublishReport {
  log(summaryLine(report));
  writeReport(report);
  return report;
}

/** Writes the report to REBUILD_REPORT when set (again when its warm-up ends). */
function writeReport(report: PublishReport): void {
  const file = process.env.REBUILD_REPORT;
  if (file) writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
