/**
 * What islands that server-render a form share: knowing when the island's code has taken over the page's
 * HTML, and the moment sales windows are judged at.
 */
import { useEffect, useState } from "react";
import { nextTask } from "./task-queue.ts";

/** How often a hydrated island's clock moves on. */
const CLOCK_TICK_MS = 30_000;

/**
 * Calls `start` in a task of its own once the island and its `<Later>` parts (later.tsx; each hydrated in a
 * task queued while the island hydrated, so before the one this waits for) are hydrated; not after unmount.
 */
function useAfterHydration(start: () => (() => void) | undefined): void {
  // Once, with the island's first `start`.
  useEffect(() => {
    let mounted = true;
    let stop: (() => void) | undefined;
    void nextTask().then(() => {
      if (mounted) stop = start();
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
}

/**
 * False on the server and in the first (hydrating) render, true once the island and its `<Later>` parts are
 * hydrated. Until then a click or a keystroke would be lost, so islands keep their forms `inert` and say
 * `data-hydrated="false"`.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useAfterHydration(() => {
    setHydrated(true);
    return undefined;
  });
  return hydrated;
}

/** What {@link useHydratedClock} tells an island. */
export interface HydratedClock {
  /** As {@link useHydrated}. */
  hydrated: boolean;
  /** The moment sales windows are judged at: the render time until hydration, then the clock. */
  now: number;
}

/**
 * {@link useHydrated} and the moment sales windows are judged at, which leaves the render time for the clock
 * in the same update that ends hydration: the island renders once more after hydrating, not once for each.
 */
export function useHydratedClock(renderedAt: string): HydratedClock {
  const [clock, setClock] = useState<HydratedClock>(() => ({
    hydrated: false,
    now: Date.parse(renderedAt),
  }));
  useAfterHydration(() => {
    const tick = () => setClock({ hydrated: true, now: Date.now() });
    tick();
    const timer = setInterval(tick, CLOCK_TICK_MS);
    return () => clearInterval(timer);
  });
  return clock;
}
