import { describe, expect, it } from "vitest";
import { crossedThreshold, formatCountdown, holdSecondsLeft } from "../../../src/stores/cart/countdown.ts";
import { NOW } from "./support/fixtures.ts";

describe("hold", () => {
  it("counts down in whole seconds, shown as mm:ss, announced at 5 and 1 minutes", () => {
    expect(holdSecondsLeft("2026-06-01T12:15:00Z", NOW)).toBe(900);
    expect(holdSecondsLeft("2026-06-01T12:00:00.500Z", NOW)).toBe(1);
    expect(holdSecondsLeft("2026-06-01T11:00:00Z", NOW)).toBe(0);
    expect(holdSecondsLeft("nonsense", NOW)).toBe(0);
    expect(formatCountdown(900)).toBe("15:00");
    expect(formatCountdown(65)).toBe("01:05");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(3725)).toBe("1:02:05");
    expect(crossedThreshold(301, 300)).toBe(300);
    expect(crossedThreshold(300, 299)).toBeNull();
    expect(crossedThreshold(62, 59)).toBe(60);
    expect(crossedThreshold(500, 499)).toBeNull();
  });
});
