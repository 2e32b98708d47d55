import { describe, expect, it } from "vitest";
import { discountBasis } from "../../../src/stores/cart/discount-basis.ts";
import { discountEstimate, supercouponEstimate } from "../../../src/stores/cart/estimate.ts";
import { summaryLines } from "../../../src/stores/cart/lines.ts";
import { cart, catalog, codeCheck, IDS, supercoupon } from "./support/fixtures.ts";

describe("summary", () => {
  it("estimates a discount as the service does: percent of the lines it covers, a fixed amount per order", () => {
    const lines = summaryLines(
      cart({ tickets: { [IDS.pass]: 2, [IDS.day]: 1 }, extras: { [IDS.parking]: 1 } }),
      catalog(),
    );
    expect(discountEstimate(codeCheck({ value: 10 }), lines)).toBe(54800);
    expect(discountEstimate(codeCheck({ value: 10, ticketTypeIds: [IDS.day] }), lines)).toBe(5000);
    expect(
      discountEstimate(
        codeCheck({ value: 50, ticketProductIds: [IDS.parking], ticketTypeIds: [IDS.day] }),
        lines,
      ),
    ).toBe(40000);
    expect(
      discountEstimate(codeCheck({ kind: "fixed", value: 20000, ticketTypeIds: [IDS.day] }), lines),
    ).toBe(20000);
    expect(
      discountEstimate(codeCheck({ kind: "fixed", value: 999999, ticketTypeIds: [IDS.day] }), lines),
    ).toBe(50000);
    expect(discountEstimate(codeCheck({ valid: false }), lines)).toBe(0);
    expect(discountEstimate(codeCheck({ ticketTypeIds: [IDS.vip] }), lines)).toBe(0);
  });

  it("lets a supercoupon cover its remaining tickets, the dearest first", () => {
    const lines = summaryLines(cart({ tickets: { [IDS.pass]: 1, [IDS.day]: 3 } }), catalog());
    expect(supercouponEstimate(supercoupon({ remainingTickets: 2 }), lines)).toBe(299000);
    expect(supercouponEstimate(supercoupon({ ticketTypeIds: [IDS.day], remainingTickets: 5 }), lines)).toBe(
      150000,
    );
    expect(supercouponEstimate(supercoupon({ valid: false }), lines)).toBe(0);
  });

  it("says how a code counts: a percentage per ticket, a fixed amount per order, or whole tickets", () => {
    const lines = summaryLines(cart({ tickets: { [IDS.pass]: 1, [IDS.day]: 3 } }), catalog());
    expect(discountBasis({ kind: "coupon", code: "C", check: codeCheck({ value: 10 }) }, lines)).toEqual({
      kind: "percent",
      percent: 10,
    });
    expect(
      discountBasis(
        { kind: "discount", code: "D", check: codeCheck({ kind: "fixed", value: 20000 }) },
        lines,
      ),
    ).toEqual({ kind: "fixed", amount: 20000 });
    expect(
      discountBasis({ kind: "supercoupon", code: "S", check: supercoupon({ remainingTickets: 2 }) }, lines),
    ).toEqual({ kind: "tickets", count: 2 });
    expect(
      discountBasis({ kind: "coupon", code: "C", check: codeCheck({ kind: null, value: null }) }, lines),
    ).toBeNull();
  });
});
