import { describe, expect, it } from "vitest";
import {
  amountsWithMethod,
  linesTotal,
  paymentFee,
  variantUnitPrice,
} from "../../../src/lib/pricing/totals.ts";

describe("pricing totals", () => {
  it("prices a variant value as the product's price plus its delta, never below 0", () => {
    expect(variantUnitPrice(45000, 5000)).toBe(50000);
    expect(variantUnitPrice(45000, -5000)).toBe(40000);
    expect(variantUnitPrice(4000, -5000)).toBe(0);
  });

  it("sums unit price times count", () => {
    expect(
      linesTotal([
        { unitPrice: 50000, count: 2 },
        { unitPrice: 9900, count: 1 },
      ]),
    ).toBe(109900);
    expect(linesTotal([])).toBe(0);
  });

  it("charges the method's fee only on something to pay", () => {
    expect(paymentFee(100, 2500)).toBe(2500);
    expect(paymentFee(100, null)).toBe(0);
    expect(paymentFee(0, 2500)).toBe(0);
  });

  it("reprices an order for another method: the old fee out, the new method's fee in", () => {
    const card = { value: 658000, amount: 658000, feeAmount: 0 };
    expect(amountsWithMethod(card, 2500)).toEqual({ value: 660500, amount: 660500, feeAmount: 2500 });
    const bank = { value: 660500, amount: 610500, feeAmount: 2500 };
    expect(amountsWithMethod(bank, null)).toEqual({ value: 658000, amount: 608000, feeAmount: 0 });
    expect(amountsWithMethod(bank, 1000)).toEqual({ value: 659000, amount: 609000, feeAmount: 1000 });
  });
});
