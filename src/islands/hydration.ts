/**
 * What islands that server-render a form share: knowing when the island's code has taken over the page's
 * HTML, and the moment sales windows are judged at.
 */
import { useEffect, useState } from "react";

/**
 * False on the server and in the first (hydrating) render, true after. Until then a click or a keystroke
 * would be lost, so islands keep their forms `inert` and say `data-hydrated="false"`.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
