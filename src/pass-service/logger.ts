/** Structured (JSON lines) logs of the service; quiet by level. */
import type { Stage } from "../lib/config.ts";
import { minimumLogLevel } from "../lib/logger.ts";

/** Log levels, most verbose first. */
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The level the service logs from: `LOG_LEVEL` when set, else the stage's (spec §9: errors only on
 * production, the same rule as the storefront's logger) but never below `info`, so debug lines need asking for.
 */
export function serviceLogLevel(stage: Stage, configured: LogLevel | undefined): LogLevel {
  return configured ?? (minimumLogLevel(stage) === "error" ? "error" : "info");
}

/** The service logger. */
export interface ServiceLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger writing one JSON object per line to stderr, from the given level up. */
export function createServiceLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stderr.write(l),
) {
  const threshold = LOG_LEVELS.indexOf(level);
  const log =
    (at: Exclude<LogLevel, "silent">) =>
    (message: string, fields: Record<string, unknown> = {}): void => {
      if (LOG_LEVELS.indexOf(at) < threshold) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields })}\n`);
    };
  const logger: ServiceLogger = {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
  };
  return logger;
}
