/**
 * `$cart`: what the buyer picked and typed for one event, one store per event and mode, kept in
 * sessionStorage so a reload keeps the selection and the hold (a demo cart keeps its own key).
 */
import {
  type PersistentStore,
  persistentJSON,
  setPersistentEngine,
  windowPersistentEvents,
} from "@nanostores/persistent";
import type { WritableAtom } from "nanostores";
import type { Locale } from "../../lib/i18n/config.ts";
import { type CartState, emptyCart, restoreCart } from "./state.ts";

/** A live cart holds and orders; a demo cart only shows what the cart will be like. */
export type CartMode = "live" | "demo";

/** sessionStorage key of an event's cart. */
export function cartStorageKey(eventId: string, mode: CartMode = "live"): string {
  return mode === "demo" ? `vstupio:cart-demo:${eventId}` : `vstupio:cart:${eventId}`;
}

/** The tab's sessionStorage, when the browser lets scripts use it. */
function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // Storage blocked (privacy settings): the cart then lives in memory only.
  }
}

const storage = tabStorage();
if (storage) setPersistentEngine(storage as unknown as PersistentStore, windowPersistentEvents);

const carts = new Map<string, WritableAtom<CartState>>();

/** The stored cart of an event (one store per event and mode, created on first use). */
export function $cart(
  eventId: string,
  mode: CartMode = "live",
  locale: Locale = "cs",
): WritableAtom<CartState> {
  const key = cartStorageKey(eventId, mode);
  let store = carts.get(key);
  if (!store) {
    const raw = persistentJSON<unknown>(key, emptyCart(eventId, locale));
    store = raw as WritableAtom<CartState>;
    store.set(restoreCart(raw.get(), eventId, locale));
    carts.set(key, store);
  }
  return store;
}

/** Empties the stored cart of an event (its store when it was opened on this page, else its storage key). */
export function forgetStoredCart(eventId: string, mode: CartMode, locale: Locale | undefined): void {
  const store = carts.get(cartStorageKey(eventId, mode));
  if (store) {
    store.set(emptyCart(eventId, locale));
  } else if (storage) {
    try {
      storage.removeItem(cartStorageKey(eventId, mode));
    } catch {
      // Storage blocked: nothing was kept.
    }
  }
}
