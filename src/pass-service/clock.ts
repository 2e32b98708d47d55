/** Time source of the service: the real clock in production, a controllable one in tests. */
import { AsyncLocalStorage } from "node:async_hooks";

/** Something that tells the current time. */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock offset from the system clock; the offset can be changed while the service runs (test control). */
export function createOffsetClock(): Clock & { offsetMs: number } {
  const clock = {
    offsetMs: 0,
    now: () => new Date(Date.now() + clock.offsetMs),
  };
  return clock;
}

const instant = new AsyncLocalStorage<Date>();

/**
 * The service's clock over `base`: inside `atOneInstant` it tells the instant the scope began, so an answer
 * built in several languages is built for one moment (and reads the same rows for each); elsewhere `base`.
 */
export function requestClock(base: Clock): Clock {
  return { now: () => new Date(instant.getStore() ?? base.now()) };
}

/**
 * Runs `fn` with the time of `clock` held at its current instant (for clocks made by `requestClock`), or at the
 * start of the current `stepMs` when given, so that scopes begun within one step read at the same instant.
 */
export function atOneInstant<T>(clock: Clock, fn: () => Promise<T>, stepMs = 0): Promise<T> {
  const now = clock.now();
  return instant.run(stepMs > 0 ? new Date(now.getTime() - (now.getTime() % stepMs)) : now, fn);
}
