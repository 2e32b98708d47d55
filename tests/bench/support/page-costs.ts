/**
 * The cost of each page type for the build benchmark: a sample of a published release's pages of one type (a
 * few entities, each in every locale, as the publisher renders an entity's pages together so that one request
 * fetches all four languages) is rendered by a fresh worker thread (page-cost-worker.ts) from the release's
 * server build, one page at a time, twice. Per page: the requests the service answered, the renderer's CPU
 * time with its fetches (its pass client's requests and parsing) and without them (every answer memoised), and
 * the service's CPU time, which is this thread's: the benchmark runs the service in its own main thread.
 * Measured alone, a type fetches what it shares with another (a cart what its event page fetched); the
 * publisher fetches it once. A type of fewer than two entities (the index) is left out: nothing would warm
 * its code without also fetching its answers.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { splitLocale } from "../../../src/lib/routes.ts";
import { pageTypeOf } from "../../e2e/support/site.ts";
import type { PageCostMessage, PageCostSetup } from "./page-cost-worker.ts";
import { threadCpuMs } from "./thread-cpu.ts";

/** The page types measured, in this order (a page's type comes from its path: `typed`). */
const TYPES = ["index", "organizer", "tour", "event", "cart", "sitemap"] as const;
type CostType = (typeof TYPES)[number];

/** What one page type cost, per page (CPU milliseconds). */
export interface PageCost {
  type: CostType;
  pages: number;
  requestsPerPage: number;
  /** The renderer's CPU time, fetching what the page shows. */
  withFetchMs: number;
  /** The renderer's CPU time with every answer already in its memo: rendering alone. */
  renderMs: number;
  /** The service's CPU time answering the page's requests. */
  serviceMs: number;
}

/** The URL path of a file under a release's `client/` (HTML and sitemaps only), with its type. */
function typed(file: string): { path: string; type: CostType } | undefined {
  if (/^sitemap-.*\.xml$/.test(file)) return { path: `/${file}`, type: "sitemap" };
  if (!file.endsWith("index.html")) return undefined;
  const path = `/${file.replace(/index\.html$/, "")}`;
  const type = pageTypeOf(path);
  return type ? { path, type } : undefined;
}

/** Of each type: the paths of `entities` entities in every locale, and of two more to warm the code. */
function samples(
  clientDir: string,
  entities: number,
): Map<CostType, { warmUp: string[]; measured: string[] }> {
  const byEntity = new Map<CostType, Map<string, string[]>>();
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" }).sort()) {
    const page = typed(file);
    if (!page) continue;
    const groups = byEntity.get(page.type) ?? new Map<string, string[]>();
    const entity = page.type === "sitemap" ? page.path : splitLocale(page.path).rest;
    groups.set(entity, [...(groups.get(entity) ?? []), page.path]);
    byEntity.set(page.type, groups);
  }
  const chosen = new Map<CostType, { warmUp: string[]; measured: string[] }>();
  for (const type of TYPES) {
    const groups = [...(byEntity.get(type)?.values() ?? [])];
    if (groups.length < 2) continue;
    const warm = groups.length > 2 ? 2 : 1;
    chosen.set(type, {
      warmUp: groups.slice(0, warm).flat(),
      measured: groups.slice(warm, warm + entities).flat(),
    });
  }
  return chosen;
}

/** Measures one type in a worker of its own; `requests()` counts the service's answers so far. */
function measureType(
  setup: PageCostSetup,
  env: Record<string, string>,
  requests: () => number,
): Promise<Omit<PageCost, "type">> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./page-cost-worker.ts", import.meta.url), {
      workerData: setup,
      env: { ...process.env, ...env },
    });
    const cpu: Record<string, number> = {};
    let serviceStart = 0;
    let requestsStart = 0;
    let serviceMs = 0;
    let requestCount = 0;
    const finish = (settle: () => void): void => {
      settle();
      void worker.terminate();
    };
    worker.on("message", (message: PageCostMessage) => {
      if ("error" in message) return finish(() => reject(new Error(message.error)));
      if ("starting" in message) {
        serviceStart = threadCpuMs();
        requestsStart = requests();
        return;
      }
      cpu[message.pass] = message.cpuMs;
      if (message.pass === "fetched") {
        serviceMs = threadCpuMs() - serviceStart;
        requestCount = requests() - requestsStart;
        return;
      }
      const pages = setup.measured.length;
      finish(() =>
        resolve({
          pages,
          requestsPerPage: requestCount / pages,
          withFetchMs: (cpu.fetched ?? 0) / pages,
          renderMs: (cpu.memo ?? 0) / pages,
          serviceMs: serviceMs / pages,
        }),
      );
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`page-cost-worker exited with code ${code}`)));
  });
}

/**
 * The cost of each page type of the release at `release` (its `client/` holds the published pages), rendered
 * against the pass service of `env` (PASS_API_URL, TICKETS_API_URL), `entities` entities per type.
 */
export async function measurePageCosts(opts: {
  release: string;
  env: Record<string, string>;
  entities: number;
  requests: () => number;
}): Promise<PageCost[]> {
  const costs: PageCost[] = [];
  for (const [type, { warmUp, measured }] of samples(join(opts.release, "client"), opts.entities)) {
    const setup: PageCostSetup = { release: opts.release, host: "localhost", warmUp, measured };
    costs.push({ type, ...(await measureType(setup, opts.env, opts.requests)) });
  }
  return costs;
}

/** Prints the costs as a table. */
export function printPageCosts(costs: PageCost[]): void {
  const ms = (n: number) => n.toFixed(2).padStart(8);
  console.log("  CPU ms per page           pages  requests  renderer with fetches  rendering alone  service");
  for (const c of costs) {
    console.log(
      `  ${c.type.padEnd(24)}${String(c.pages).padStart(7)}${c.requestsPerPage.toFixed(1).padStart(10)}` +
        `${ms(c.withFetchMs).padStart(23)}${ms(c.renderMs).padStart(17)}${ms(c.serviceMs).padStart(9)}`,
    );
  }
}
