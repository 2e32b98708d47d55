/**
 * Scoped logger (spec §9): in production only errors are emitted, in every other stage (local and test
 * environments) all levels. Output goes to a sink with the shape of `console`, which is the default.
 */
import type { Stage } from "./config.ts";

/** Log levels from the most to the least verbose. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where log lines go; `console` fits. */
export type LogSink = Record<LogLevel, (...args: unknown[]) => void>;

/** A logger bound to one scope; each method prefixes the message with `[scope]`. */
export interface Logger {
  /** The scope shown in front of every message. */
  readonly scope: string;
  /** Logs at debug level. */
  debug(message: string, ...details: unknown[]): void;
  /** Logs at info level. */
  info(message: string, ...details: unknown[]): void;
  /** Logs at warn level. */
  warn(message: string, ...details: unknown[]): void;
  /** Logs at error level. */
  error(message: string, ...details: unknown[]): void;
  /** True when messages of `level` are emitted. */
  isEnabled(level: LogLevel): boolean;
  /** A logger for a sub-scope, `scope:child`, with the same stage and sink. */
  child(scope: string): Logger;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Stage the code runs in; production emits errors only. */
  readonly stage: Stage;
  /** Destination of log lines; defaults to `console`. */
  readonly sink?: LogSink | undefined;
}

/** The least verbose level emitted in a stage: `error` in production, `debug` elsewhere. */
export function minimumLogLevel(stage: Stage): LogLevel {
  return stage === "production" ? "error" : "debug";
}

/** Creates a logger for `scope` that filters levels by stage and writes to the sink. */
export function createLogger(scope: string, options: LoggerOptions): Logger {
  const sink: LogSink = options.sink ?? globalThis.console;
  const threshold = LOG_LEVELS.indexOf(minimumLogLevel(options.stage));
  const isEnabled = (level: LogLevel): boolean => LOG_LEVELS.indexOf(level) >= threshold;
  const emit =
    (level: LogLevel) =>
    (message: string, ...details: unknown[]): void => {
      if (isEnabled(level)) sink[level](`[${scope}] ${message}`, ...details);
    };
  return Object.freeze({
    scope,
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
    isEnabled,
    child: (childScope: string) => createLogger(`${scope}:${childScope}`, options),
  });
}
