/**
 * Dates of the demo catalog, relative to "now". Times are fixed hours in UTC (19:00Z is 20:00 in Prague in
 * winter, 21:00 in summer): an approximation that keeps the catalog independent of daylight saving time.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What every part of the demo catalog receives: the clock and date helpers. */
export interface DemoContext {
  /** The instant the catalog is built for. */
  readonly now: Date;
  /** An instant `days` after today's UTC date (negative: before) at `hour:minute` UTC, as ISO text. */
  day(days: number, hour: number, minute?: number): string;
  /** Now (to the minute) plus `hours` (negative: before), as ISO text. */
  fromNow(hours: number): string;
  /**
   * Days from today to the night of this weekend: the coming Saturday on a weekday, today on a Saturday or
   * a Sunday (an event from 19:00Z that day to 01:00Z the next day has then not ended yet).
   */
  readonly weekendOffset: number;
}

/** An instant as ISO text without milliseconds, e.g. `2026-03-14T19:00:00Z`. */
export function isoUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Days from `now` to the night of its weekend (0 on Saturday and Sunday, 1–5 on Friday…Monday). */
export function weekendOffsetOf(now: Date): number {
  const weekday = now.getUTCDay();
  return weekday === 0 || weekday === 6 ? 0 : 6 - weekday;
}

/** The start of the UTC day of `ms`: the demo's dates are hours of days counted from it. */
export function demoDayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/** The context of the demo catalog built at `now`. */
export function demoContext(now: Date): DemoContext {
  const ms = now.getTime();
  if (Number.isNaN(ms)) throw new RangeError("The demo catalog needs a valid date");
  const today = demoDayStart(ms);
  const minute = Math.floor(ms / MINUTE) * MINUTE;
  return {
    now: new Date(ms),
    day: (days, hour, min = 0) => isoUtc(today + days * DAY + hour * HOUR + min * MINUTE),
    fromNow: (hours) => isoUtc(minute + hours * HOUR),
    weekendOffset: weekendOffsetOf(now),
  };
}
