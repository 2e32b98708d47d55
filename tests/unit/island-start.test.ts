import { describe, expect, it } from "vitest";
import {
  formatsOnStart,
  formatsWhenStarting,
  isStyledByPage,
  styledByPage,
} from "../../src/islands/island-start.ts";

describe("what an island needs before it hydrates", () => {
  it.each([
    ["formats on start", formatsOnStart, formatsWhenStarting, isStyledByPage],
    ["is styled by the page", styledByPage, isStyledByPage, formatsWhenStarting],
  ] as const)("%s only when marked so, and has no other mark", (_, mark, isMarked, other) => {
    function Marked() {
      return null;
    }
    function Plain() {
      return null;
    }
    mark(Marked);
    expect(isMarked(Marked)).toBe(true);
    expect(isMarked(Plain)).toBe(false);
    expect(isMarked(undefined)).toBe(false);
    expect(isMarked(null)).toBe(false);
    expect(other(Marked)).toBe(false);
  });
});
