/** What every island that server-renders a form shares: knowing when React has taken over the page's HTML. */
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
