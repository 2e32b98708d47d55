/**
 * The publisher's long-lived worker threads (scripts/lib/publish/workers.ts): one thread answers request after
 * request (a render worker keeps its loaded build for every share it takes), and a thread that dies fails the
 * request it was answering and every later one, instead of leaving the run waiting.
 */
import { describe, expect, it } from "vitest";
import { startWorker } from "../../scripts/lib/publish/workers.ts";

const ECHO = new URL("./support/echo-worker.ts", import.meta.url);

interface Echo {
  threadId: number;
  message: unknown;
  data: unknown;
}

describe("startWorker", () => {
  it("answers every request from the same thread, with the data it was started with", async () => {
    const worker = startWorker<string, Echo>(ECHO, { release: "r1" }, {});
    try {
      const first = await worker.ask("share 1");
      const second = await worker.ask("share 2");
      expect(first).toMatchObject({ message: "share 1", data: { release: "r1" } });
      expect(second).toMatchObject({ message: "share 2", data: { release: "r1" } });
      expect(second.threadId).toBe(first.threadId);
    } finally {
      await worker.stop();
    }
  });

  it("fails the request a dying thread was answering, and every later one", async () => {
    const worker = startWorker<string, Echo>(ECHO, {}, {});
    await expect(worker.ask("exit")).rejects.toThrow("echo-worker.ts exited with code 3");
    await expect(worker.ask("share")).rejects.toThrow("exited with code 3");
    await worker.stop();
  });

  it("refuses a second request while the first is being answered", async () => {
    const worker = startWorker<string, Echo>(ECHO, {}, {});
    try {
      const first = worker.ask("one");
      await expect(worker.ask("two")).rejects.toThrow("still answering");
      await expect(first).resolves.toMatchObject({ message: "one" });
    } finally {
      await worker.stop();
    }
  });
});
