import { describe, expect, it } from "vitest";
import { emptyCart, restoreCart } from "../../../src/stores/cart/state.ts";
import { BUYER, cart, codeCheck, IDS, U } from "./support/fixtures.ts";

describe("stored cart", () => {
  it("starts empty with the language's country, and reads back only a cart of the same event", () => {
    expect(emptyCart(U(1), "sk").buyer.countryId).toBe(2);
    expect(emptyCart(U(1), "de").billing.countryId).toBe(14);
    const stored = cart({ tickets: { [IDS.pass]: 2, bad: -1 } as Record<string, number>, buyer: BUYER });
    const back = restoreCart(JSON.parse(JSON.stringify(stored)), U(1));
    expect(back.tickets).toEqual({ [IDS.pass]: 2 });
    expect(back.buyer).toEqual(BUYER);
    expect(restoreCart(stored, U(2)).tickets).toEqual({});
    expect(restoreCart("garbage", U(1))).toEqual(emptyCart(U(1)));
    expect(restoreCart({ version: 2, eventId: U(1) }, U(1))).toEqual(emptyCart(U(1)));
    const coupon = { kind: "coupon", code: "A", check: codeCheck() };
    const codes = restoreCart(
      { ...stored, codes: { coupon, discount: { kind: "coupon" }, x: 1 } },
      U(1),
    ).codes;
    expect(codes).toEqual({ coupon });
  });
});
