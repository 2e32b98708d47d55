/**
 * The short-video pixel (TikTok Pixel, `ttq`): the vendor's command queue until events.js loads (an array
 * of `[method, ...args]`), consent granted and revoked through its API, events in major units.
 */
import { shortVideoEvent, shortVideoUser } from "../../lib/consent/vendor-calls.ts";
import type { TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** The methods the pixel's queue accepts before its script loads. */
const TTQ_METHODS = ["page", "track", "identify", "grantConsent", "revokeConsent", "holdConsent"] as const;

type TtqMethod = (typeof TTQ_METHODS)[number];

/** The `ttq` queue: an array with deferring methods and the pixel's per-id settings. */
type Ttq = unknown[] & Record<TtqMethod, (...args: unknown[]) => void> & Record<string, unknown>;

/** The page's `ttq` (the vendor's queueing stub until its script replaces the methods). */
function ttq(): Ttq {
  const w = vendorWindow();
  if (!Array.isArray(w.ttq)) {
    const queue = [] as unknown as Ttq;
    for (const method of TTQ_METHODS)
      queue[method] = (...args: unknown[]) => void queue.push([method, ...args]);
    w.ttq = queue;
    w.TiktokAnalyticsObject = "ttq";
  }
  return w.ttq as Ttq;
}

/** The short-video pixel adapter. */
export const shortVideoPixel: TrackerAdapter = {
  bootstrap({ id }) {
    const queue = ttq();
    // What the vendor's `ttq.load(id)` records before it adds the script (the storefront adds the script).
    queue._i = { ...(queue._i as object), [id]: [] };
    queue._t = { ...(queue._t as object), [id]: Date.now() };
    queue._o = { ...(queue._o as object), [id]: {} };
  },
  grant: () => ttq().grantConsent(),
  revoke: () => ttq().revokeConsent(),
  provider: ({ id }) => ({
    id: `shortVideoPixel:${id}`,
    pageView: () => ttq().page(),
    track(event, data) {
      const user = shortVideoUser(data.user);
      if (user) ttq().identify(user);
      ttq().track(...shortVideoEvent(event, data));
    },
  }),
};
