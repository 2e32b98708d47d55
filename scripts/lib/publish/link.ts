/**
 * The links of an incremental run and the removal of old releases, made by a worker thread (link-worker.ts): a
 * 2,000-event release has about 17,000 files, seconds of system calls that would otherwise hold up the thread that
 * runs the publish.
 */
import type { LinkJob, LinkResult } from "./link-worker.ts";
import { startWorker } from "./workers.ts";

/** A link worker for one run: `link` resolves when a job is done (rejects with its error); `stop` ends it. */
export interface Linker {
  link(job: LinkJob): Promise<void>;
  stop(): Promise<void>;
}

export function startLinker(): Linker {
  const worker = startWorker<LinkJob, LinkResult>(new URL("./link-worker.ts", import.meta.url), {}, {});
  return {
    async link(job) {
      const result = await worker.ask(job);
      if (!result.ok) throw new Error(`link worker: ${result.error}`);
    },
    stop: () => worker.stop(),
  };
}
