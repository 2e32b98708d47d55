import { describe, expect, it } from "vitest";
import { linesTotal, paymentFee, variantUnitPrice } from "../../../src/lib/pricing/totals.ts";

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
});
