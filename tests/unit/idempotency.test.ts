import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requestHash } from "../../src/pass-service/services/idempotency.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("requestHash", () => {
  it("hashes the canonical JSON: keys sorted at every depth, undefined fields left out", () => {
    const body = { b: 1, a: { d: [2, { z: true, y: null }], c: "x" }, u: undefined };
    expect(requestHash(body)).toBe(sha256('{"a":{"c":"x","d":[2,{"y":null,"z":true}]},"b":1}'));
  });

  it("sorts keys that come in no order at all", () => {
    expect(requestHash({ c: 1, a: 2, e: 3, b: 4, d: 5 })).toBe(sha256('{"a":2,"b":4,"c":1,"d":5,"e":3}'));
  });

  it("gives the same hash for the same body with its keys in another order", () => {
    const one = {
      eventId: "e",
      items: [{ ticketTypeId: "t", count: 2 }],
      buyer: { email: "a@b.cz", name: "A" },
    };
    const two = {
      buyer: { name: "A", email: "a@b.cz" },
      items: [{ count: 2, ticketTypeId: "t" }],
      eventId: "e",
    };
    expect(requestHash(two)).toBe(requestHash(one));
  });

  it("tells apart bodies that differ in a value, in the order of a list, or in a key", () => {
    const base = requestHash({ items: [1, 2], a: "x" });
    expect(requestHash({ items: [2, 1], a: "x" })).not.toBe(base);
    expect(requestHash({ items: [1, 2], a: "y" })).not.toBe(base);
    expect(requestHash({ items: [1, 2], b: "x" })).not.toBe(base);
    expect(requestHash({ items: [1, 2], a: "x", c: null })).not.toBe(base);
  });

  it("hashes plain values and empty bodies as JSON", () => {
    expect(requestHash(undefined)).toBe(sha256("null"));
    expect(requestHash([undefined, 1])).toBe(sha256("[null,1]"));
    expect(requestHash(null)).toBe(sha256("null"));
    expect(requestHash("a")).toBe(sha256('"a"'));
    expect(requestHash([])).toBe(sha256("[]"));
    expect(requestHash({})).toBe(sha256("{}"));
  });
});
