/**
 * The codes printed on tickets, chips and vouchers: the prefix, then groups of four letters of the
 * unambiguous alphabet (no 0/O or 1/I), four groups unless told otherwise, each letter drawn uniformly.
 */
import { describe, expect, it } from "vitest";
import { randomCode } from "../../src/pass-service/services/orders/issue.ts";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

describe("randomCode", () => {
  it("is the prefix and four groups of four letters of the alphabet", () => {
    expect(randomCode("VST")).toMatch(/^VST(-[2-9A-HJ-NP-Z]{4}){4}$/);
  });

  it("has as many groups as asked for", () => {
    expect(randomCode("CHP", 3)).toMatch(/^CHP(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(randomCode("X", 1)).toMatch(/^X-[2-9A-HJ-NP-Z]{4}$/);
  });

  it("draws every letter of the alphabet and no other, at about the same rate", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      for (const letter of randomCode("T").slice(2).replaceAll("-", "")) {
        counts.set(letter, (counts.get(letter) ?? 0) + 1);
      }
    }
    expect([...counts.keys()].sort().join("")).toBe(ALPHABET);
    // 32,000 letters: 1,000 expected each; a letter drawn at half or double that rate is a broken draw.
    for (const count of counts.values()) expect(count).toBeGreaterThan(700);
    for (const count of counts.values()) expect(count).toBeLessThan(1_300);
  });

  it("is not the same twice", () => {
    const codes = new Set(Array.from({ length: 1_000 }, () => randomCode("VST")));
    expect(codes.size).toBe(1_000);
  });
});
