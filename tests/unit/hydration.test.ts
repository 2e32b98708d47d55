// @vitest-environment happy-dom
/**
 * The hydration hooks of the islands, on Preact's own hydration of server-rendered HTML (happy-dom's DOM),
 * with effects run in a task of their own as in the browser (effects-timing.ts).
 */
import { h, hydrate, render } from "preact";
import { renderToString } from "preact-render-to-string";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../src/islands/effects-timing.ts";
import { type HydratedClock, useHydratedClock } from "../../src/islands/hydration.ts";
import { nextTask } from "../../src/islands/task-queue.ts";

const RENDERED_AT = "2026-06-01T10:00:00.000Z";

/** An island that records what the hook told each of its renders. */
function islandRecording(renders: HydratedClock[]) {
  return function Island() {
    const clock = useHydratedClock(RENDERED_AT);
    renders.push(clock);
    return h("p", { "data-hydrated": String(clock.hydrated) }, new Date(clock.now).toISOString());
  };
}

/**
 * Hydrates the island over its server HTML and waits ten tasks: its start takes three (the hydrating render, its
 * effects, the task after them), so a render it queued later would be recorded too.
 */
async function hydrated(renders: HydratedClock[]): Promise<HTMLElement> {
  const Island = islandRecording(renders);
  const root = document.createElement("div");
  root.innerHTML = renderToString(h(Island, {}));
  renders.length = 0;
  hydrate(h(Island, {}), root);
  for (let i = 0; i < 10; i++) await nextTask();
  return root;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("useHydratedClock", () => {
  it("renders the render time while hydrating, then the clock and hydrated in one more render", async () => {
    const renders: HydratedClock[] = [];
    const before = Date.now();
    const root = await hydrated(renders);
    expect(renders).toHaveLength(2);
    expect(renders[0]).toEqual({ hydrated: false, now: Date.parse(RENDERED_AT) });
    expect(renders[1]?.hydrated).toBe(true);
    expect(renders[1]?.now).toBeGreaterThanOrEqual(before);
    expect(root.querySelector("p")?.dataset.hydrated).toBe("true");
    render(null, root);
  });

  it("moves the clock on every 30 seconds once hydrated, and stops it when the island goes", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(Date.parse("2026-06-01T10:05:00.000Z"));
    const renders: HydratedClock[] = [];
    const root = await hydrated(renders);
    expect(renders.map((r) => r.now)).toEqual([
      Date.parse(RENDERED_AT),
      Date.parse("2026-06-01T10:05:00.000Z"),
    ]);
    vi.advanceTimersByTime(30_000);
    await nextTask();
    expect(renders.at(-1)).toEqual({ hydrated: true, now: Date.parse("2026-06-01T10:05:30.000Z") });
    expect(root.querySelector("p")?.textContent).toBe("2026-06-01T10:05:30.000Z");
    render(null, root);
    await nextTask();
    expect(vi.getTimerCount()).toBe(0);
  });
});
