import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { getT } from "../../src/lib/i18n/index.ts";
import { discountName } from "../../src/pass-service/services/code-kinds.ts";

/** The cart's kind of a code for each source of an order's discount. */
const CART_KIND = { coupon: "coupon", discountCode: "discount", supercoupon: "supercoupon" } as const;

describe("the names of code kinds", () => {
  for (const locale of LOCALES) {
    it(`are one word per kind in ${locale}: the cart, the order page, the receipt and the mails`, () => {
      const t = getT(locale);
      for (const [source, kind] of Object.entries(CART_KIND) as [keyof typeof CART_KIND, string][]) {
        const name = discountName(locale, source, "LETO");
        expect(name).toBe(`${t(`cart.codes.kinds.${kind}`)} LETO`);
        expect(name).toBe(t(`order.summary.discount.${source}`, { code: "LETO" }));
        expect(name).toBe(t("cart.discount", { kind: t(`cart.codes.kinds.${kind}`), code: "LETO" }));
      }
    });
  }
});
