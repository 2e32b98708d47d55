import { describe, expect, it } from "vitest";
import {
  type DiscountTerms,
  discountAmount,
  discountCovers,
  discountTotal,
  supercouponCover,
} from "../../../src/lib/pricing/discounts.ts";
import type { PricedLine } from "../../../src/lib/pricing/totals.ts";

const DAY = "day";
const VIP = "vip";
const SHIRT = "shirt";
const MUG = "mug";

const ticket = (id: string, unitPrice: number, count = 1): PricedLine => ({
  kind: "ticket",
  id,
  unitPrice,
  count,
});
const product = (id: string, unitPrice: number, count = 1): PricedLine => ({
  kind: "product",
  id,
  unitPrice,
  count,
});
const terms = (fields: Partial<DiscountTerms> = {}): DiscountTerms => ({
  kind: "percent",
  value: 10,
  ticketTypeIds: [],
  ticketProductIds: [],
  ...fields,
});

describe("discountCovers", () => {
  it("covers every ticket when no ticket type is listed, and only listed products", () => {
    const scope = { ticketTypeIds: [], ticketProductIds: [SHIRT] };
    expect(discountCovers(scope, ticket(DAY, 1))).toBe(true);
    expect(discountCovers(scope, product(SHIRT, 1))).toBe(true);
    expect(discountCovers(scope, product(MUG, 1))).toBe(false);
  });

  it("covers only the listed ticket types when some are listed, and no product when none is listed", () => {
    const scope = { ticketTypeIds: [DAY], ticketProductIds: [] };
    expect(discountCovers(scope, ticket(DAY, 1))).toBe(true);
    expect(discountCovers(scope, ticket(VIP, 1))).toBe(false);
    expect(discountCovers(scope, product(SHIRT, 1))).toBe(false);
  });
});

describe("discountAmount", () => {
  const lines = [ticket(DAY, 50000, 2), ticket(VIP, 299000), product(SHIRT, 45000, 2), product(MUG, 9900)];

  it("takes a percentage of the covered lines (every ticket, listed products)", () => {
    expect(discountAmount(terms(), lines)).toBe(39900);
    expect(discountAmount(terms({ ticketProductIds: [SHIRT] }), lines)).toBe(48900);
    expect(discountAmount(terms({ ticketTypeIds: [DAY] }), lines)).toBe(10000);
  });

  it("rounds a half unit up, and other fractions to the nearest unit", () => {
    // 25 × 10 % = 2.5 → 3; 15 × 10 % = 1.5 → 2; 14 × 10 % = 1.4 → 1; 16 × 10 % = 1.6 → 2
    expect(discountAmount(terms(), [ticket(DAY, 25)])).toBe(3);
    expect(discountAmount(terms(), [ticket(DAY, 5, 3)])).toBe(2);
    expect(discountAmount(terms(), [ticket(DAY, 7, 2)])).toBe(1);
    expect(discountAmount(terms(), [ticket(DAY, 8, 2)])).toBe(2);
    // 150 × 1 % = 1.5 → 2; 50 × 5 % = 2.5 → 3; 250 × 3 % = 7.5 → 8
    expect(discountAmount(terms({ value: 1 }), [ticket(DAY, 150)])).toBe(2);
    expect(discountAmount(terms({ value: 5 }), [ticket(DAY, 50)])).toBe(3);
    expect(discountAmount(terms({ value: 3 }), [ticket(DAY, 125, 2)])).toBe(8);
  });

  it("gives a fixed amount per order, never more than the covered lines cost", () => {
    expect(discountAmount(terms({ kind: "fixed", value: 20000, ticketTypeIds: [DAY] }), lines)).toBe(20000);
    expect(discountAmount(terms({ kind: "fixed", value: 999999, ticketTypeIds: [DAY] }), lines)).toBe(100000);
    expect(discountAmount(terms({ value: 100, ticketTypeIds: [VIP] }), lines)).toBe(299000);
  });

  it("is 0 when it covers none of the lines, or the lines are free or empty", () => {
    expect(discountAmount(terms({ ticketTypeIds: ["other"] }), lines)).toBe(0);
    expect(discountAmount(terms(), [product(SHIRT, 45000)])).toBe(0);
    expect(discountAmount(terms({ kind: "fixed", value: 500 }), [ticket(DAY, 0, 3)])).toBe(0);
    expect(discountAmount(terms(), [])).toBe(0);
  });

  it("is never negative, even for lines that add up below zero", () => {
    expect(discountAmount(terms({ kind: "fixed", value: 500 }), [ticket(DAY, -100)])).toBe(0);
    expect(discountAmount(terms({ value: 50 }), [ticket(DAY, -100)])).toBe(0);
  });

  it("does not depend on the order of the lines", () => {
    const shuffled = [lines[3], lines[1], lines[0], lines[2]] as PricedLine[];
    for (const t of [
      terms(),
      terms({ value: 33, ticketProductIds: [SHIRT, MUG] }),
      terms({ kind: "fixed" }),
    ]) {
      expect(discountAmount(t, shuffled)).toBe(discountAmount(t, lines));
    }
  });
});

describe("supercouponCover", () => {
  it("takes the dearest covered tickets first, whatever the order of the lines", () => {
    const lines = [ticket(DAY, 100), ticket(VIP, 500), product(SHIRT, 9000), ticket(DAY, 300)];
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: 2 }, lines)).toEqual({
      covered: 3,
      tickets: 2,
      amount: 800,
    });
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: 2 }, [...lines].reverse())).toEqual({
      covered: 3,
      tickets: 2,
      amount: 800,
    });
  });

  it("counts each unit of a line as one ticket and covers only its ticket types", () => {
    const lines = [ticket(DAY, 50000, 3), ticket(VIP, 299000)];
    expect(supercouponCover({ ticketTypeIds: [DAY], remainingTickets: 5 }, lines)).toEqual({
      covered: 3,
      tickets: 3,
      amount: 150000,
    });
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: 2 }, lines)).toEqual({
      covered: 4,
      tickets: 2,
      amount: 349000,
    });
  });

  it("takes nothing when it has no tickets left (never counting from the end) or covers none", () => {
    const lines = [ticket(DAY, 100), ticket(VIP, 500)];
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: 0 }, lines)).toEqual({
      covered: 2,
      tickets: 0,
      amount: 0,
    });
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: -1 }, lines)).toEqual({
      covered: 2,
      tickets: 0,
      amount: 0,
    });
    expect(supercouponCover({ ticketTypeIds: ["other"], remainingTickets: 3 }, lines)).toEqual({
      covered: 0,
      tickets: 0,
      amount: 0,
    });
    expect(supercouponCover({ ticketTypeIds: [], remainingTickets: 3 }, [product(SHIRT, 100)]).covered).toBe(
      0,
    );
  });
});

describe("discountTotal", () => {
  it("adds the discounts up to what the lines cost", () => {
    const lines = [ticket(DAY, 1000), product(SHIRT, 500)];
    expect(discountTotal(lines, [300, 200])).toBe(500);
    expect(discountTotal(lines, [1000, 900])).toBe(1500);
    expect(discountTotal(lines, [])).toBe(0);
    expect(discountTotal([], [100])).toBe(0);
  });
});
