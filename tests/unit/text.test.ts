import { describe, expect, it } from "vitest";
import { paragraphs } from "../../src/lib/text.ts";

describe("paragraphs", () => {
  it("splits at blank lines, keeps single line breaks, drops empty parts", () => {
    expect(paragraphs("One\nstill one\n\n  Two  \r\n\r\nThree\n\n\n")).toEqual([
      "One\nstill one",
      "Two",
      "Three",
    ]);
  });

  it("gives nothing for no text", () => {
    expect(paragraphs(null)).toEqual([]);
    expect(paragraphs(undefined)).toEqual([]);
    expect(paragraphs("   ")).toEqual([]);
  });
});
