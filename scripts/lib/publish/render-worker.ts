/**
 * Worker thread of the publisher: loads a release's server build once, then renders share after share of the
 * pages it is sent into the release's `client/` folder (`putFile`: files of a release made of hard links are
 * never changed in place). Answers each share with what it rendered, or its first error.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { Publishing } from "../../../src/client/site.ts";
import { loadPageRenderer } from "../../../src/server/releases.ts";
import { putFile } from "./release.ts";

/** What a render worker is started with. */
export interface RenderSetup {
  /** The release folder (holds `client/` and `server/`). */
  release: string;
  /** The site's host, the host of the pages' request URLs. */
  host: string;
  publishing: Publishing;
  /** Pages rendered at once. */
  concurrency: number;
}

/** One share of pages, sent to a render worker. */
export type RenderShare = { path: string; file: string }[];

/** What a render worker answers a share with. */
export type RenderResult = { ok: true; rendered: number } | { ok: false; error: string };

const setup = workerData as RenderSetup;
const renderer = loadPageRenderer(setup.release, setup.host).then((loaded) => {
  if (!loaded) throw new Error(`${setup.release} holds no server build`);
  return loaded;
});
// A build that fails to load is reported as the answer to the first share.
renderer.catch(() => {});
/** Folders this worker has made (or found): a page's folder is made once, not for each of its files. */
const folders = new Set<string>();

async function renderShare(pages: RenderShare): Promise<number> {
  const render = await renderer;
  let next = 0;
  const renderOne = async (page: { path: string; file: string }): Promise<void> => {
    // The page middleware hands an HTML page's bytes over (`keepPage`); anything else comes as the answer's body.
    let kept: Uint8Array | undefined;
    const keepPage = (bytes: Uint8Array) => {
      kept = bytes;
    };
    const response = await render(page.path, { publishing: setup.publishing, keepPage });
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    const html = response.headers.get("content-type")?.startsWith("text/html") === true;
    if (html && !kept) throw new Error(`${page.path}: the page middleware did not hand the page over`);
    const body = kept ?? new Uint8Array(await response.arrayBuffer());
    const target = join(setup.release, "client", page.file);
    const folder = dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    putFile(target, body);
  };
  const lane = async (): Promise<void> => {
    while (next < pages.length) {
      const page = pages[next++];
      if (page) await renderOne(page);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, setup.concurrency) }, lane));
  return pages.length;
}

parentPort?.on("message", (pages: RenderShare) => {
  renderShare(pages).then(
    (rendered) => parentPort?.postMessage({ ok: true, rendered } satisfies RenderResult),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderResult),
  );
});
