/**
 * What every part of the service is handed: the settings that do not come from the database and the
 * dependencies a handler may use. Its own module, so that routes, the gateway and the app all import it and
 * none of them imports the app.
 */
import type { Stage } from "../lib/config.ts";
import type { TokenVerifier } from "./auth.ts";
import type { Clock } from "./clock.ts";
import type { Database } from "./db/index.ts";
import type { ClientLimits, LimitSettings } from "./limits.ts";
import type { ServiceLogger } from "./logger.ts";
import type { PaymentProviderName } from "./payment-providers.ts";

/** Version reported by the root service and the OpenAPI document. */
export const SERVICE_VERSION = "1.0.0";

/** Settings of the service that do not come from the database. */
export interface ServiceSettings {
  /** Origins allowed by CORS (the storefront's). */
  corsOrigins: string[];
  /** Public base URL of the service, used in links it hands out (media, payment pages). */
  publicUrl: string;
  /** How long a reservation holds inventory, in milliseconds. */
  holdMs: number;
  /** How long an unpaid gateway order keeps its units, in milliseconds. */
  orderPaymentMs: number;
  /** Days a buyer has to pay by bank transfer. */
  bankTransferDays: number;
  /** Signs and checks payment callbacks and bank notifications (HMAC-SHA256). */
  paymentSecret: string;
  /** Checks every answer against the contract (on in development and tests). */
  checkResponses: boolean;
  /** Per-client limits, the hold cap and lifetime, and the trusted proxies. */
  limits: LimitSettings;
  /** The deployment stage (STAGE). */
  stage: Stage;
  /** Who takes gateway payments (PAYMENT_PROVIDERS); `test` is the built-in test gateway. */
  paymentProviders: readonly PaymentProviderName[];
  /** Largest request body read, in bytes; a larger one is refused with 413 before it is read. */
  bodyLimitBytes: number;
}

/** Everything a handler may use: the database, the clock, the logger and the settings. */
export interface ServiceDeps {
  database: Database;
  clock: Clock;
  logger: ServiceLogger;
  settings: ServiceSettings;
  /** The per-client rate limiters (built by `createApp` from the settings). */
  limits: ClientLimits;
  /**
   * Checks bearer tokens: of secure calls, and the optional token of public calls that may belong to an
   * account (order creation). `createApp` fills in the accounts' stored tokens when none is given.
   */
  auth: TokenVerifier;
}
