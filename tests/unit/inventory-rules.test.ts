/**
 * The pure rules of inventory: where an event stands in its sales (each boundary on its exact instant), the
 * refusal an event outside its sale gets, a ticket type's own sales window and per-order limits, the
 * sold-out and limit refusals (status, message, field and details), what a variant value has left, and how
 * long a hold lives.
 */
import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/pass-service/errors.ts";
import { holdExpiry, holdStatusAt } from "../../src/pass-service/services/hold-limits.ts";
import {
  assertEventOnSale,
  salesStateOf,
  variantValueAvailable,
} from "../../src/pass-service/services/inventory.ts";
import {
  assertInSalesWindow,
  assertPerOrderLimits,
  assertTicketsLeft,
  inSalesWindow,
  limitExceeded,
  NONE_HELD,
  soldOut,
} from "../../src/pass-service/services/sale-rules.ts";

const NOW = new Date("2026-06-01T12:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;
/** An event on sale at NOW: no sale window, ending in a day. */
const OPEN = { saleStartsAt: null, saleEndsAt: null, endsAt: at(DAY) };

/** The ServiceError a call throws. */
function refusal(call: () => void): ServiceError {
  try {
    call();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("salesStateOf", () => {
  it("is on sale without a window, with units left or without ticket types", () => {
    expect(salesStateOf(OPEN, 5, true, NOW)).toBe("onSale");
    expect(salesStateOf(OPEN, 0, false, NOW)).toBe("onSale");
  });

  it("is sold out when it has ticket types and none of them has a unit left", () => {
    expect(salesStateOf(OPEN, 0, true, NOW)).toBe("soldOut");
  });

  it("has ended from the event's end on, and from the sale's end on, whatever is left", () => {
    expect(salesStateOf({ ...OPEN, endsAt: NOW }, 5, true, NOW)).toBe("ended");
    expect(salesStateOf({ ...OPEN, endsAt: at(-1) }, 0, true, NOW)).toBe("ended");
    expect(salesStateOf({ ...OPEN, endsAt: at(1) }, 5, true, NOW)).toBe("onSale");
    expect(salesStateOf({ ...OPEN, saleEndsAt: NOW }, 5, true, NOW)).toBe("ended");
    expect(salesStateOf({ ...OPEN, saleEndsAt: at(1) }, 5, true, NOW)).toBe("onSale");
  });

  it("is upcoming until the sale's start, and on sale from that instant", () => {
    expect(salesStateOf({ ...OPEN, saleStartsAt: at(1) }, 0, true, NOW)).toBe("upcoming");
    expect(salesStateOf({ ...OPEN, saleStartsAt: NOW }, 5, true, NOW)).toBe("onSale");
    expect(salesStateOf({ ...OPEN, saleStartsAt: at(-DAY) }, 5, true, NOW)).toBe("onSale");
  });

  it("puts an ended sale before an upcoming one", () => {
    expect(salesStateOf({ ...OPEN, saleStartsAt: at(1), saleEndsAt: at(-1) }, 5, true, NOW)).toBe("ended");
  });
});

describe("assertEventOnSale", () => {
  const event = { ...OPEN, eventId: "e1", visible: true };

  it("lets an event on sale through", () => {
    expect(() => assertEventOnSale(event, "e1", NOW)).not.toThrow();
  });

  it("answers 404 for an unknown or hidden event, naming the id", () => {
    for (const missing of [undefined, { ...event, visible: false }]) {
      const error = refusal(() => assertEventOnSale(missing, "e1", NOW));
      expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", field: "eventId" });
      expect(error.message).toBe('Event "e1" was not found');
    }
  });

  it("answers 409 NOT_ON_SALE before the sale, after it and after the event", () => {
    for (const outside of [
      { ...event, saleStartsAt: at(1) },
      { ...event, saleEndsAt: NOW },
      { ...event, endsAt: NOW },
    ]) {
      const error = refusal(() => assertEventOnSale(outside, "e1", NOW));
      expect(error).toMatchObject({ status: 409, code: "NOT_ON_SALE", field: "eventId" });
      expect(error.message).toBe("Tickets for this event are not on sale now");
    }
  });
});

describe("a ticket type's own sales window", () => {
  const NONE = { salesFrom: null, salesTo: null };

  it("is open without bounds, from its start on (inclusive) and until its end (exclusive)", () => {
    expect(inSalesWindow(NONE, NOW)).toBe(true);
    expect(inSalesWindow({ ...NONE, salesFrom: NOW }, NOW)).toBe(true);
    expect(inSalesWindow({ ...NONE, salesFrom: at(1) }, NOW)).toBe(false);
    expect(inSalesWindow({ ...NONE, salesTo: at(1) }, NOW)).toBe(true);
    expect(inSalesWindow({ ...NONE, salesTo: NOW }, NOW)).toBe(false);
    expect(inSalesWindow({ salesFrom: at(-1), salesTo: at(1) }, NOW)).toBe(true);
    expect(inSalesWindow({ salesFrom: at(1), salesTo: at(2) }, NOW)).toBe(false);
    expect(inSalesWindow({ salesFrom: at(-2), salesTo: at(-1) }, NOW)).toBe(false);
  });

  it("refuses outside it with 409 NOT_ON_SALE, naming the ticket type and the line", () => {
    expect(() => assertInSalesWindow({ ...NONE, salesFrom: NOW }, "VIP", "items.0", NOW)).not.toThrow();
    for (const closed of [
      { ...NONE, salesFrom: at(1) },
      { ...NONE, salesTo: NOW },
    ]) {
      expect(refusal(() => assertInSalesWindow(closed, "VIP", "items.1", NOW))).toMatchObject({
        status: 409,
        code: "NOT_ON_SALE",
        field: "items.1",
        message: "VIP is not on sale now",
      });
    }
  });
});

describe("a ticket type's per-order limits", () => {
  const LIMITS = { minPerOrder: 2, maxPerOrder: 4 };
  const check = (count: number, checkMin?: boolean) => () =>
    assertPerOrderLimits(LIMITS, count, "VIP", "items.3", checkMin);

  it("lets the minimum, the maximum and what lies between through", () => {
    for (const count of [2, 3, 4]) expect(check(count)).not.toThrow();
  });

  it("refuses one more than the maximum: at most so many, with both bounds", () => {
    expect(refusal(check(5))).toMatchObject({
      status: 400,
      code: "LIMIT_EXCEEDED",
      field: "items.3",
      message: "At most 4 of VIP per order",
      details: { min: 2, max: 4 },
    });
    expect(refusal(check(5, false)).message).toBe("At most 4 of VIP per order");
  });

  it("refuses one fewer than the minimum: at least so many; not when the minimum is checked later", () => {
    expect(refusal(check(1))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      field: "items.3",
      message: "At least 2 of VIP per order",
      details: { min: 2, max: 4 },
    });
    expect(check(1, false)).not.toThrow();
  });
});

describe("what is left of a ticket type", () => {
  const ROW = { ticketTypeId: "t1", capacity: 10, sold: 6 };
  const others = new Map([["t1", 2]]);
  const left = (count: number, held: Parameters<typeof assertTicketsLeft>[2]) => () =>
    assertTicketsLeft(ROW, count, held, "items.0", "VIP");

  it("is capacity − sold − other holds: that many pass, one more is refused with what is left", () => {
    expect(left(2, { others, own: NONE_HELD })).not.toThrow();
    expect(refusal(left(3, { others, own: NONE_HELD }))).toMatchObject({
      status: 409,
      code: "SOLD_OUT",
      field: "items.0",
      details: { available: 2 },
      message: "Only 2 of VIP are left",
    });
  });

  it("counts no other holds when none hold the type", () => {
    expect(left(4, { others: new Map([["t2", 3]]), own: NONE_HELD })).not.toThrow();
    expect(refusal(left(5, { others: NONE_HELD, own: NONE_HELD })).details).toEqual({ available: 4 });
  });

  it("says how many could be added to the order's own hold, never below zero", () => {
    expect(refusal(left(3, { others, own: new Map([["t1", 1]]) })).details).toEqual({ available: 1 });
    expect(refusal(left(3, { others, own: new Map([["t1", 2]]) })).message).toBe("VIP is sold out");
    expect(refusal(left(9, { others, own: new Map([["t1", 5]]) })).details).toEqual({ available: 0 });
  });

  it("refuses everything once more is sold and held than the capacity", () => {
    const over = { ...ROW, sold: 11 };
    const error = refusal(() => assertTicketsLeft(over, 1, { others, own: NONE_HELD }, "items.1", "VIP"));
    expect(error).toMatchObject({ field: "items.1", details: { available: 0 } });
  });
});

describe("refusals", () => {
  it("sold out: 409 with the line, what is left, and a message that counts it", () => {
    expect(soldOut("items.0", "VIP", 0)).toMatchObject({
      status: 409,
      code: "SOLD_OUT",
      field: "items.0",
      details: { available: 0 },
      message: "VIP is sold out",
    });
    expect(soldOut("items.1", "VIP", 1)).toMatchObject({
      details: { available: 1 },
      message: "Only 1 of VIP is left",
    });
    expect(soldOut("items.1", "VIP", 3).message).toBe("Only 3 of VIP are left");
  });

  it("a limit: 400 LIMIT_EXCEEDED with the line, the message and both bounds (no minimum is null)", () => {
    expect(limitExceeded("items.2", "At most 4", { min: 2, max: 4 })).toMatchObject({
      status: 400,
      code: "LIMIT_EXCEEDED",
      field: "items.2",
      message: "At most 4",
      details: { min: 2, max: 4 },
    });
    expect(limitExceeded("products.0", "At most 10", { max: 10 }).details).toEqual({ min: null, max: 10 });
  });
});

describe("variantValueAvailable", () => {
  it("is the product's availability for a value without a capacity of its own", () => {
    expect(variantValueAvailable({ capacity: null, sold: 7 }, 12)).toBe(12);
  });

  it("is the value's own rest, never more than the product has left, never below zero", () => {
    expect(variantValueAvailable({ capacity: 10, sold: 4 }, 12)).toBe(6);
    expect(variantValueAvailable({ capacity: 10, sold: 4 }, 3)).toBe(3);
    expect(variantValueAvailable({ capacity: 10, sold: 12 }, 5)).toBe(0);
  });
});

describe("holdExpiry", () => {
  it("is a hold time after the last write, but never past the hold's lifetime", () => {
    const created = at(-10 * 60_000);
    expect(holdExpiry(created, NOW, 15 * 60_000, 60 * 60_000)).toEqual(at(15 * 60_000));
    expect(holdExpiry(created, NOW, 15 * 60_000, 20 * 60_000)).toEqual(at(10 * 60_000));
  });
});

describe("holdStatusAt", () => {
  it("is expired from the instant an active hold's time is up, active until then", () => {
    expect(holdStatusAt({ status: "active", expiresAt: at(1) }, NOW)).toBe("active");
    expect(holdStatusAt({ status: "active", expiresAt: NOW }, NOW)).toBe("expired");
    expect(holdStatusAt({ status: "active", expiresAt: at(-1) }, NOW)).toBe("expired");
  });

  it("keeps a hold released or ordered as it is, whatever its time", () => {
    for (const status of ["released", "ordered"] as const) {
      expect(holdStatusAt({ status, expiresAt: at(-1) }, NOW)).toBe(status);
      expect(holdStatusAt({ status, expiresAt: at(1) }, NOW)).toBe(status);
    }
  });
});
