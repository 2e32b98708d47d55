/** Runs a publisher worker thread and resolves with the one message it posts (a crash or exit rejects). */
import { Worker } from "node:worker_threads";

/** Runs `file` in a worker thread with `data` and the given environment; resolves with what it posts. */
export function runWorker<T>(file: URL, data: unknown, env: Record<string, string | undefined>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(file, { workerData: data, env: { ...process.env, ...env } });
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
