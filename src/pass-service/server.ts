/** Starting and stopping the reference pass service on a port (used by `npm start`, the CLI and tests). */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import type { Hono } from "hono";
import { keepConnectionsAlive } from "../lib/keep-alive.ts";
import { createApp } from "./app.ts";
import { ensureDemoCatalog } from "./catalog/seed.ts";
import { type Clock, systemClock } from "./clock.ts";
import { type Database, openDatabase } from "./db/index.ts";
import type { ServiceSettings } from "./deps.ts";
import {
  assertPaymentSecret,
  limitSettings,
  mailSettings,
  parseServiceEnv,
  paymentSecret,
  storefrontUrl,
} from "./env.ts";
import { clearExpiredLimits } from "./limits.ts";
import { createServiceLogger, type LogLevel, type ServiceLogger, serviceLogLevel } from "./logger.ts";
import { assertProvidersAllowed } from "./payment-providers.ts";
import { deleteExpiredIdempotencyKeys } from "./services/idempotency.ts";
import { assertMailboxAllowed } from "./services/mail/mailbox.ts";
import { type MailRun, type MailSenderDeps, sendDueMail, startMailSender } from "./services/mail/sender.ts";
import { mailboxTransport, smtpTransport } from "./services/mail/transport.ts";
import { expireDueOrders } from "./services/orders/lifecycle.ts";

/** A running service. */
export interface RunningService {
  url: string;
  database: Database;
  /** The local mailbox page, where it is served (MAILBOX=on), else null. */
  mailboxUrl: string | null;
  /** Sends the outbox's due mails now (the service also does so every few seconds). */
  sendDueMail(): Promise<MailRun>;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

/** Options of `startPassService`; anything left out comes from the environment. */
export interface StartOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  databaseUrl?: string | undefined;
  /** PGlite data folder, or "memory". */
  dataDir?: string;
  /** What an in-memory PGlite database starts from (see `OpenOptions.template`). */
  template?: Blob;
  /** Loads the demo catalog into an empty database (default true). */
  seed?: boolean;
  clock?: Clock;
  logLevel?: LogLevel;
  logger?: ServiceLogger;
  settings?: Partial<ServiceSettings>;
}

/**
 * Opens and migrates the database, seeds it when empty, and serves the app. Settings it must not run with
 * (the test gateway for the production stage, a payment secret under 32 bytes) are refused before anything
 * starts.
 */
export async function startPassService(opts: StartOptions = {}): Promise<RunningService> {
  const env = parseServiceEnv();
  const corsOrigins = opts.settings?.corsOrigins ?? env.CORS_ORIGINS.split(",").map((o) => o.trim());
  const settings: ServiceSettings = {
    corsOrigins,
    publicUrl: env.PASS_PUBLIC_URL ?? "",
    holdMs: env.HOLD_MINUTES * 60_000,
    orderPaymentMs: env.ORDER_PAYMENT_MINUTES * 60_000,
    bankTransferDays: env.BANK_TRANSFER_DAYS,
    checkResponses: env.CHECK_RESPONSES === "true",
    limits: limitSettings(env),
    stage: env.STAGE,
    paymentProviders: env.PAYMENT_PROVIDERS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    storefrontUrl: storefrontUrl(env, corsOrigins),
    mail: mailSettings(env),
    ...opts.settings,
    paymentSecret: opts.settings?.paymentSecret ?? paymentSecret(env),
  };
  assertProvidersAllowed(settings.stage, settings.paymentProviders);
  assertMailboxAllowed(settings.stage, settings.mail.mailbox);
  assertPaymentSecret(settings.paymentSecret, "the service's settings");
  const logger =
    opts.logger ?? createServiceLogger(opts.logLevel ?? serviceLogLevel(env.STAGE, env.LOG_LEVEL));
  const clock = opts.clock ?? systemClock;
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl !== undefined ? opts.databaseUrl : env.DATABASE_URL,
    dataDir: opts.dataDir ?? env.PGLITE_DIR,
    template: opts.template,
  });
  try {
    // Processes starting together on one database migrate and seed one after another.
    await database.startupLock(async () => {
      await database.migrate();
      if (opts.seed ?? true) await ensureDemoCatalog(database, clock, logger);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const host = opts.host ?? env.PASS_HOST;
  const port = opts.port ?? env.PASS_PORT;

  let resolveListening: (info: AddressInfo) => void = () => {};
  const listening = new Promise<AddressInfo>((resolve) => {
    resolveListening = resolve;
  });
  // The port is known only once listening (port 0 picks one), and the app's links need it: requests that
  // arrive in between are told to retry.
  let app: Hono | undefined;
  let inFlight = 0;
  // The Node bindings (the socket: the peer's address) are handed on to the app.
  const handle = async (req: Request, bindings: HttpBindings | Http2Bindings): Promise<Response> => {
    if (!app) return new Response("starting", { status: 503 });
    inFlight++;
    try {
      return await app.fetch(req, bindings);
    } finally {
      inFlight--;
    }
  };
  const server = serve({ fetch: handle, hostname: host, port }, (info) => resolveListening(info)) as Server;
  keepConnectionsAlive(server);
  const info = await listening;
  const url = `http://${host}:${info.port}`;
  if (!settings.publicUrl) settings.publicUrl = url;
  app = createApp({ database, clock, logger, settings });
  // Unpaid orders whose time is up give their units back even when nobody looks at them.
  const sweeper = setInterval(() => {
    expireDueOrders(database.db, clock.now()).catch((error: unknown) =>
      logger.error("expiring orders failed", { error: String(error) }),
    );
    clearExpiredLimits(database.db, new Date()).catch((error: unknown) =>
      logger.warn("clearing rate-limit counters failed", { error: String(error) }),
    );
    // Idempotency keys older than 24 hours are deleted, a bounded batch per sweep.
    deleteExpiredIdempotencyKeys(database.db, clock.now()).catch((error: unknown) =>
      logger.error("deleting expired idempotency keys failed", { error: String(error) }),
    );
  }, 30_000);
  sweeper.unref();
  const mailDeps: MailSenderDeps = {
    db: database.db,
    clock,
    logger,
    transport: settings.mail.smtpUrl
      ? smtpTransport(settings.mail.smtpUrl, settings.mail.from)
      : mailboxTransport(database.db),
    links: { storefrontUrl: settings.storefrontUrl, publicUrl: settings.publicUrl },
  };
  const mailer =
    settings.mail.intervalMs > 0 ? startMailSender(mailDeps, settings.mail.intervalMs) : undefined;

  return {
    url,
    database,
    mailboxUrl: settings.mail.mailbox ? `${url}/mailbox` : null,
    sendDueMail: () => sendDueMail(mailDeps),
    close: async () => {
      clearInterval(sweeper);
      if (mailer) await mailer.stop();
      else mailDeps.transport.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Requests under way finish (a client that went away leaves its request running) before the database
      // closes. Their connections, idle then, would hold the close for as long as they are kept alive.
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await closed;
      await database.close();
    },
  };
}
