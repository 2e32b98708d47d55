import { describe, expect, it } from "vitest";
import { codeRefusalKey, pickCode } from "../../../src/stores/cart/codes.ts";
import { codeCheck, supercoupon } from "./support/fixtures.ts";

describe("refusals and codes", () => {
  it("explains a refused code by its reason", () => {
    expect(codeRefusalKey("expired")).toBe("codes.reasons.expired");
    expect(codeRefusalKey("wrongEvent")).toBe("codes.reasons.wrongEvent");
    expect(codeRefusalKey(null)).toBe("codes.reasons.notFound");
    expect(codeRefusalKey("odd")).toBe("codes.reasons.notFound");
  });

  it("keeps the first valid check of an entered code, else the most telling refusal", () => {
    const coupon = {
      kind: "coupon" as const,
      code: "X",
      check: codeCheck({ valid: false, reason: "notFound" }),
    };
    const discount = {
      kind: "discount" as const,
      code: "X",
      check: codeCheck({ valid: false, reason: "expired" }),
    };
    const superOk = { kind: "supercoupon" as const, code: "X", check: supercoupon() };
    expect(pickCode([coupon, discount, superOk])).toEqual({ valid: superOk, reason: "" });
    expect(pickCode([coupon, discount])).toEqual({ valid: null, reason: "expired" });
    expect(pickCode([coupon])).toEqual({ valid: null, reason: "notFound" });
  });
});
