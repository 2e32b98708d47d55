/**
 * Every value a client sends is bounded by the contract before it reaches a handler or the database:
 * strings refuse NUL characters and lone surrogates and have a length limit, integers fit a PostgreSQL
 * `integer` column. The walk covers every call's path parameters, query and body (and the integers of its
 * answer), so a new call cannot forget it.
 */
import { describe, expect, it } from "vitest";
import { Buyer, CALLS, callList, OrderCreateBody, TEXT_GUARD } from "../../src/contract/index.ts";
import { INT32_MAX, INT32_MIN } from "../../src/lib/validation/fields.ts";
import {
  checkInstances,
  defOf,
  leaves,
  maxLength,
  numberRange,
  requestLeaves,
} from "../support/contract-walk.ts";

/** String formats whose own pattern admits only a short run of ASCII characters. */
const SELF_BOUNDED_FORMATS = new Set(["uuid", "guid", "email", "datetime", "date"]);

/** Leaf types that need no bound: the client picks one of the contract's own values. */
const CLOSED_TYPES = new Set(["enum", "literal", "boolean", "null"]);

/** What is wrong with one leaf of a request schema, or null. */
function leafProblem(schema: Parameters<typeof defOf>[0]): string | null {
  const def = defOf(schema);
  if (CLOSED_TYPES.has(def.type)) return null;
  if (def.type === "string") {
    if (SELF_BOUNDED_FORMATS.has(def.format)) return null;
    const problems: string[] = [];
    if (!checkInstances(schema).includes(TEXT_GUARD)) problems.push("no NUL/surrogate guard");
    if (maxLength(schema) === undefined) problems.push("no length limit");
    return problems.length > 0 ? problems.join(", ") : null;
  }
  if (def.type === "number") {
    const { min, max, integer } = numberRange(schema);
    if (!integer) return "not an integer";
    if (min < INT32_MIN || max > INT32_MAX) return `range ${min}..${max} exceeds int32`;
    return null;
  }
  return `unexpected ${def.type}`;
}

describe("request schemas", () => {
  it("bound every string and every integer of every call", () => {
    const problems = callList().flatMap((def) =>
      requestLeaves(def).flatMap(({ path, schema }) => {
        const problem = leafProblem(schema);
        return problem ? [`${def.id} ${path}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("bound every integer of every answer to a PostgreSQL integer too (fractions stay fractions)", () => {
    const problems = callList().flatMap((def) =>
      leaves(def.response, "response").flatMap(({ path, schema }) => {
        if (defOf(schema).type !== "number") return [];
        const { min, max, integer } = numberRange(schema);
        const problem = integer && (min < INT32_MIN || max > INT32_MAX) ? `range ${min}..${max}` : null;
        return problem ? [`${def.id} ${path}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("walk the calls' request values (the check above is not vacuous)", () => {
    const leaves = callList().flatMap(requestLeaves);
    expect(leaves.length).toBeGreaterThan(150);
    const paths = leaves.map((l) => l.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "body.buyer.firstName",
        "body.chips[].amount",
        "query.eventTypeId",
        "path.code",
      ]),
    );
  });

  it("refuse NUL characters and lone surrogates with a clear message", () => {
    const byCode = CALLS["ticket.byCode"].query;
    expect(byCode.safeParse({ code: "\u0000" }).error?.issues[0]?.message).toBe(
      "Must not contain NUL characters",
    );
    const buyer = { firstName: "Jana", lastName: "Nováková", email: "j@example.cz", phone: "+420777123456" };
    const named = (firstName: string) => Buyer.safeParse({ ...buyer, countryId: 1, firstName });
    expect(named("a\u0000b").error?.issues.map((i) => i.message)).toContain(
      "Must not contain NUL characters",
    );
    expect(named("\ud800").error?.issues.map((i) => i.message)).toContain(
      "Must not contain unpaired surrogates (invalid Unicode)",
    );
    expect(named("Jana 😀").success).toBe(true);
    expect(CALLS["v2.ticketByQrCode"].params.safeParse({ qrCode: "a\u0000" }).success).toBe(false);
    expect(CALLS["v2.checkDiscountCode"].params.safeParse({ code: "a\u0000" }).success).toBe(false);
  });

  it("refuse integers beyond a PostgreSQL integer with a clear message", () => {
    const all = CALLS["event.all"].query;
    expect(all.safeParse({ eventTypeId: "2147483648" }).error?.issues[0]?.message).toBe(
      "Must be at most 2147483647",
    );
    expect(all.safeParse({ eventCategoryId: "2147483647" }).success).toBe(true);
    const chips = [{ productItemId: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f", amount: 2_500_000_000 }];
    const order = OrderCreateBody.safeParse({
      eventId: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f",
      chips,
      buyer: { ...buyerOf(), countryId: 1 },
      paymentMethodId: 1,
      language: "en",
    });
    expect(order.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["chips.0.amount", "Must be at most 2147483647"],
    ]);
    const notification = CALLS["payment.bankNotification"].body.safeParse({
      transactionId: "t-1",
      variableSymbol: "1",
      amount: 2 ** 31,
      currencyId: 1,
      receivedAt: "2026-01-01T00:00:00Z",
    });
    expect(notification.error?.issues[0]?.path).toEqual(["amount"]);
  });

  it("bound the return URL", () => {
    const body = CALLS["payment.start"].body;
    const start = { orderId: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f", paymentMethodId: 1, language: "en" };
    const long = `http://storefront.test/${"a".repeat(2048)}`;
    expect(body.safeParse({ ...start, returnUrl: long }).success).toBe(false);
    expect(body.safeParse({ ...start, returnUrl: "http://storefront.test/a\u0000" }).success).toBe(false);
    expect(body.safeParse({ ...start, returnUrl: "http://storefront.test/objednavka" }).success).toBe(true);
  });
});

function buyerOf() {
  return { firstName: "Jana", lastName: "Nováková", email: "jana@example.cz", phone: "+420777123456" };
}

describe("billing VAT id", () => {
  const order = (billingInfo: Record<string, unknown>) =>
    OrderCreateBody.safeParse({
      eventId: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f",
      items: [{ ticketTypeId: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f", count: 1 }],
      buyer: { ...buyerOf(), countryId: 1 },
      billingInfo: { city: "Praha", address: "Dlouhá 12", postalCode: "11000", ...billingInfo },
      paymentMethodId: 1,
      language: "en",
    });

  it("is checked against the billing country's pattern, as the cart checks it", () => {
    expect(order({ countryId: 1, vatId: "CZ12345678" }).success).toBe(true);
    expect(order({ countryId: 1, vatId: "cz 123.456-78" }).success).toBe(true);
    expect(order({ countryId: 14, vatId: "DE123456789" }).success).toBe(true);
    expect(order({ countryId: 1, vatId: null }).success).toBe(true);
    expect(order({ countryId: 1001, vatId: "ANYTHING1" }).success).toBe(true);
    const wrong = order({ countryId: 1, vatId: "DE123456789" });
    expect(wrong.error?.issues.map((i) => i.path.join("."))).toEqual(["billingInfo.vatId"]);
    expect(order({ countryId: 2, vatId: "CZ12345678" }).success).toBe(false);
  });
});
