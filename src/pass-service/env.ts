/** Environment of the pass service, parsed once at start-up; a bad value names its variable. */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { STAGES } from "../lib/config.ts";
import { DEFAULT_PORT } from "../lib/site-config.ts";
import { DEFAULT_PASS_PORT } from "../lib/stage-config.ts";
import { parseTrustProxy } from "../lib/trust-proxy.ts";
import { SERVICE_BRAND } from "./brand.ts";
import type { MailSettings } from "./deps.ts";
import {
  DEFAULT_LIMITS,
  DEFAULT_RATES,
  type LimitBucket,
  type LimitSettings,
  parseRate,
  type Rate,
} from "./limits.ts";
import { LOG_LEVELS } from "./logger.ts";
import { parsePaymentProviders } from "./payment-providers.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** The least a payment secret may have: anyone who guesses it can sign payment callbacks. */
export const MIN_PAYMENT_SECRET_BYTES = 32;

/** Bytes of a secret as written (UTF-8). */
const bytesOf = (secret: string) => Buffer.byteLength(secret, "utf8");

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
  PASS_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PASS_PORT),
  PASS_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  PGLITE_DIR: z.string().default(join(ROOT, ".data", "pglite")),
  CORS_ORIGINS: z.string().default(`http://localhost:${DEFAULT_PORT},http://127.0.0.1:${DEFAULT_PORT}`),
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
  PAYMENT_SECRET: z
    .string()
    .refine((secret) => bytesOf(secret) >= MIN_PAYMENT_SECRET_BYTES, {
      message: `must be at least ${MIN_PAYMENT_SECRET_BYTES} bytes`,
    })
    .optional(),
  /** Payment providers, comma-separated (`test`: the built-in test gateway); none by default. */
  PAYMENT_PROVIDERS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      try {
        return parsePaymentProviders(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** The deployment stage (spec §9). */
  STAGE: z.enum(STAGES).default("development"),
  /** Unset: errors only on production, `info` and up elsewhere (spec §9; `serviceLogLevel`). */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  CHECK_RESPONSES: z.enum(["true", "false"]).default("true"),
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  RATE_LIMIT_HOLDS: rate("RATE_LIMIT_HOLDS", "holds"),
  RATE_LIMIT_ORDERS: rate("RATE_LIMIT_ORDERS", "orders"),
  RATE_LIMIT_PAYMENTS: rate("RATE_LIMIT_PAYMENTS", "payments"),
  RATE_LIMIT_CODES: rate("RATE_LIMIT_CODES", "codes"),
  RATE_LIMIT_LOGINS: rate("RATE_LIMIT_LOGINS", "logins"),
  RATE_LIMIT_ACCOUNTS: rate("RATE_LIMIT_ACCOUNTS", "accounts"),
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
  /** Origin of the storefront that mails link to; default: the first CORS origin that is not "*". */
  STOREFRONT_URL: z.url().optional(),
  /** SMTP server of outgoing mail; without it mail goes to the local mailbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default(`${SERVICE_BRAND} <no-reply@localhost>`),
  /** Serves the local mailbox page at /mailbox. */
  MAILBOX: z.enum(["on", "off"]).default("off"),
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

/** Throws unless a payment secret (from `source`) has at least MIN_PAYMENT_SECRET_BYTES bytes. */
export function assertPaymentSecret(secret: string, source: string): void {
  const bytes = bytesOf(secret);
  if (bytes >= MIN_PAYMENT_SECRET_BYTES) return;
  throw new Error(
    `Refusing to start: the payment secret from ${source} is ${bytes} bytes long; at least ` +
      `${MIN_PAYMENT_SECRET_BYTES} bytes are needed, since anyone who guesses it can sign payment callbacks.`,
  );
}

/**
 * The secret that signs payment callbacks and bank notifications: PAYMENT_SECRET, else a random one kept in
 * the file `paymentSecretFile` names (made on first use), so the service and the `bank:receive` command of
 * one installation agree without any secret in the repository. Several service processes (or machines)
 * must share one PAYMENT_SECRET. A secret under 32 bytes, or a file others can read, is refused.
 */
export function paymentSecret(env: ServiceEnv): string {
  if (env.PAYMENT_SECRET) {
    assertPaymentSecret(env.PAYMENT_SECRET, "PAYMENT_SECRET");
    return env.PAYMENT_SECRET;
  }
  const file = paymentSecretFile(env);
  try {
    return readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  createSecretFile(file);
  return readSecretFile(file);
}

/**
 * Where the generated payment secret is kept: beside the PGlite folder, in the data root that holds it
 * (`.data/` by default, `/srv/x/` for PGLITE_DIR=/srv/x/pglite), so each installation has its own. Never in
 * a folder other users share (the system's temp folder, or any folder everyone may write to, as for
 * PGLITE_DIR=/tmp/x), where another user could read or plant it: then the repository's own `.data/`.
 */
export function paymentSecretFile(env: Pick<ServiceEnv, "PGLITE_DIR">): string {
  const parent = dirname(resolve(env.PGLITE_DIR));
  return join(isSharedFolder(parent) ? join(ROOT, ".data") : parent, "payment-secret");
}

/** True for the system's temp folder and for any folder that everyone may write to. */
function isSharedFolder(dir: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  if (real(dir) === real(tmpdir())) return true;
  try {
    return (statSync(dir).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/** Reads a secret file: a regular file of this user, not a link, that nobody else can read, 32+ bytes. */
function readSecretFile(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") {
      throw new Error(`Refusing to start: the payment secret file ${file} is a symbolic link`);
    }
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
      throw new Error(`Refusing to start: the payment secret file ${file} is not a file of this user`);
    }
    if ((stat.mode & 0o077) !== 0) {
      throw new Error(
        `Refusing to start: the payment secret file ${file} is readable by group or others ` +
          `(mode ${(stat.mode & 0o777).toString(8)}): chmod 600 ${file}, or delete it to have a new one made.`,
      );
    }
    const secret = readFileSync(fd, "utf8").trim();
    assertPaymentSecret(secret, `the file ${file} (delete it to have a new one made, or set PAYMENT_SECRET)`);
    return secret;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a new random secret file atomically: a temporary file in the same folder (created exclusively,
 * mode 0600, flushed), then hard-linked to its name, which fails when the name exists. So of several
 * processes starting together the first one wins and the others read its secret; nobody reads half a file.
 */
function createSecretFile(file: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.payment-secret.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, randomBytes(32).toString("base64url"));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temp, { force: true });
  }
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
      accounts: env.RATE_LIMIT_ACCOUNTS,
    },
    holdPlaces: env.HOLD_MAX_PLACES,
    holdMaxMs: env.HOLD_MAX_MINUTES * 60_000,
    trustProxy: env.TRUST_PROXY.trust,
  };
}

/** Milliseconds between runs of the mail sender of a running service. */
const MAIL_INTERVAL_MS = 5_000;

/** The storefront's origin: STOREFRONT_URL, else the first CORS origin that is not "*", else the local one. */
export function storefrontUrl(env: Pick<ServiceEnv, "STOREFRONT_URL">, corsOrigins: string[]): string {
  return (
    env.STOREFRONT_URL ??
    corsOrigins.find((origin) => origin !== "*" && origin !== "") ??
    `http://localhost:${DEFAULT_PORT}`
  );
}

/** How mail is delivered (SMTP_URL, MAIL_FROM, MAILBOX). */
export function mailSettings(env: ServiceEnv): MailSettings {
  return {
    smtpUrl: env.SMTP_URL ?? null,
    from: env.MAIL_FROM,
    mailbox: env.MAILBOX === "on",
    intervalMs: MAIL_INTERVAL_MS,
  };
}
