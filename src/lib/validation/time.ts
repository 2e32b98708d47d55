/**
 * Time strings (spec §5): a non-negative decimal value and a unit, with or without one space between them,
 * for example `500ms`, `1.5 seconds`, `10 minutes`, `2h`, `1 day`. Units are case-insensitive:
 * ms / millisecond(s), s / second(s), m / minute(s), h / hour(s), d / day(s). The result is in milliseconds.
 */

/** Milliseconds per accepted time unit, long and short forms. */
export const TIME_UNITS = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1_000,
  second: 1_000,
  seconds: 1_000,
  m: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
} as const;

/** A unit accepted by {@link parseTimeString} and {@link toMs}. */
export type TimeUnit = keyof typeof TIME_UNITS;

/** Error thrown for an invalid time string; the message quotes the input. */
export class TimeStringError extends Error {
  /** The rejected input, as given. */
  readonly input: string;

  constructor(input: string, reason: string) {
    super(`Invalid time string "${input}": ${reason}`);
    this.name = "TimeStringError";
    this.input = input;
  }
}

const TIME_STRING = /^(\d+(?:\.\d+)?|\.\d+) ?([a-z]+)$/i;

function isTimeUnit(unit: string): unit is TimeUnit {
  return Object.hasOwn(TIME_UNITS, unit);
}

/** Multiplies without float noise: `1.1 * 1000` gives 1100, not 1100.0000000000002. */
function scale(value: number, factor: number): number {
  return Number((value * factor).toPrecision(15));
}

/** Converts a non-negative finite value in `unit` to milliseconds; throws a TimeStringError otherwise. */
export function toMs(value: number, unit: TimeUnit): number {
  const input = `${String(value)} ${String(unit)}`;
  const key = String(unit).toLowerCase();
  if (!isTimeUnit(key)) throw new TimeStringError(input, `unknown unit "${String(unit)}"`);
  if (typeof value !== "number" || Number.isNaN(value))
    throw new TimeStringError(input, "value is not a number");
  if (value < 0) throw new TimeStringError(input, "value must not be negative");
  const ms = scale(value, TIME_UNITS[key]);
  if (!Number.isFinite(ms)) throw new TimeStringError(input, "value is not finite");
  return ms;
}

/** Parses "<value><unit>" or "<value> <unit>" into milliseconds; throws a TimeStringError on anything else. */
export function parseTimeString(input: string): number {
  if (typeof input !== "string") throw new TimeStringError(String(input), "not a string");
  const text = input.trim();
  if (text === "") throw new TimeStringError(input, "empty");
  if (text.startsWith("-")) throw new TimeStringError(input, "value must not be negative");
  const match = TIME_STRING.exec(text);
  if (!match) {
    if (/^\d+(?:\.\d+)?$/.test(text)) throw new TimeStringError(input, "missing unit");
    throw new TimeStringError(input, "expected a number and a unit (ms, second, minute, hour, day)");
  }
  const [, digits = "", rawUnit = ""] = match;
  const unit = rawUnit.toLowerCase();
  if (!isTimeUnit(unit)) throw new TimeStringError(input, `unknown unit "${rawUnit}"`);
  const ms = scale(Number(digits), TIME_UNITS[unit]);
  if (!Number.isFinite(ms)) throw new TimeStringError(input, "value is too large");
  return ms;
}
