/**
 * Worker thread of the build benchmark's cost per page type (page-costs.ts): loads a release's server build
 * as the publisher's render workers do, renders a few pages to warm the code, then renders the measured pages
 * one at a time twice, answering with this thread's CPU time of each pass: the first fetches what the pages
 * show from the pass service, the second finds every answer in the pass client's memo and only renders.
 * Nothing is written to disk.
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadPageRenderer } from "../../../src/server/releases.ts";
import { threadCpuMs } from "./thread-cpu.ts";

/** What the worker is started with. */
export interface PageCostSetup {
  release: string;
  host: string;
  /** Rendered first, not measured (their fetches are not the measured pages'). */
  warmUp: string[];
  measured: string[];
}

/** A message of the worker: a pass about to start, or its CPU time; an error ends the run. */
export type PageCostMessage =
  | { starting: "fetched" | "memo" }
  | { pass: "fetched" | "memo"; cpuMs: number }
  | { error: string };

const setup = workerData as PageCostSetup;
const publishing = { now: Date.now() };

async function main(): Promise<void> {
  const renderPage = await loadPageRenderer(setup.release, setup.host);
  if (!renderPage) throw new Error(`${setup.release} holds no server build`);
  const render = async (path: string): Promise<void> => {
    // As the publisher renders them: the page middleware hands the page's bytes over (`keepPage`).
    const response = await renderPage(path, { publishing, keepPage: () => {} });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  };
  for (const path of setup.warmUp) await render(path);
  for (const pass of ["fetched", "memo"] as const) {
    parentPort?.postMessage({ starting: pass } satisfies PageCostMessage);
    const before = threadCpuMs();
    for (const path of setup.measured) await render(path);
    parentPort?.postMessage({ pass, cpuMs: threadCpuMs() - before } satisfies PageCostMessage);
  }
}

main().catch((error: unknown) =>
  parentPort?.postMessage({
    error: error instanceof Error ? error.message : String(error),
  } satisfies PageCostMessage),
);
