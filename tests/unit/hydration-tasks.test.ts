import { afterEach, describe, expect, it, vi } from "vitest";
import { beforeHydration, loadIntlData, nextTask } from "../../src/islands/hydration-tasks.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("islands' start-up tasks", () => {
  it("nextTask resolves in a later task, after the current task's microtasks", async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push("next task"));
    queueMicrotask(() => order.push("microtask"));
    setTimeout(() => order.push("timer"), 0);
    await waited;
    expect(order[0]).toBe("microtask");
    expect(order).toContain("next task");
  });

  it("loads the page language's Intl data once, in a task of its own, before the first island hydrates", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const first = beforeHydration("cs");
    await Promise.resolve();
    await Promise.resolve();
    // Not in the task that asked (the modules' evaluation), not in its microtasks.
    expect(numberFormat).not.toHaveBeenCalled();
    await first;
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(numberFormat).toHaveBeenCalledWith("cs");
    await beforeHydration("cs");
    expect(numberFormat).toHaveBeenCalledTimes(1);
  });

  it("ignores a language tag Intl does not accept", () => {
    expect(() => loadIntlData("not a tag")).not.toThrow();
  });
});
