import { rememberIn } from "../bounded-memo.ts";
import { DEFAULT_TIME_ZONE, INTL_LOCALES, type Locale } from "./config.ts";
import { rangeText } from "./range-texts.ts";

/** Anything that names a moment: a Date, epoch milliseconds or an ISO 8601 string. */
export type DateInput = Date | number | string;

const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_FORMATTERS = 200;

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const resolved: Intl.DateTimeFormatOptions = { timeZone: DEFAULT_TIME_ZONE, ...options };
  const cacheKey = `${locale}|${JSON.stringify(resolved)}`;
  return rememberIn(
    formatters,
    cacheKey,
    MAX_CACHED_FORMATTERS,
    () => new Intl.DateTimeFormat(INTL_LOCALES[locale], resolved),
  );
}

/** Converts a date input to a Date, throwing a RangeError when it names no valid moment. */
export function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/** Formats a date (default: long date) in the language, in Europe/Prague unless `options.timeZone` says otherwise. */
export function formatDate(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
): string {
  return formatter(locale, options).format(toDate(value));
}

/** Formats a time of day (default: short time) in the language, in Europe/Prague unless told otherwise. */
export function formatTime(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { timeStyle: "short" },
): string {
  return formatter(locale, options).format(toDate(value));
}

/** Formats a date with its time (default: long date, short time), in Europe/Prague unless told otherwise. */
export function formatDateTime(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" },
): string {
  return formatter(locale, options).format(toDate(value));
}

/** Formats a span between two moments, sharing the common parts (`12.–14. Juni 2025`). */
export function formatDateRange(
  start: DateInput,
  end: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
): string {
  const format = formatter(locale, options);
  const [from, to] = [toDate(start), toDate(end)];
  return rangeText(format, from.getTime(), to.getTime(), () => format.formatRange(from, to));
}
