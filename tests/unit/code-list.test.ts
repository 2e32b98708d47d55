import { describe, expect, it } from "vitest";
import { CODE_MAX_LENGTH, parseCodeList } from "../../src/lib/validation/code-list.ts";

describe("parseCodeList (a cart address's or an app link's codes)", () => {
  it("reads a comma-separated list in order, each code once", () => {
    expect(parseCodeList("JARO10")).toEqual(["JARO10"]);
    expect(parseCodeList("LOUKA-200,turne_4,LOUKA-200")).toEqual(["LOUKA-200", "turne_4"]);
  });

  it("answers none for a missing, empty or malformed list", () => {
    for (const text of [null, undefined, "", ",", "A,", ",A", "A,,B", "A B", "A;B", '"><b>x', "Kupón"]) {
      expect(parseCodeList(text), String(text)).toEqual([]);
    }
  });

  it("takes codes up to the longest length and no longer", () => {
    expect(parseCodeList("X".repeat(CODE_MAX_LENGTH))).toHaveLength(1);
    expect(parseCodeList("X".repeat(CODE_MAX_LENGTH + 1))).toEqual([]);
  });
});
