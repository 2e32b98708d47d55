/**
 * The names of the kinds of codes in the service's own texts (mails, receipts), the words the storefront's
 * cart and order page use (locales/<lng>/main.json `cart.codes.kinds`, `order.summary.discount`).
 */
import type { Locale } from "../../lib/i18n/config.ts";

/** Where a discount of an order comes from. */
export type CodeSource = "coupon" | "discountCode" | "supercoupon";

const NAMES: Readonly<Record<Locale, Readonly<Record<CodeSource, string>>>> = {
  cs: { coupon: "Kupon", discountCode: "Slevový kód", supercoupon: "Superkupon" },
  en: { coupon: "Coupon", discountCode: "Discount code", supercoupon: "Supercoupon" },
  de: { coupon: "Gutschein", discountCode: "Rabattcode", supercoupon: "Supercoupon" },
  sk: { coupon: "Kupón", discountCode: "Zľavový kód", supercoupon: "Superkupón" },
};

/** A discount's line name in a language: the kind of its code, then the code ("Kupon LETO"). */
export function discountName(locale: Locale, source: CodeSource, code: string): string {
  return `${NAMES[locale][source]} ${code}`;
}
