/**
 * What islands that server-render a form share: knowing when the island's code has taken over the page's
 * HTML, and the moment sales windows are judged at.
 */
import { useEffect, useState } from "react";
import { nextTask } from "./task-queue.ts";

/**
 * False on the server and in the first (hydrating) render, true once the island and its `<Later>` parts
 * (later.tsx; each hydrated in a task queued while the island hydrated, so before the one this waits for) are
 * hydrated. Until then a click or a keystroke would be lost, so islands keep their forms `inert` and say
 * `data-hydrated="false"`.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => {
      if (mounted) setHydrated(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return hydrated;
}

/** The moment an island judges sales windows at: the render time until hydration, then the clock. */
export function useNow(renderedAt: string): number {
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
