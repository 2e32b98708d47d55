/**
 * Renders pages into a release with a pool of worker threads (PUBLISH_WORKERS, default: the machine's
 * available parallelism), each rendering PUBLISH_CONCURRENCY pages at once (default 4: the pages wait mostly
 * on the pass service, which more at once only slows down). Pages of one group (an event's pages in every
 * locale) go to the same worker, so each entity is fetched once per run. A worker renders one share of at
 * most about SHARE_PAGES pages and exits; a new one (with an empty pass-client memo) takes the next share.
 */
import { availableParallelism } from "node:os";
import type { Publishing } from "../../../src/client/site.ts";
import type { PageSpec } from "./pages.ts";
import type { RenderJob, RenderResult } from "./render-worker.ts";
import { runWorker } from "./workers.ts";

/** Worker threads a run uses: PUBLISH_WORKERS, else one per available core. */
export function workerCount(): number {
  const configured = Number(process.env.PUBLISH_WORKERS);
  return Number.isInteger(configured) && configured > 0 ? configured : availableParallelism();
}

/** Pages a worker renders at once: PUBLISH_CONCURRENCY, else 4. */
function concurrency(): number {
  const configured = Number(process.env.PUBLISH_CONCURRENCY);
  return Number.isInteger(configured) && configured > 0 ? configured : 4;
}

/** Pages one worker renders before a new worker (with an empty memo) takes the next share. */
const SHARE_PAGES = 1500;

/** Splits pages into at most `count` shares, keeping each group whole and the shares about even. */
export function shareOut(pages: readonly PageSpec[], count: number): PageSpec[][] {
  const groups = new Map<string, PageSpec[]>();
  for (const page of pages) {
    const group = groups.get(page.group) ?? [];
    group.push(page);
    groups.set(page.group, group);
  }
  const shares: PageSpec[][] = Array.from({ length: Math.max(1, count) }, () => []);
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    const smallest = shares.reduce((min, share) => (share.length < min.length ? share : min));
    smallest.push(...group);
  }
  return shares.filter((share) => share.length > 0);
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
  // A worker's pass client keeps every answer it fetched: a worker renders at most about SHARE_PAGES
  // pages and a new one takes the next share, so memory stays flat however large the catalog.
  const shares = shareOut(opts.pages, Math.max(workers, Math.ceil(opts.pages.length / SHARE_PAGES)));
  const results: RenderResult[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let share = shares[next++]; share; share = shares[next++]) {
      const job: RenderJob = {
        release: opts.release,
        host: opts.host,
        pages: share.map(({ path, file }) => ({ path, file })),
        publishing: opts.publishing,
        concurrency: concurrency(),
      };
      const result = await runWorker<RenderResult>(
        new URL("./render-worker.ts", import.meta.url),
        job,
        opts.env,
      );
      results.push(result);
      if (!result.ok) return;
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, shares.length) }, lane));
  const failed = results.find((r) => !r.ok);
  if (failed && !failed.ok) throw new Error(`rendering failed: ${failed.error}`);
  return results.reduce((sum, r) => sum + (r.ok ? r.rendered : 0), 0);
}
