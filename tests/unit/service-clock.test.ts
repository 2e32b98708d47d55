/**
 * The service's request clock (`src/pass-service/clock.ts`): inside `atOneInstant` it tells the instant the
 * scope began, or the start of its step when one is given, so scopes begun within one step tell one instant.
 */
import { describe, expect, test } from "vitest";
import { atOneInstant, type Clock, requestClock } from "../../src/pass-service/clock.ts";

/** A clock that tells `at` (changed by the test). */
const fixed = (at: string) => {
  const clock: Clock & { at: Date } = { at: new Date(at), now: () => new Date(clock.at) };
  return clock;
};

describe("request clock", () => {
  test("holds the instant the scope began, while the base clock moves on", async () => {
    const base = fixed("2026-11-27T10:00:00.300Z");
    const clock = requestClock(base);
    const seen = await atOneInstant(clock, async () => {
      base.at = new Date("2026-11-27T10:00:05.000Z");
      return clock.now().toISOString();
    });
    expect(seen).toBe("2026-11-27T10:00:00.300Z");
    expect(clock.now().toISOString()).toBe("2026-11-27T10:00:05.000Z");
  });

  test("with a step, scopes begun within one step tell its start; the next step tells the next", async () => {
    const base = fixed("2026-11-27T10:00:00.000Z");
    const clock = requestClock(base);
    const within = async (at: string) => {
      base.at = new Date(at);
      return atOneInstant(clock, async () => clock.now().toISOString(), 1000);
    };
    expect(await within("2026-11-27T10:00:00.000Z")).toBe("2026-11-27T10:00:00.000Z");
    expect(await within("2026-11-27T10:00:00.999Z")).toBe("2026-11-27T10:00:00.000Z");
    expect(await within("2026-11-27T10:00:01.001Z")).toBe("2026-11-27T10:00:01.000Z");
  });
});
