/** Environment of the pass service, parsed once at start-up; a bad value names its variable. */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "../lib/trust-proxy.ts";
import {
  DEFAULT_LIMITS,
  DEFAULT_RATES,
  type LimitBucket,
  type LimitSettings,
  parseRate,
  type Rate,
} from "./limits.ts";
import { LOG_LEVELS } from "./logger.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** A `<requests>/<seconds>` variable, defaulting to the bucket's default rate. */
function rate(name: string, bucket: LimitBucket) {
  return z
    .string()
    .optional()
    .transform((value, ctx): Rate => {
      if (value === undefined) return DEFAULT_RATES[bucket];
      try {
        return parseRate(name, value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    });
}

const EnvSchema = z.object({
  PASS_HOST: z.string().default("127.0.0.1"),
  PASS_PORT: z.coerce.number().int().min(0).max(65535).default(4322),
  PASS_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  PGLITE_DIR: z.string().default(join(ROOT, ".data", "pglite")),
  CORS_ORIGINS: z.string().default("http://localhost:4321,http://127.0.0.1:4321"),
  HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  ORDER_PAYMENT_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(20),
  BANK_TRANSFER_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  PAYMENT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  CHECK_RESPONSES: z.enum(["true", "false"]).default("true"),
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  RATE_LIMIT_HOLDS: rate("RATE_LIMIT_HOLDS", "holds"),
  RATE_LIMIT_ORDERS: rate("RATE_LIMIT_ORDERS", "orders"),
  RATE_LIMIT_PAYMENTS: rate("RATE_LIMIT_PAYMENTS", "payments"),
  RATE_LIMIT_CODES: rate("RATE_LIMIT_CODES", "codes"),
  RATE_LIMIT_LOGINS: rate("RATE_LIMIT_LOGINS", "logins"),
  HOLD_MAX_PLACES: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_LIMITS.holdPlaces),
  HOLD_MAX_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(DEFAULT_LIMITS.holdMaxMs / 60_000),
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value, ctx) => {
      try {
        return { value, trust: parseTrustProxy(value) };
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(16_777_216).default(65_536),
});

/** Parsed environment of the service. */
export type ServiceEnv = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an error that lists each bad variable and why. */
export function parseServiceEnv(env: Record<string, string | undefined> = process.env): ServiceEnv {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const result = EnvSchema.safeParse(known);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid pass service environment:\n  ${lines.join("\n  ")}`);
}

/**
 * The secret that signs payment callbacks and bank notifications: PAYMENT_SECRET, else a random one kept in
 * `<data folder>/payment-secret` (created on first use, readable only by its owner), so the service and the
 * `bank:receive` command of the same machine agree without any secret in the repository.
 */
export function paymentSecret(env: ServiceEnv): string {
  if (env.PAYMENT_SECRET) return env.PAYMENT_SECRET;
  const file = join(dirname(env.PGLITE_DIR), "payment-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The per-client limits of the environment (RATE_LIMIT, RATE_LIMIT_*, HOLD_MAX_*, TRUST_PROXY). */
export function limitSettings(env: ServiceEnv): LimitSettings {
  return {
    enabled: env.RATE_LIMIT === "on",
    rates: {
      holds: env.RATE_LIMIT_HOLDS,
      orders: env.RATE_LIMIT_ORDERS,
      payments: env.RATE_LIMIT_PAYMENTS,
      codes: env.RATE_LIMIT_CODES,
      logins: env.RATE_LIMIT_LOGINS,
    },
    holdPlaces: env.HOLD_MAX_PLACES,
    holdMaxMs: env.HOLD_MAX_MINUTES * 60_000,
    trustProxy: env.TRUST_PROXY.trust,
  };
}
