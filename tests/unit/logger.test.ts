import { afterEach, describe, expect, it, vi } from "vitest";
import type { Stage } from "../../src/lib/config.ts";
import {
  createLogger,
  LOG_LEVELS,
  type LogLevel,
  type LogSink,
  minimumLogLevel,
} from "../../src/lib/logger.ts";
import { serviceLogLevel } from "../../src/pass-service/logger.ts";

/** A sink that records every call. */
function recordingSink(): { sink: LogSink; lines: [LogLevel, ...unknown[]][] } {
  const lines: [LogLevel, ...unknown[]][] = [];
  const record =
    (level: LogLevel) =>
    (...args: unknown[]): void => {
      lines.push([level, ...args]);
    };
  const sink: LogSink = {
    debug: record("debug"),
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
  };
  return { sink, lines };
}

function logEveryLevel(stage: Stage) {
  const { sink, lines } = recordingSink();
  const logger = createLogger("cart", { stage, sink });
  logger.debug("d");
  logger.info("i");
  logger.warn("w");
  logger.error("e");
  return lines;
}

describe("createLogger", () => {
  it("emits only errors in production", () => {
    expect(logEveryLevel("production")).toEqual([["error", "[cart] e"]]);
    expect(minimumLogLevel("production")).toBe("error");
  });

  it.each(["development", "staging", "beta"] as const)("emits all levels in %s", (stage) => {
    expect(logEveryLevel(stage)).toEqual([
      ["debug", "[cart] d"],
      ["info", "[cart] i"],
      ["warn", "[cart] w"],
      ["error", "[cart] e"],
    ]);
    expect(minimumLogLevel(stage)).toBe("debug");
  });

  it("passes details through unchanged", () => {
    const { sink, lines } = recordingSink();
    const error = new Error("boom");
    createLogger("session", { stage: "development", sink }).warn("fetch failed", error, { status: 500 });
    expect(lines).toEqual([["warn", "[session] fetch failed", error, { status: 500 }]]);
    expect(lines[0]?.[2]).toBe(error);
  });

  it("reports which levels are enabled", () => {
    const production = createLogger("x", { stage: "production", sink: recordingSink().sink });
    expect(LOG_LEVELS.map((level) => production.isEnabled(level))).toEqual([false, false, false, true]);
    const local = createLogger("x", { stage: "development", sink: recordingSink().sink });
    expect(LOG_LEVELS.map((level) => local.isEnabled(level))).toEqual([true, true, true, true]);
  });

  it("creates child loggers with a nested scope and the same rules", () => {
    const { sink, lines } = recordingSink();
    const child = createLogger("tracking", { stage: "production", sink }).child("pixel");
    expect(child.scope).toBe("tracking:pixel");
    child.info("hidden");
    child.error("shown");
    expect(lines).toEqual([["error", "[tracking:pixel] shown"]]);
  });

  it("writes to console by default", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    try {
      const logger = createLogger("default", { stage: "production" });
      logger.error("to console", 1);
      logger.debug("dropped");
      expect(spy).toHaveBeenCalledWith("[default] to console", 1);
      expect(debug).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      debug.mockRestore();
    }
  });

  it("returns a frozen logger", () => {
    expect(Object.isFrozen(createLogger("x", { stage: "beta", sink: recordingSink().sink }))).toBe(true);
  });
});

describe("siteLogger (the build's and the server's logger)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** Which levels a fresh siteLogger emits in a process started with this environment. */
  async function siteLevels(env: Record<string, string>): Promise<boolean[]> {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    const { siteLogger } = await import("../../src/lib/site-config.ts");
    const logger = siteLogger("storefront");
    return LOG_LEVELS.map((level) => logger.isEnabled(level));
  }

  it("emits every level when STAGE is unset (development)", async () => {
    expect(await siteLevels({ STAGE: "" })).toEqual([true, true, true, true]);
  });

  it("emits only errors in a process started on the production stage", async () => {
    const hosts = {
      API_URL: "https://api.vstupio.cz",
      PASS_PUBLIC_URL: "https://pass.vstupio.cz",
      TICKETS_API_URL: "https://tickets.vstupio.cz",
      HUB_URL: "https://hub.vstupio.cz",
    };
    expect(await siteLevels({ STAGE: "production", ...hosts })).toEqual([false, false, false, true]);
    expect(await siteLevels({ STAGE: "beta", ...hosts })).toEqual([true, true, true, true]);
  });
});

describe("serviceLogLevel (the reference service's level)", () => {
  it("follows the stage when LOG_LEVEL is unset: errors only on production, info elsewhere", () => {
    expect(serviceLogLevel("production", undefined)).toBe("error");
    for (const stage of ["development", "staging", "beta"] as const) {
      expect(serviceLogLevel(stage, undefined)).toBe("info");
    }
  });

  it("keeps an explicit LOG_LEVEL on every stage", () => {
    expect(serviceLogLevel("production", "debug")).toBe("debug");
    expect(serviceLogLevel("development", "silent")).toBe("silent");
  });
});
