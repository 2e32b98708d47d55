/** Publisher worker threads: one that posts one message (`runWorker`), or one that answers request after request (`startWorker`). */
import { Worker } from "node:worker_threads";

/**
 * The young generation of a worker's heap (MB): 64 MB semi-spaces, four times what V8 grows it to by itself.
 * Rendering makes short-lived objects fast; a collection of the young generation copies what is still alive, which
 * grows far less than the space: with 64 MB semi-spaces a publish has a quarter of the collections, each about 2.3
 * times as long. In full publishes of 2,000 events the publisher's scavenges took 10.0–12.0 s with 16 MB
 * semi-spaces and 6.0–7.7 s with 64 MB; eight alternated pairs of publishes took 7 % less time with 64 MB, and the
 * resident peak rose from 771–807 MB to 875–929 MB (tests/bench/README.md). With 4 MB semi-spaces the render phase
 * took 95–102 s, against 84–88 s with 16 MB.
 */
const YOUNG_GENERATION_MB = 192;

function spawn(file: URL, data: unknown, env: Record<string, string | undefined>): Worker {
  return new Worker(file, {
    workerData: data,
    env: { ...process.env, ...env },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

const nameOf = (file: URL): string => file.pathname.split("/").pop() ?? "worker";

/** Runs `file` in a worker thread with `data` and the given environment; resolves with what it posts. */
export function runWorker<T>(file: URL, data: unknown, env: Record<string, string | undefined>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = spawn(file, data, env);
    let answered = false;
    worker.once("message", (message: T) => {
      answered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`${nameOf(file)} exited with code ${code}`));
    });
  });
}

/** A worker thread that answers each message it is sent with one message. */
export interface WorkerSession<Q, A> {
  /** Sends a request and resolves with the worker's answer (rejects if the worker fails or exits first). */
  ask(request: Q): Promise<A>;
  /** Ends the worker. */
  stop(): Promise<void>;
}

/** Starts `file` in a worker thread with `data`, to be asked one request at a time. */
export function startWorker<Q, A>(
  file: URL,
  data: unknown,
  env: Record<string, string | undefined>,
): WorkerSession<Q, A> {
  const worker = spawn(file, data, env);
  let pending: { resolve: (answer: A) => void; reject: (error: unknown) => void } | undefined;
  let failure: unknown;
  const fail = (error: unknown): void => {
    failure ??= error;
    pending?.reject(failure);
    pending = undefined;
  };
  worker.on("message", (answer: A) => {
    pending?.resolve(answer);
    pending = undefined;
  });
  worker.once("error", fail);
  worker.once("exit", (code) => fail(new Error(`${nameOf(file)} exited with code ${code}`)));
  return {
    ask: (request) =>
      new Promise<A>((resolve, reject) => {
        if (failure !== undefined) return reject(failure);
        if (pending) return reject(new Error(`${nameOf(file)} is still answering a request`));
        pending = { resolve, reject };
        worker.postMessage(request);
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
