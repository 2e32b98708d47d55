import { describe, expect, it } from "vitest";
import type { ChipProduct, ExtraProduct, TicketType } from "../../../src/contract/ticket.ts";
import {
  anythingOnSale,
  canStep,
  chipLimits,
  clampCount,
  extraLimits,
  fitToCatalog,
  salesClosed,
  stepCount,
  ticketLimits,
} from "../../../src/stores/cart/limits.ts";
import { extraOptions } from "../../../src/stores/cart/lines.ts";
import { cart, catalog, IDS, NOW, U } from "./support/fixtures.ts";

describe("limits of a line", () => {
  const types = catalog().ticketTypes;
  const pass = types.find((t) => t.ticketTypeId === IDS.pass) as TicketType;
  const vip = types.find((t) => t.ticketTypeId === IDS.vip) as TicketType;

  it("allows 0 or min…max, max being the smaller of the per-order limit and what is left", () => {
    expect(ticketLimits(pass, { now: NOW })).toEqual({
      state: "onSale",
      min: 1,
      max: 6,
      left: null,
      from: null,
    });
    expect(ticketLimits(vip, { now: NOW })).toEqual({ state: "onSale", min: 2, max: 3, left: 3, from: null });
  });

  it("counts the cart's own hold back in: held tickets are not in `available`", () => {
    const none = { ...vip, available: 0, soldOut: true };
    expect(ticketLimits(none, { now: NOW }).state).toBe("soldOut");
    expect(ticketLimits(none, { now: NOW, held: 2 })).toMatchObject({ state: "onSale", max: 2 });
  });

  it("is sold out when fewer than the minimum are left", () => {
    expect(ticketLimits({ ...vip, available: 1 }, { now: NOW }).state).toBe("soldOut");
  });

  it("follows the sales window, except in a demo cart", () => {
    const later = { ...pass, salesFrom: "2026-07-01T08:00:00Z" };
    expect(ticketLimits(later, { now: NOW })).toMatchObject({
      state: "notYet",
      max: 0,
      from: later.salesFrom,
    });
    expect(ticketLimits(later, { now: NOW, demo: true }).state).toBe("onSale");
    const over = { ...pass, salesTo: "2026-05-01T08:00:00Z" };
    expect(ticketLimits(over, { now: NOW }).state).toBe("ended");
  });

  it("points seated types to the seating plan and closes everything while the event is not on sale", () => {
    expect(ticketLimits(pass, { now: NOW, seated: true }).state).toBe("seated");
    const closed = salesClosed({ salesState: "upcoming", saleStartsAt: "2026-07-01T08:00:00Z" }, false, NOW);
    expect(closed).toEqual({ state: "notYet", from: "2026-07-01T08:00:00Z" });
    expect(ticketLimits(pass, { now: NOW, closed })).toMatchObject({ state: "notYet", max: 0 });
    expect(salesClosed({ salesState: "upcoming", saleStartsAt: null }, true, NOW)).toBeNull();
    expect(salesClosed({ salesState: "upcoming", saleStartsAt: null }, false, NOW)?.state).toBe("notYet");
    expect(
      salesClosed({ salesState: "upcoming", saleStartsAt: "2026-05-01T08:00:00Z" }, false, NOW),
    ).toBeNull();
    expect(salesClosed({ salesState: "ended", saleStartsAt: null }, false, NOW)?.state).toBe("ended");
    expect(salesClosed({ salesState: "soldOut", saleStartsAt: null }, false, NOW)).toBeNull();
  });

  it("steps up from 0 to the minimum and down from the minimum to 0, never past the maximum", () => {
    const limits = { min: 2, max: 3 };
    expect(stepCount(0, 1, limits)).toBe(2);
    expect(stepCount(2, 1, limits)).toBe(3);
    expect(stepCount(3, 1, limits)).toBe(3);
    expect(canStep(3, 1, limits)).toBe(false);
    expect(stepCount(3, -1, limits)).toBe(2);
    expect(stepCount(2, -1, limits)).toBe(0);
    expect(canStep(0, -1, limits)).toBe(false);
    expect(clampCount(1, limits)).toBe(2);
    expect(clampCount(9, limits)).toBe(3);
    expect(clampCount(-1, limits)).toBe(0);
    expect(clampCount(2, { min: 2, max: 1 })).toBe(0);
  });

  it("shares an extra product's per-order limit between its variant lines, each within its own stock", () => {
    const shirt = catalog().extraProducts[1] as ExtraProduct;
    const [small, large] = extraOptions(shirt);
    if (!small || !large) throw new Error("fixture");
    expect(extraLimits(small, {})).toMatchObject({ state: "onSale", max: 1, left: 1 });
    expect(extraLimits(large, { [small.key]: 1 })).toMatchObject({ max: 2 });
    expect(extraLimits(large, {}, { state: "ended", from: null }).max).toBe(0);
    expect(extraLimits({ ...small, available: 0 }, {}).state).toBe("soldOut");
  });

  it("caps chip top-ups at 10 each, or at the event's credit limit over all chip products", () => {
    const c = catalog();
    const chip500 = c.chipProducts.find((p) => p.productItemId === IDS.chip500) as ChipProduct;
    expect(chipLimits(chip500, {}, c).max).toBe(10);
    const limited = {
      ...c,
      chipCreditLimit: { eventId: U(1), minAmount: 10000, maxAmount: 200000, step: 10000, currencyId: 1 },
    };
    expect(chipLimits(chip500, { [IDS.chip1000]: 1 }, limited).max).toBe(2);
  });

  it("says whether anything can be picked", () => {
    expect(anythingOnSale(catalog(), { now: NOW })).toBe(true);
    expect(anythingOnSale(catalog(U(1), { salesState: "ended" }), { now: NOW })).toBe(false);
    expect(anythingOnSale(catalog(U(1), { salesState: "upcoming" }), { now: NOW, demo: true })).toBe(true);
  });
});

describe("hold", () => {
  it("lowers counts the live catalog no longer allows, and says which", () => {
    const live = catalog();
    const vip = live.ticketTypes.find((t) => t.ticketTypeId === IDS.vip);
    if (vip) vip.available = 2;
    const gone = live.ticketTypes.find((t) => t.ticketTypeId === IDS.day);
    if (gone) gone.soldOut = true;
    if (gone) gone.available = 0;
    const state = cart({
      tickets: { [IDS.vip]: 3, [IDS.day]: 1, [IDS.pass]: 2 },
      extras: { [IDS.parking]: 9 },
    });
    const fitted = fitToCatalog(state, live, { now: NOW });
    expect(fitted.state.tickets).toEqual({ [IDS.vip]: 2, [IDS.pass]: 2 });
    expect(fitted.state.extras).toEqual({ [IDS.parking]: 4 });
    expect(fitted.changed.sort()).toEqual([IDS.day, IDS.parking, IDS.vip].sort());
    const same = cart({ tickets: { [IDS.pass]: 2 } });
    expect(fitToCatalog(same, catalog(), { now: NOW }).state).toBe(same);
  });
});
