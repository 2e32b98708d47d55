/**
 * The session-recording provider (Microsoft Clarity, `clarity`): its command queue until the tag loads,
 * consent through `clarity('consent')` / `clarity('consent', false)`. It records the page itself; the
 * storefront tells it page views and order events by name only (no amounts, no user data).
 */
import type { TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** The `clarity` function with its queue (`clarity.q`), drained when the tag loads. */
interface Clarity {
  (...command: unknown[]): void;
  q?: unknown[][];
}

/** The page's `clarity` (the vendor's queueing stub until its tag replaces it). */
function clarity(...command: unknown[]): void {
  const w = vendorWindow();
  if (typeof w.clarity !== "function") {
    const stub: Clarity = (...args: unknown[]) => {
      stub.q ??= [];
      stub.q.push(args);
    };
    w.clarity = stub;
  }
  (w.clarity as Clarity)(...command);
}

/** The session-recording adapter. */
export const sessionRecording: TrackerAdapter = {
  bootstrap: () => clarity("consent"),
  grant: () => clarity("consent"),
  revoke: () => clarity("consent", false),
  provider: ({ id }) => ({
    id: `sessionRecording:${id}`,
    pageView: () => clarity("event", "pageView"),
    track: (event) => clarity("event", event),
  }),
};
