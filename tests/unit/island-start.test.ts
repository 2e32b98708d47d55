import { describe, expect, it } from "vitest";
import { formatsOnStart, formatsWhenStarting } from "../../src/islands/intl-start.ts";

describe("islands that format on start", () => {
  it("is true only for an island marked with formatsOnStart", () => {
    function Marked() {
      return null;
    }
    function Plain() {
      return null;
    }
    formatsOnStart(Marked);
    expect(formatsWhenStarting(Marked)).toBe(true);
    expect(formatsWhenStarting(Plain)).toBe(false);
    expect(formatsWhenStarting(undefined)).toBe(false);
  });
});
