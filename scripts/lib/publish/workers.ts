/** Runs a publisher worker thread and resolves with the one message it posts (a crash or exit rejects). */
import { Worker } from "node:worker_threads";

/**
 * The young generation of a worker's heap (MB): 16 MB semi-spaces, as V8 grows it to by itself. Rendering makes
 * short-lived objects fast, and a smaller one collects them more often: with 4 MB semi-spaces the render phase of
 * a full publish of 2,000 events took 95–102 s, with 16 MB 84–88 s, and the publisher's resident peak stayed
 * 0.71–0.75 GB either way (a render worker renders at most about 1,500 pages, see render.ts).
 */
const YOUNG_GENERATION_MB = 48;

/** Runs `file` in a worker thread with `data` and the given environment; resolves with what it posts. */
export function runWorker<T>(file: URL, data: unknown, env: Record<string, string | undefined>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(file, {
      workerData: data,
      env: { ...process.env, ...env },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    let answered = false;
    worker.once("message", (message: T) => {
      answered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`${file.pathname.split("/").pop()} exited with code ${code}`));
    });
  });
}
