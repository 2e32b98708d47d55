/** Publisher worker threads: one that posts one message (`runWorker`), or one that answers request after request (`startWorker`). */
import { Worker } from "node:worker_threads";

/**
 * A worker thread keeps V8's own heap sizing. On this machine that is a young generation of 192 MB (64 MB
 * semi-spaces); a collection of it copies what is still alive, which grows far less than the space. Limited to
 * 48 MB (16 MB semi-spaces), as the render workers were before, a publish had four times the collections, each
 * less than half as long: in full publishes of 2,000 events the publisher's scavenges took 10.0–12.0 s against
 * 6.0–7.7 s, eight alternated pairs of publishes took 7 % more time, and the resident peak was 771–807 MB against
 * 875–929 MB (tests/bench/README.md). With 4 MB semi-spaces the render phase took 95–102 s, against 84–88 s with
 * 16 MB.
 */
function spawn(file: URL, data: unknown, env: Record<string, string | undefined>): Worker {
  return new Worker(file, {
    workerData: data,
    env: { ...process.env, ...env },
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
