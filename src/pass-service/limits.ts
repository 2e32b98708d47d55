/**
 * Per-client limits of the service: how many holds, orders, payments, sign-ins and code look-ups one client
 * may ask for in a window (rate-limiter-flexible: counters in PostgreSQL when the service runs on a server,
 * so every process of the service shares them; in memory on PGlite, which is one process anyway), and who
 * the client is: a keyed hash of its address, read through trusted proxies only (`TRUST_PROXY`).
 * A client over a limit gets 429 `RATE_LIMITED` with `Retry-After`.
 */
import { createHmac } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { lt } from "drizzle-orm";
import type { Context } from "hono";
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { CallDef } from "../contract/define.ts";
import { clientAddress, TRUST_NOBODY, type TrustProxy } from "../lib/trust-proxy.ts";
import type { Database, Db } from "./db/index.ts";
import { rateLimits } from "./db/schema.ts";
import { tooManyRequests } from "./errors.ts";
import { normalizeEmail } from "./services/accounts/accounts.ts";

/** The limited kinds of request. */
export const LIMIT_BUCKETS = ["holds", "orders", "payments", "codes", "logins", "accounts"] as const;
/** A limited kind of request. */
export type LimitBucket = (typeof LIMIT_BUCKETS)[number];

/** At most `points` requests per `seconds`. */
export interface Rate {
  points: number;
  seconds: number;
}

/** Limits of the service (`RATE_LIMIT*`, `HOLD_MAX_*`, `TRUST_PROXY`). */
export interface LimitSettings {
  /** Per-client limits on (RATE_LIMIT=on); off for load tests whose buyers share one address. */
  enabled: boolean;
  /** Requests per window of each kind, per client (holds: per client and event; accounts: per e-mail). */
  rates: Record<LimitBucket, Rate>;
  /** Places one client may hold at once for one event. */
  holdPlaces: number;
  /** Longest life of a hold, however often it is renewed, in milliseconds (always enforced). */
  holdMaxMs: number;
  /** Which peers are proxies whose X-Forwarded-For is believed. */
  trustProxy: TrustProxy;
}

/** Default windows: generous for a buyer, tight for a script. */
export const DEFAULT_RATES: Readonly<Record<LimitBucket, Rate>> = {
  holds: { points: 30, seconds: 60 },
  orders: { points: 10, seconds: 600 },
  payments: { points: 10, seconds: 600 },
  codes: { points: 30, seconds: 600 },
  logins: { points: 10, seconds: 600 },
  accounts: { points: 10, seconds: 900 },
};

/** Limits as the service starts with them when nothing is configured. */
export const DEFAULT_LIMITS: LimitSettings = {
  enabled: true,
  rates: DEFAULT_RATES,
  holdPlaces: 40,
  holdMaxMs: 30 * 60_000,
  trustProxy: TRUST_NOBODY,
};

/** The calls that spend a bucket; holds count per client and event, everything else per client. */
export const LIMITED_CALLS: Readonly<Record<string, LimitBucket>> = {
  "reservation.create": "holds",
  "reservation.crowd": "holds",
  "reservation.seat": "holds",
  "order.create": "orders",
  "order.createV2": "orders",
  "order.createExtra": "orders",
  "order.createCredit": "orders",
  "payment.start": "payments",
  "ticket.coupon": "codes",
  "ticket.supercoupon": "codes",
  "ticket.supercouponWithTicketTypes": "codes",
  "ticket.supercouponRedeem": "codes",
  "ticket.byCode": "codes",
  "v2.eventCoupon": "codes",
  "v2.checkDiscountCode": "codes",
  "v2.ticketByQrCode": "codes",
  "order.createCreditFromCode": "codes",
  "v2.orderCreditFromCode": "codes",
  "auth.login": "logins",
  "auth.loginWithAccessCode": "logins",
  "account.sendResetEmail": "logins",
  "account.byAccessCode": "logins",
  "auth.logout": "logins",
  "auth.sendAccessCode": "logins",
};

/**
 * The calls that also spend the `accounts` bucket of the e-mail address they name, whoever sends them: log-ins,
 * codes and resets asked for one account from many clients, and registrations mailing one address.
 */
export const ACCOUNT_LIMITED_CALLS: ReadonlySet<string> = new Set([
  "auth.login",
  "auth.loginWithAccessCode",
  "auth.sendAccessCode",
  "account.sendResetEmail",
  "account.register",
  "account.create",
]);

/** Parses a `<requests>/<seconds>` rate such as `30/60`; throws naming the variable otherwise. */
export function parseRate(name: string, value: string): Rate {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || points < 1 || seconds < 1) {
    throw new Error(
      `${name}: must be <requests>/<seconds> with both at least 1, e.g. 30/60 (got "${value}")`,
    );
  }
  return { points, seconds };
}

/** The client behind a request as a keyed hash of its address (addresses are not stored in the clear). */
export function clientKeyOf(c: Context, trust: TrustProxy, secret: string): string {
  let peer = "";
  try {
    peer = getConnInfo(c).remote.address ?? "";
  } catch {
    // Not served by the Node adapter (e.g. app.request in a unit test): no peer address.
  }
  const address = clientAddress(peer, c.req.header("x-forwarded-for"), trust);
  return createHmac("sha256", secret).update(address).digest("base64url").slice(0, 22);
}

/** The normalized e-mail a request names (body or query), or undefined. */
function emailOf(input: { body?: unknown; query?: unknown }): string | undefined {
  for (const part of [input.body, input.query]) {
    const email = (part as { email?: unknown } | undefined)?.email;
    if (typeof email === "string") return normalizeEmail(email);
  }
  return undefined;
}

/** The event a hold request is for, so that holds count per client and event. */
function eventOf(input: { body?: unknown }): string {
  const body = input.body as { eventId?: unknown } | undefined;
  return typeof body?.eventId === "string" ? body.eventId : "";
}

/** The service's limiters: one per bucket, sharing one store. */
export class ClientLimits {
  readonly settings: LimitSettings;
  readonly #secret: string;
  readonly #limiters = new Map<LimitBucket, RateLimiterAbstract>();

  /** Limiters in the database's rate_limits table on PostgreSQL, in memory on PGlite. */
  constructor(database: Pick<Database, "db" | "kind">, settings: LimitSettings, secret: string) {
    this.settings = settings;
    this.#secret = secret;
    for (const bucket of LIMIT_BUCKETS) {
      const { points, seconds } = settings.rates[bucket];
      const options = { keyPrefix: `rl_${bucket}`, points, duration: seconds };
      this.#limiters.set(
        bucket,
        database.kind === "postgres"
          ? new RateLimiterDrizzle({
              ...options,
              storeClient: database.db,
              schema: rateLimits,
              clearExpiredByTimeout: false,
              // When the database cannot answer, each process keeps counting on its own.
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory(options),
      );
    }
  }

  /** The keyed hash of the request's client. */
  clientKey(c: Context): string {
    return clientKeyOf(c, this.settings.trustProxy, this.#secret);
  }

  /**
   * Spends one request of the call's bucket for the request's client, and for an account call one of the
   * `accounts` bucket of the e-mail it names; 429 when a bucket is empty.
   */
  async spend(def: CallDef, c: Context, input: { body?: unknown; query?: unknown }): Promise<void> {
    if (!this.settings.enabled) return;
    const bucket = LIMITED_CALLS[def.id];
    if (bucket) {
      const client = this.clientKey(c);
      await this.#consume(bucket, bucket === "holds" ? `${client}:${eventOf(input)}` : client);
    }
    const email = ACCOUNT_LIMITED_CALLS.has(def.id) ? emailOf(input) : undefined;
    if (email !== undefined) {
      await this.#consume("accounts", createHmac("sha256", this.#secret).update(email).digest("base64url"));
    }
  }

  /** Spends one request of a bucket under a key; 429 when it is empty. */
  async #consume(bucket: LimitBucket, key: string): Promise<void> {
    const limiter = this.#limiters.get(bucket);
    if (!limiter) return;
    try {
      await limiter.consume(key, 1);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw tooManyRequests(
        refusal.msBeforeNext / 1000,
        `${TOO_MANY[bucket]}; try again in ${Math.ceil(refusal.msBeforeNext / 1000)} s`,
      );
    }
  }
}

/** What a 429 of each bucket says. */
const TOO_MANY: Readonly<Record<LimitBucket, string>> = {
  holds: "Too many holds from this client",
  orders: "Too many orders from this client",
  payments: "Too many payments from this client",
  codes: "Too many code look-ups from this client",
  logins: "Too many logins from this client",
  accounts: "Too many requests for this account",
};

/** Deletes rate-limit counters whose window ended over an hour ago (PostgreSQL store; a no-op in memory). */
export async function clearExpiredLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 3_600_000)));
}
