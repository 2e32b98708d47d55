/**
 * The e-mail-marketing tracker (Ecomail, `ecotrack`, a Snowplow tracker): its command queue until the
 * script loads; page views, and a paid order as a transaction (amounts in minor units). It has no consent
 * API: when consent is withdrawn it is no longer called and its cookies are deleted.
 */
import { emailMarketingTransaction } from "../../lib/consent/vendor-calls.ts";
import type { TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** Where the tracker sends its hits. */
const COLLECTOR = "d2dpiwfhf3tz0r.cloudfront.net";

/** The `ecotrack` function with its queue (`ecotrack.q`), drained when the script loads. */
interface Ecotrack {
  (...command: unknown[]): void;
  q?: unknown[][];
}

/** The page's `ecotrack` (the vendor's queueing stub until its script replaces it). */
function ecotrack(...command: unknown[]): void {
  const w = vendorWindow();
  if (typeof w.ecotrack !== "function") {
    const namespaces = Array.isArray(w.GlobalSnowplowNamespace) ? w.GlobalSnowplowNamespace : [];
    namespaces.push("ecotrack");
    w.GlobalSnowplowNamespace = namespaces;
    const stub: Ecotrack = (...args: unknown[]) => {
      stub.q ??= [];
      stub.q.push(args);
    };
    w.ecotrack = stub;
  }
  (w.ecotrack as Ecotrack)(...command);
}

/** The e-mail-marketing adapter. */
export const emailMarketing: TrackerAdapter = {
  bootstrap({ id }) {
    ecotrack("newTracker", "cf", COLLECTOR, { appId: id });
    ecotrack("setUserIdFromLocation", "ecmid");
  },
  provider: ({ id }) => ({
    id: `emailMarketing:${id}`,
    pageView: () => ecotrack("trackPageView"),
    track(event, data) {
      const shop = document.documentElement.dataset.site ?? location.hostname;
      for (const command of emailMarketingTransaction(event, data, shop)) ecotrack(...command);
    },
  }),
};
