/**
 * Worker thread of the publisher: links trees of one release into the next, removes files from it and deletes
 * old releases, job after job (`LinkJob`), so that the thread that asked stays free meanwhile (`npm start` runs
 * the embedded pass service on it, which the render workers fetch from). Answers each job when it is done, or
 * with its first error.
 */
import { rmSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { linkTree, removeFile } from "./release.ts";

/**
 * What to link (each tree as `linkTree` does), then remove (files of `root`, with the folders they leave empty),
 * then delete whole (`trees`: old releases).
 */
export interface LinkJob {
  links?: { from: string; to: string; skip?: string }[];
  remove?: { root: string; files: string[] };
  trees?: string[];
}

/** What the worker answers a job with. */
export type LinkResult = { ok: true } | { ok: false; error: string };

function run(job: LinkJob): void {
  for (const { from, to, skip } of job.links ?? []) linkTree(from, to, skip);
  if (job.remove) for (const file of job.remove.files) removeFile(job.remove.root, file);
  for (const tree of job.trees ?? []) rmSync(tree, { recursive: true, force: true });
}

parentPort?.on("message", (job: LinkJob) => {
  let result: LinkResult = { ok: true };
  try {
    run(job);
  } catch (error) {
    result = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
