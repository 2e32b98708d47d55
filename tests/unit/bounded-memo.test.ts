/** The build's bounded memo: a value made once per key, and the memo started anew when it is full. */
import { describe, expect, it } from "vitest";
import { rememberIn } from "../../src/lib/bounded-memo.ts";

describe("rememberIn", () => {
  it("makes a key's value once and gives it back after", () => {
    const kept = new Map<string, { n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = rememberIn(kept, "a", 10, make);
    expect(rememberIn(kept, "a", 10, make)).toBe(first);
    expect(rememberIn(kept, "b", 10, make)).toEqual({ n: 2 });
    expect(made).toBe(2);
  });

  it("holds at most `max` values: a new key when it is full starts it anew", () => {
    const kept = new Map<number, number>();
    for (let key = 0; key < 3; key++) rememberIn(kept, key, 3, () => key * 10);
    expect(kept.size).toBe(3);
    expect(rememberIn(kept, 3, 3, () => 30)).toBe(30);
    expect([...kept]).toEqual([[3, 30]]);
    // A kept key does not empty it.
    expect(rememberIn(kept, 3, 1, () => -1)).toBe(30);
    expect(kept.size).toBe(1);
  });
});
