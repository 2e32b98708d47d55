/** Time source of the service: the real clock in production, a controllable one in tests. */

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
