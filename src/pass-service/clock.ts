/** Time source of the service: the real clock in production, a controllable one in tests. */

/** Something that tells the current time. */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at a given time (or now) and moves only when told; for tests of expiry. */
export function createManualClock(
  start: Date = new Date(),
): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

/** A clock offset from the system clock; the offset can be changed while the service runs (test control). */
export function createOffsetClock(): Clock & { offsetMs: number } {
  const clock = {
    offsetMs: 0,
    now: () => new Date(Date.now() + clock.offsetMs),
  };
  return clock;
}
