import { describe, expect, it } from "vitest";
import { nextTask, queueTask } from "../../src/islands/task-queue.ts";

describe("queueTask", () => {
  it("runs each callback in a task of its own, in order, after the current task's microtasks", async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      queueTask(() => {
        order.push("first");
        queueMicrotask(() => order.push("first's microtask"));
      });
      queueTask(() => {
        order.push("second");
        resolve();
      });
    });
    queueMicrotask(() => order.push("microtask"));
    await done;
    // The second callback ran after the first one's microtasks: a task boundary between them.
    expect(order).toEqual(["microtask", "first", "first's microtask", "second"]);
  });
});

describe("nextTask", () => {
  it("resolves in a later task, after the current task's microtasks", async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push("next task"));
    queueMicrotask(() => order.push("microtask"));
    setTimeout(() => order.push("timer"), 0);
    await waited;
    expect(order[0]).toBe("microtask");
    expect(order).toContain("next task");
  });
});
