import { describe, expect, it } from "vitest";
import { basisText, termsBasis } from "../../../src/lib/pricing/discount-basis.ts";

describe("how a discount counts", () => {
  it("reads a code's terms as a percentage per ticket or an amount per order, none without terms", () => {
    expect(termsBasis("percent", 10)).toEqual({ kind: "percent", percent: 10 });
    expect(termsBasis("fixed", 20000)).toEqual({ kind: "fixed", amount: 20000 });
    expect(termsBasis(null, 10)).toBeNull();
    expect(termsBasis("fixed", undefined)).toBeNull();
  });

  it("words each basis with the cart's texts and formats amounts", () => {
    const t = (key: string, values: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;
    const money = (minor: number) => `${minor / 100} Kč`;
    expect(basisText({ kind: "percent", percent: 15 }, t, money)).toBe('codeBasis.percent {"percent":15}');
    expect(basisText({ kind: "fixed", amount: 20000 }, t, money)).toBe('codeBasis.fixed {"amount":"200 Kč"}');
    expect(basisText({ kind: "tickets", count: 2 }, t, money)).toBe('codeBasis.tickets {"count":2}');
  });
});
