/**
 * The buyer's acceptance of the terms of sale, per event: ticked in the checkout, required before an order
 * is sent (the service refuses an order without it too). Not kept with the cart: a buyer accepts anew in
 * every visit.
 */
import { map } from "nanostores";
import { PLATFORM_TERMS_VERSION } from "../../lib/legal.ts";
import type { CartCatalog } from "./state.ts";

/** Whether the buyer accepted the terms, and whether the refusal to pay without them is shown, per event. */
export const $terms = map<Record<string, { accepted: boolean; showError: boolean }>>({});

/** The acceptance of an event's terms (not accepted, no error shown, until the buyer acts). */
export function termsOf(eventId: string): { accepted: boolean; showError: boolean } {
  return $terms.get()[eventId] ?? { accepted: false, showError: false };
}

/** Ticks or unticks the terms of an event; ticking hides the error. */
export function acceptTerms(eventId: string, accepted: boolean): void {
  $terms.setKey(eventId, { accepted, showError: termsOf(eventId).showError && !accepted });
}

/**
 * The version of the terms the buyer accepted for the order, or null (and the error shown) when they did
 * not accept them.
 */
export function acceptedTermsVersion(eventId: string, catalog: CartCatalog): string | null {
  const terms = termsOf(eventId);
  if (!terms.accepted) {
    $terms.setKey(eventId, { accepted: false, showError: true });
    return null;
  }
  return catalog.terms?.version ?? PLATFORM_TERMS_VERSION;
}
