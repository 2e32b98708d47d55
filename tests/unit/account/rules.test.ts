import { describe, expect, it } from "vitest";
import { CHIP_MAX_COUNT, chipCreditProblem, topUpBounds } from "../../../src/lib/order-limits.ts";
import { groupTickets, ordersNewestFirst } from "../../../src/stores/account/area.ts";
import { favoriteEntries, isFavorite } from "../../../src/stores/account/favorites.ts";
import { checkPasswordChange } from "../../../src/stores/account/password.ts";
import { checkTopUp, creditBody, parseAmount } from "../../../src/stores/account/top-up.ts";
import { chip, eventRef, orderSummary, ticket, U } from "./support/fixtures.ts";

describe("account area lists", () => {
  it("lists orders newest first, the higher number first on a tie", () => {
    const e = eventRef(1);
    const orders = [
      orderSummary(1, "2026-05-01T10:00:00Z", e),
      orderSummary(2, "2026-06-01T10:00:00Z", e),
      orderSummary(3, "2026-05-01T10:00:00Z", e),
    ];
    expect(ordersNewestFirst(orders).map((o) => o.orderNumber)).toEqual([1002, 1003, 1001]);
  });

  it("groups tickets by event: listed events first, then events only a ticket names, types in display order", () => {
    const a = eventRef(1);
    const b = eventRef(2);
    const listed = { ...a, eventKindId: 1 } as never;
    const groups = groupTickets([listed], [ticket(3, b), ticket(2, a), ticket(1, a)]);
    expect(groups.map((g) => g.event.eventId)).toEqual([a.eventId, b.eventId]);
    expect(groups[0]?.event).toEqual(a);
    expect(groups[0]?.tickets.map((t) => t.code)).toEqual(["VST-1", "VST-2"]);
    expect(groups[1]?.tickets.map((t) => t.code)).toEqual(["VST-3"]);
  });
});

describe("chip top-up", () => {
  const limit = { eventId: U(101), minAmount: 10000, maxAmount: 500000, step: 5000, currencyId: 1 };

  it("reads typed amounts in major units, with a comma or a point", () => {
    expect(parseAmount("500")).toBe(50000);
    expect(parseAmount(" 250,50 ")).toBe(25050);
    expect(parseAmount("1 000")).toBe(100000);
    expect(parseAmount("0")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });

  it("checks the amount with the service's rule: minimum, maximum and step of the event's limit", () => {
    expect(chipCreditProblem(5000, limit)).toBe("min");
    expect(chipCreditProblem(505000, limit)).toBe("max");
    expect(chipCreditProblem(12000, limit)).toBe("step");
    expect(chipCreditProblem(15000, limit)).toBeNull();
    expect(checkTopUp("", limit)).toEqual({ amount: null, problem: "required" });
    expect(checkTopUp("x", limit)).toEqual({ amount: null, problem: "invalid" });
    expect(checkTopUp("50", limit)).toEqual({ amount: null, problem: "min" });
    expect(checkTopUp("6000", limit)).toEqual({ amount: null, problem: "max" });
    expect(checkTopUp("120", limit)).toEqual({ amount: null, problem: "step" });
    expect(checkTopUp("150", limit)).toEqual({ amount: 15000, problem: null });
    expect(checkTopUp("123,45", null)).toEqual({ amount: 12345, problem: null });
  });

  it("without an event limit, a top-up is 1 to CHIP_MAX_COUNT of the top-up product, as the service takes it", () => {
    const bounds = topUpBounds(null, 50000);
    expect(bounds).toEqual({ minAmount: 50000, maxAmount: 50000 * CHIP_MAX_COUNT, step: 50000 });
    expect(chipCreditProblem(30000, bounds)).toBe("min");
    expect(chipCreditProblem(70000, bounds)).toBe("step");
    expect(chipCreditProblem(100000, bounds)).toBeNull();
    expect(chipCreditProblem(50000 * (CHIP_MAX_COUNT + 1), bounds)).toBe("max");
    expect(topUpBounds(limit, 50000)).toBe(limit);
    expect(creditBody(chip("C-1", U(101)), 100000, 1, "cs", "2026-01", U(7)).productItemId).toBe(U(7));
  });

  it("builds the body of order.createCredit", () => {
    expect(creditBody(chip("C-1", U(101)), 15000, 2, "de", "2026-01")).toEqual({
      eventId: U(101),
      chipId: "C-1",
      amount: 15000,
      paymentMethodId: 2,
      language: "de",
      termsAccepted: true,
      termsVersion: "2026-01",
    });
  });
});

describe("password change", () => {
  it("needs every field, a new password of 8 characters or more, and the same twice", () => {
    expect(checkPasswordChange({ currentPassword: "", newPassword: "", confirmPassword: "" }).errors).toEqual(
      {
        currentPassword: "required",
        newPassword: "required",
        confirmPassword: "required",
      },
    );
    expect(
      checkPasswordChange({ currentPassword: "old", newPassword: "short", confirmPassword: "other" }).errors,
    ).toEqual({
      newPassword: "tooShort",
      confirmPassword: "mismatch",
    });
    expect(
      checkPasswordChange({
        currentPassword: "old",
        newPassword: "x".repeat(201),
        confirmPassword: "x".repeat(201),
      }).errors,
    ).toEqual({ newPassword: "tooLong" });
    expect(
      checkPasswordChange({
        currentPassword: "old",
        newPassword: "new-secret",
        confirmPassword: "new-secret",
      }),
    ).toEqual({
      body: { currentPassword: "old", newPassword: "new-secret" },
      errors: null,
    });
  });
});

describe("favorites", () => {
  it("lists bands then performers by name, and tells whether an act is among them", () => {
    const band = (n: number, name: string) => ({
      bandId: U(n),
      profileSlug: `b${n}`,
      name,
      genre: "Rock",
      image: null,
      countryId: null,
    });
    const performer = {
      performerId: U(9),
      profileSlug: "p9",
      name: "Aneta",
      role: "Vocals",
      genre: null,
      image: null,
      countryId: null,
      bandIds: [],
    };
    const entries = favoriteEntries([band(2, "Zrní"), band(1, "Anna K.")], [performer]);
    expect(entries.map((e) => [e.kind, e.name, e.detail])).toEqual([
      ["band", "Anna K.", "Rock"],
      ["band", "Zrní", "Rock"],
      ["performer", "Aneta", "Vocals"],
    ]);
    expect(isFavorite(entries, "band", U(2))).toBe(true);
    expect(isFavorite(entries, "performer", U(2))).toBe(false);
  });
});
