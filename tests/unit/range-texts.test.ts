import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDateRange } from "../../src/lib/i18n/format.ts";
import { RANGE_TEXTS_MAX, rangeText } from "../../src/lib/i18n/range-texts.ts";
import { formatPriceRange } from "../../src/lib/money.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("rangeText", () => {
  it("formats a span of a formatter once, and each other span or formatter on its own", () => {
    const format = vi.fn((label: string) => label);
    const [first, second] = [{}, {}];
    expect(rangeText(first, 1, 2, () => format("a"))).toBe("a");
    expect(rangeText(first, 1, 2, () => format("again"))).toBe("a");
    expect(rangeText(first, 1, 3, () => format("b"))).toBe("b");
    expect(rangeText(second, 1, 2, () => format("c"))).toBe("c");
    expect(format.mock.calls).toEqual([["a"], ["b"], ["c"]]);
  });

  it("keeps at most RANGE_TEXTS_MAX texts of a formatter, then builds them again", () => {
    const formatter = {};
    const format = vi.fn((start: number) => `text ${start}`);
    for (let start = 0; start <= RANGE_TEXTS_MAX; start++)
      rangeText(formatter, start, start + 1, () => format(start));
    expect(format).toHaveBeenCalledTimes(RANGE_TEXTS_MAX + 1);
    expect(rangeText(formatter, 0, 1, () => format(0))).toBe("text 0");
    expect(format).toHaveBeenCalledTimes(RANGE_TEXTS_MAX + 2);
  });
});

describe("range formats on a page", () => {
  it("a date span repeated on a page reaches Intl's formatRange once", () => {
    const formatRange = vi.spyOn(Intl.DateTimeFormat.prototype, "formatRange");
    const span = ["2031-07-18T17:30:00Z", "2031-07-18T19:00:00Z"] as const;
    const texts = [1, 2, 3].map(() => formatDateRange(...span, "cs", { timeStyle: "short" }));
    expect(new Set(texts)).toEqual(new Set(["19:30–21:00"]));
    expect(formatRange).toHaveBeenCalledTimes(1);
    expect(formatDateRange(span[0], "2031-07-18T20:00:00Z", "cs", { timeStyle: "short" })).toBe(
      "19:30–22:00",
    );
    expect(formatDateRange(...span, "de", { dateStyle: "short" })).toBe("18.07.31");
    expect(formatRange).toHaveBeenCalledTimes(3);
  });

  it("a price range repeated on a page reaches Intl's formatRange once", () => {
    const formatRange = vi.spyOn(Intl.NumberFormat.prototype, "formatRange");
    const texts = [1, 2, 3].map(() => formatPriceRange(39000, 59000, "CZK", "cs"));
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toMatch(/^390–590\sKč$/);
    expect(formatRange).toHaveBeenCalledTimes(1);
    expect(formatPriceRange(39000, 69000, "CZK", "cs")).toMatch(/^390–690\sKč$/);
    expect(formatRange).toHaveBeenCalledTimes(2);
  });
});
