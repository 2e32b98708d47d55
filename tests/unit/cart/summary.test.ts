import { describe, expect, it } from "vitest";
import { extraKey } from "../../../src/stores/cart/lines.ts";
import { cartSummary } from "../../../src/stores/cart/summary.ts";
import { cart, catalog, codeCheck, IDS } from "./support/fixtures.ts";

describe("summary", () => {
  it("lists lines in catalog order with amounts in minor units, chips loading count × amount", () => {
    const state = cart({
      tickets: { [IDS.day]: 1, [IDS.pass]: 2 },
      extras: { [extraKey(IDS.shirt, IDS.sizeL)]: 1 },
      chips: { [IDS.chip1000]: 2 },
    });
    const summary = cartSummary(state, catalog());
    expect(summary.lines.map((l) => [l.kind, l.name, l.detail, l.unitPrice, l.count, l.total])).toEqual([
      ["ticket", "Festival pass", "Passes", 249000, 2, 498000],
      ["ticket", "Day ticket", "Day tickets", 50000, 1, 50000],
      ["extra", "T-shirt", "L", 65000, 1, 65000],
      ["chip", "Credit 1 000", null, 95000, 2, 190000],
    ]);
    expect(summary.lines[3]?.credit).toBe(200000);
    expect(summary.subtotal).toBe(803000);
    expect(summary.fee).toBe(0);
    expect(summary.total).toBe(803000);
    expect(summary.ticketCount).toBe(3);
    expect(summary.itemCount).toBe(6);
  });

  it("adds the chosen payment method's fee (the first offered by display order by default)", () => {
    const state = cart({ tickets: { [IDS.pass]: 1 }, paymentMethodId: 2 });
    expect(cartSummary(state, catalog())).toMatchObject({ subtotal: 249000, fee: 2500, total: 251500 });
    expect(cartSummary({ ...state, paymentMethodId: 99 }, catalog()).fee).toBe(0);
    expect(cartSummary(cart({ paymentMethodId: 2 }), catalog())).toMatchObject({
      empty: true,
      fee: 0,
      total: 0,
    });
  });

  it("subtracts the codes' discounts, never below the discountable items, then adds the fee", () => {
    const state = cart({
      tickets: { [IDS.day]: 1 },
      chips: { [IDS.chip500]: 1 },
      paymentMethodId: 2,
      codes: {
        coupon: { kind: "coupon", code: "HALF", check: codeCheck({ value: 50 }) },
        discount: { kind: "discount", code: "FIX", check: codeCheck({ kind: "fixed", value: 40000 }) },
      },
    });
    const summary = cartSummary(state, catalog());
    expect(summary.discounts).toEqual([
      { kind: "coupon", code: "HALF", amount: 25000 },
      { kind: "discount", code: "FIX", amount: 40000 },
    ]);
    expect(summary.discountTotal).toBe(50000);
    expect(summary.total).toBe(100000 - 50000 + 2500);
  });
});
