/** What every tracker adapter is: how a provider is set up, told about consent and registered. */
import type { Consent } from "../../lib/consent/model.ts";
import type { Logger } from "../../lib/logger.ts";
import type { TrackingProvider } from "../../lib/tracking.ts";

/** What an adapter gets: the site's id for the provider, the consent in force, the logger, the script. */
export interface AdapterContext {
  id: string;
  consent(): Consent;
  logger: Pick<Logger, "debug" | "warn">;
  /** Resolves once the provider's script ran; rejects when it did not load. */
  script: Promise<void>;
}

/** One tracking provider in the browser. */
export interface TrackerAdapter {
  /** Sets up the vendor's global (its command queue) before the script loads; once per page. */
  bootstrap(ctx: AdapterContext): void;
  /** The provider registered with the storefront's tracker: order events and page views. */
  provider(ctx: AdapterContext): TrackingProvider;
  /** Tells the vendor consent is given (again), where its API allows. */
  grant?(ctx: AdapterContext): void;
  /** Tells the vendor consent is withdrawn, where its API allows. */
  revoke?(ctx: AdapterContext): void;
}
