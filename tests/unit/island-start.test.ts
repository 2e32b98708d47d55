import { describe, expect, it } from "vitest";
import {
  formatsOnStart,
  formatsWhenStarting,
  isStyledByPage,
  styledByPage,
} from "../../src/islands/island-start.ts";

describe("what an island needs before it hydrates", () => {
  it("formats on start only when marked with formatsOnStart", () => {
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
    expect(isStyledByPage(Marked)).toBe(false);
  });

  it("is styled by the page only when marked with styledByPage", () => {
    function Marked() {
      return null;
    }
    function Plain() {
      return null;
    }
    styledByPage(Marked);
    expect(isStyledByPage(Marked)).toBe(true);
    expect(isStyledByPage(Plain)).toBe(false);
    expect(isStyledByPage(null)).toBe(false);
    expect(formatsWhenStarting(Marked)).toBe(false);
  });
});
