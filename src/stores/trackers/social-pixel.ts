/**
 * The social pixel (Meta Pixel, `fbq`): the vendor's command queue until fbevents.js loads, consent granted
 * and revoked through `fbq('consent', …)`, standard events in major units, advanced matching of the buyer.
 */
import { socialPixelEvent, socialPixelUser } from "../../lib/consent/vendor-calls.ts";
import type { TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** The `fbq` function with the queue fbevents.js drains when it loads. */
interface Fbq {
  (...command: unknown[]): void;
  callMethod?: (...command: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

/** The page's `fbq` (the vendor's queueing stub until its script replaces `callMethod`). */
function fbq(...command: unknown[]): void {
  const w = vendorWindow();
  if (typeof w.fbq !== "function") {
    const stub = ((...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    }) as Fbq;
    stub.queue = [];
    stub.push = stub;
    stub.loaded = true;
    stub.version = "2.0";
    w.fbq = stub;
    w._fbq ??= stub;
  }
  (w.fbq as Fbq)(...command);
}

/** The social pixel adapter. */
export const socialPixel: TrackerAdapter = {
  bootstrap({ id }) {
    fbq("consent", "grant");
    fbq("init", id);
  },
  grant: () => fbq("consent", "grant"),
  revoke: () => fbq("consent", "revoke"),
  provider: ({ id }) => ({
    id: `socialPixel:${id}`,
    pageView: () => fbq("track", "PageView"),
    track(event, data) {
      const user = socialPixelUser(data.user);
      if (user) fbq("init", id, user);
      fbq(...socialPixelEvent(event, data));
    },
  }),
};
