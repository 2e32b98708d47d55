/**
 * Worker thread of the publisher: loads a release's server build and renders its share of the pages into
 * the release's `client/` folder, each written to a temporary file and renamed over (files of a release made
 * of hard links are never changed in place). Posts what it rendered, or the first error.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { dirname, join } from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import type { Publishing } from "../../../src/client/site.ts";
import { runNodeHandler } from "../../../src/server/node-handler.ts";
import { loadAstroHandler } from "../../../src/server/releases.ts";

/** What a render worker is given. */
export interface RenderJob {
  /** The release folder (holds `client/` and `server/`). */
  release: string;
  /** The site's host, sent as the requests' Host. */
  host: string;
  pages: { path: string; file: string }[];
  publishing: Publishing;
  /** Pages rendered at once. */
  concurrency: number;
}

/** What a render worker posts back. */
export type RenderResult = { ok: true; rendered: number } | { ok: false; error: string };

/** A GET request for a path, as Node's server would hand it to the handler. */
function requestFor(path: string, host: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = "GET";
  req.url = path;
  req.headers = { host };
  req.push(null);
  return req;
}

async function renderAll(job: RenderJob): Promise<number> {
  const handler = await loadAstroHandler(job.release);
  if (!handler) throw new Error(`${job.release} holds no server build`);
  const locals = { publishing: job.publishing };
  let next = 0;
  const renderOne = async (page: { path: string; file: string }): Promise<void> => {
    const response = await runNodeHandler(handler, requestFor(page.path, job.host), locals);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    const target = join(job.release, "client", page.file);
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}-${threadId}.tmp`;
    writeFileSync(temp, body);
    renameSync(temp, target);
  };
  const lane = async (): Promise<void> => {
    while (next < job.pages.length) {
      const page = job.pages[next++];
      if (page) await renderOne(page);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, job.concurrency) }, lane));
  return job.pages.length;
}

const job = workerData as RenderJob;
renderAll(job).then(
  (rendered) => parentPort?.postMessage({ ok: true, rendered } satisfies RenderResult),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderResult),
);
