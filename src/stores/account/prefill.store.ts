/**
 * The cart's buyer form filled from the signed-in account, once per page: the cart island imports this only
 * when the session marker exists, so an anonymous visitor's cart loads no session code.
 */
import { fillBuyerFromAccount } from "../cart/checkout-api.ts";
import { $session } from "../session.ts";

/** Fills the cart's buyer form from the account as soon as the session knows it; returns the stop function. */
export function fillCartFromSession(eventId: string): () => void {
  let unsubscribe: (() => void) | null = null;
  let done = false;
  unsubscribe = $session.subscribe((session) => {
    if (done || session.status !== "authenticated" || !session.account) return;
    done = true;
    fillBuyerFromAccount(eventId, session.account);
    queueMicrotask(() => unsubscribe?.());
  });
  if (done) unsubscribe();
  return () => unsubscribe?.();
}
