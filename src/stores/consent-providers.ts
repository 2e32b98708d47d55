/**
 * The tracking providers in the browser: loads each provider a consent grants and the site configures,
 * registers it with the storefront's tracker once, and revokes the others.
 */
import type { Consent } from "../lib/consent/model.ts";
import type { TrackingIdMap } from "../lib/consent/providers.ts";

/** Updates every provider to a consent at once. */
export function applyConsent(_consent: Consent, _ids: TrackingIdMap): void {
  throw new Error("not built yet");
}
