/**
 * The ad network's retargeting (Seznam Sklik, rc.js): it has no command queue, so every call waits for the
 * script. A page view is a retargeting hit; a paid order a conversion hit (value in minor units); the
 * buyer's identity is the SHA-256 of the trimmed, lowercased e-mail and the billing address parts — no
 * hash, no identity. A script that did not load, or loaded without its global, gives a warning only.
 */
import {
  adNetworkConversion,
  adNetworkIdentity,
  adNetworkRetargeting,
} from "../../lib/consent/vendor-calls.ts";
import { hashEmail } from "../../lib/tracking-user.ts";
import type { AdapterContext, TrackerAdapter } from "./adapter.ts";
import { vendorWindow } from "./dom.ts";

/** The globals rc.js defines. */
interface Retargeting {
  retargetingHit(conf: object): void;
  conversionHit(conf: object): void;
}

interface Identities {
  IS?: { updateIdentities(identity: object): void };
}

/** rc.js's `rc` once its script ran, or null (and a warning) when the script or its global is missing. */
async function retargeting(ctx: AdapterContext): Promise<Retargeting | null> {
  try {
    await ctx.script;
  } catch (error) {
    ctx.logger.warn("The ad network's script did not load", error);
    return null;
  }
  const rc = vendorWindow().rc as Partial<Retargeting> | undefined;
  if (typeof rc?.retargetingHit !== "function" || typeof rc.conversionHit !== "function") {
    ctx.logger.warn("The ad network's script loaded without its rc global");
    return null;
  }
  return rc as Retargeting;
}

/** The ad network adapter. */
export const adNetwork: TrackerAdapter = {
  bootstrap() {
    // rc.js has no queue: calls wait for the script.
  },
  provider: (ctx) => ({
    id: `adNetwork:${ctx.id}`,
    async pageView() {
      const rc = await retargeting(ctx);
      rc?.retargetingHit(adNetworkRetargeting(ctx.id, ctx.consent().marketing));
    },
    async track(event, data) {
      const rc = await retargeting(ctx);
      if (!rc) return;
      const identity = adNetworkIdentity(data.user, await hashEmail(data.user?.email));
      if (identity) (vendorWindow().sznIVA as Identities | undefined)?.IS?.updateIdentities(identity);
      const conversion = adNetworkConversion(event, data, ctx.id, ctx.consent().marketing);
      if (conversion) rc.conversionHit(conversion);
    },
  }),
};
