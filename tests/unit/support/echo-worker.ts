/** A worker for tests of scripts/lib/publish/workers.ts: answers each message with its thread and start data; "exit" ends it. */
import { parentPort, threadId, workerData } from "node:worker_threads";

parentPort?.on("message", (message: unknown) => {
  if (message === "exit") process.exit(3);
  parentPort?.postMessage({ threadId, message, data: workerData });
});
