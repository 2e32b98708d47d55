/**
 * Renders pages into a release with a pool of worker threads (PUBLISH_WORKERS, default: the machine's
 * available parallelism), each rendering PUBLISH_CONCURRENCY pages at once (`CONCURRENCY`). The pages are
 * split into shares of at most SHARE_PAGES, smaller towards the end (`shareOut`); each worker takes share
 * after share until none is left, so workers finish together. Pages of one group (an event's pages in every
 * locale) stay in one share, so each entity is fetched once per run. A worker lives for the whole run: its
 * loaded build and compiled code serve every share it takes, and its pass client keeps at most `MEMO_MAX`
 * answers (src/client/http.ts), so its memory stays flat however large the catalog. With a new worker for each
 * share, which loaded and compiled the build again, a full publish of 2,000 events took 91–99 s to render
 * against 80–89 s, and 112–120 s of the publisher's CPU against 95–104 s.
 */
import { availableParallelism } from "node:os";
import type { Publishing } from "../../../src/client/site.ts";
import type { PageSpec } from "./pages.ts";
import type { RenderResult, RenderSetup, RenderShare } from "./render-worker.ts";
import { startWorker } from "./workers.ts";

/** Worker threads a run uses: PUBLISH_WORKERS, else one per available core. */
export function workerCount(): number {
  const configured = Number(process.env.PUBLISH_WORKERS);
  return Number.isInteger(configured) && configured > 0 ? configured : availableParallelism();
}

/**
 * Pages a worker renders at once unless PUBLISH_CONCURRENCY says otherwise. A page waits mostly on the pass
 * service; with more at once, a worker has a page to render more often while others wait. Full publishes of
 * 2,000 events on 2 cores, runs alternated: 8 at once took 52.4–64.5 s (mean 58.0, five runs) against 55.9–65.9 s
 * (61.1) with 4; 16 at once 54.4–55.7 s (55.3, three runs) against 55.5–64.8 s (60.5) with 8; 32 at once
 * 56.0–66.0 s (60.2) against 60.7–64.1 s (61.9) with 16, no clear gain. The peak fell from about 860 MB (4) to
 * 771–804 MB (16). On 500 events, 2 at once was slower than 4.
 */
const CONCURRENCY = 16;

/** Pages a worker renders at once: PUBLISH_CONCURRENCY, else `CONCURRENCY`. */
function concurrency(): number {
  const configured = Number(process.env.PUBLISH_CONCURRENCY);
  return Number.isInteger(configured) && configured > 0 ? configured : CONCURRENCY;
}

/** Pages of a share at most: a worker's pass client keeps its answers (`MEMO_MAX`) for about that many. */
const SHARE_PAGES = 500;
/** Pages of a share at least (about five events in every locale): each share costs a message each way. */
const MIN_SHARE_PAGES = 40;

/**
 * Splits pages into shares for `workers` workers that take share after share: each group whole (largest
 * groups first, the rest in their order), each share about half an even split of the pages left among the
 * workers (`max` at most, `MIN_SHARE_PAGES` at least), so the shares get smaller towards the end and the
 * workers finish together. With shares of one size, one worker rendered its last share alone: 1.9 s of a
 * 50 s render phase of 2,000 events.
 */
export function shareOut(pages: readonly PageSpec[], workers: number, max = SHARE_PAGES): PageSpec[][] {
  const groups = new Map<string, PageSpec[]>();
  for (const page of pages) {
    const group = groups.get(page.group) ?? [];
    group.push(page);
    groups.set(page.group, group);
  }
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length);
  const targetFor = (left: number): number =>
    Math.min(max, Math.max(MIN_SHARE_PAGES, Math.ceil(left / (2 * Math.max(1, workers)))));
  const shares: PageSpec[][] = [];
  let left = pages.length;
  let share: PageSpec[] = [];
  let target = targetFor(left);
  for (const group of ordered) {
    if (share.length > 0 && share.length + group.length > target) {
      shares.push(share);
      share = [];
      target = targetFor(left);
    }
    share.push(...group);
    left -= group.length;
  }
  if (share.length > 0) shares.push(share);
  return shares;
}

/** Renders the pages into the release; rejects with the first page that failed. */
export async function renderPages(opts: {
  release: string;
  host: string;
  pages: readonly PageSpec[];
  publishing: Publishing;
  env: Record<string, string | undefined>;
  workers?: number;
}): Promise<number> {
  const workers = opts.workers ?? workerCount();
  const shares = shareOut(opts.pages, workers);
  const setup: RenderSetup = {
    release: opts.release,
    host: opts.host,
    publishing: opts.publishing,
    concurrency: concurrency(),
  };
  const results: RenderResult[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    const worker = startWorker<RenderShare, RenderResult>(
      new URL("./render-worker.ts", import.meta.url),
      setup,
      opts.env,
    );
    try {
      for (let share = shares[next++]; share; share = shares[next++]) {
        const result = await worker.ask(share.map(({ path, file }) => ({ path, file })));
        results.push(result);
        if (!result.ok) {
          next = shares.length; // no worker takes another share
          return;
        }
      }
    } finally {
      await worker.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, shares.length) }, lane));
  const failed = results.find((r) => !r.ok);
  if (failed && !failed.ok) throw new Error(`rendering failed: ${failed.error}`);
  return results.reduce((sum, r) => sum + (r.ok ? r.rendered : 0), 0);
}
