/**
 * What every part of the cart island shares: the page's language and its texts, the event, the mode and
 * the formatters of money and dates. Only the page's language is loaded (its `cart` texts come as props).
 */
import { createContext, type ReactNode, useContext } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { dictionaryT } from "../../lib/i18n/dictionary-t.ts";
import { formatDateTime } from "../../lib/i18n/format.ts";
import { type CurrencyId, formatMoney } from "../../lib/money.ts";

/** Translates a key under `cart.` of the page's language, with values (a `count` picks the plural form). */
export type CartT = (key: string, values?: Record<string, unknown>) => string;

/** A translate function over the `cart` texts of one language (plural forms and interpolation as i18next's). */
export function createCartT(locale: Locale, messages: Dictionary): CartT {
  return dictionaryT(locale, messages);
}

/** What the parts of the island share. */
export interface CartView {
  t: CartT;
  locale: Locale;
  eventId: string;
  demo: boolean;
  /** Formats minor units of the event's currency. */
  money: (minor: number) => string;
  /** Formats a moment as date and time in the event's time zone. */
  dateTime: (value: string) => string;
}

/** Builds the shared view of the island. */
export function cartView(options: {
  t: CartT;
  locale: Locale;
  eventId: string;
  demo: boolean;
  currencyId: number;
  timeZone: string;
}): CartView {
  const { t, locale, eventId, demo, currencyId, timeZone } = options;
  return {
    t,
    locale,
    eventId,
    demo,
    money: (minor) => {
      try {
        return formatMoney(minor, currencyId as CurrencyId, locale);
      } catch {
        return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(minor / 100);
      }
    },
    dateTime: (value) => formatDateTime(value, locale, { dateStyle: "long", timeStyle: "short", timeZone }),
  };
}

const CartContext = createContext<CartView | null>(null);

/** Provides the shared view to the parts of the island. */
export function CartViewProvider({ view, children }: { view: CartView; children: ReactNode }) {
  return <CartContext.Provider value={view}>{children}</CartContext.Provider>;
}

/** The shared view of the island. */
export function useCartView(): CartView {
  const view = useContext(CartContext);
  if (!view) throw new Error("useCartView is used outside the cart island");
  return view;
}
