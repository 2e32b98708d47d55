/**
 * Texts of `formatRange`, remembered per formatter. V8 builds ICU's range formatter on every `formatRange`
 * call: about 16 µs for a date range and 50 µs for a price range on this project's build machine, against
 * 1 µs or less for `format`. A page repeats the same few spans (a festival's program times, a price range),
 * and a publish renders thousands of pages in one process, so each distinct span is formatted once.
 */
import { rememberIn } from "../bounded-memo.ts";

/** Texts kept per formatter at most; past it the formatter's texts are dropped and built again. */
export const RANGE_TEXTS_MAX = 2_000;

const texts = new WeakMap<object, Map<string, string>>();

/** The text `format()` gives for the span `start`–`end` of `formatter`, built once per formatter and span. */
export function rangeText(formatter: object, start: number, end: number, format: () => string): string {
  let kept = texts.get(formatter);
  if (!kept) {
    kept = new Map();
    texts.set(formatter, kept);
  }
  return rememberIn(kept, `${start}|${end}`, RANGE_TEXTS_MAX, format);
}
