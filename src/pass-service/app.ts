/**
 * The reference pass service as a Hono app: `createApp()` is shared by the server and the API tests.
 * Every call of the contract is mounted in contract order; calls no area serves yet answer 501.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { CALLS, passServiceCalls } from "../contract/index.ts";
import type { TokenVerifier } from "./auth.ts";
import { requestClock } from "./clock.ts";
import { ownOrigin, refuseForeignOrigins } from "./csrf.ts";
import { SERVICE_VERSION, type ServiceDeps } from "./deps.ts";
import { notImplemented, ServiceError } from "./errors.ts";
import { HandlerTable, mountCalls } from "./http.ts";
import { ClientLimits } from "./limits.ts";
import { buildOpenApi } from "./openapi.ts";
import { assertProvidersAllowed } from "./payment-providers.ts";
import { registerRoutes } from "./routes/index.ts";
import { databaseTokens } from "./services/accounts/tokens.ts";
import { assertMailboxAllowed } from "./services/mail/mailbox.ts";

/**
 * Builds the Hono app of the service; refuses settings it must not run with (the test gateway in production).
 * Bearer tokens are checked by `base.auth`, else by the accounts' stored tokens.
 */
export function createApp(
  base: Omit<ServiceDeps, "limits" | "auth"> & { auth?: TokenVerifier | undefined },
): Hono {
  const { logger, settings } = base;
  assertProvidersAllowed(settings.stage, settings.paymentProviders);
  assertMailboxAllowed(settings.stage, settings.mail.mailbox);
  const app = new Hono();
  const limits = new ClientLimits(base.database, settings.limits, settings.paymentSecret);
  const auth = base.auth ?? databaseTokens(base.database.db, base.clock);
  // Answers in several languages are built at one instant (`atOneInstant` in the mount layer).
  const deps: ServiceDeps = { ...base, clock: requestClock(base.clock), limits, auth };

  app.use(
    "*",
    cors({
      origin: (origin) =>
        settings.corsOrigins.includes(origin) || settings.corsOrigins.includes("*") ? origin : null,
      allowHeaders: [
        "Content-Type",
        "Authorization",
        "Accept-Language",
        "X-Agent-Version",
        "X-Agent-Source",
        "reqSourceId",
        "Idempotency-Key",
        "X-Languages",
      ],
      allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
      credentials: true,
      maxAge: 600,
    }),
  );

  // CSRF (see csrf.ts): calls that change state are refused from origins that are not the storefront's (a
  // plain HTML form elsewhere could otherwise post to order-cancel).
  app.use(
    "/api/*",
    refuseForeignOrigins(
      (origin) =>
        settings.corsOrigins.includes("*") ||
        settings.corsOrigins.includes(origin) ||
        origin === ownOrigin(settings),
    ),
  );

  // One line per request: at info, also for refusals (a client's mistake is not the service's error), and
  // at warn for a call not implemented yet. Real server errors add their own error line (onError below).
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    logger[c.res.status === 501 ? "warn" : "info"]("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use(
    "*",
    bodyLimit({
      maxSize: settings.bodyLimitBytes,
      onError: (c) =>
        c.json(
          {
            errorText: "ERROR_PAYLOAD_TOO_LARGE",
            type: "payload_too_large",
            message: `Request bodies are limited to ${settings.bodyLimitBytes} bytes`,
          },
          413,
        ),
    }),
  );

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      if (error.status >= 500 && error.status !== 501) logger.error(error.message, { path: c.req.path });
      return c.json(error.toBody(), error.status as 400, error.headers);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    logger.error("unhandled error", {
      path: c.req.path,
      error: error instanceof Error ? error.stack : String(error),
      ...(cause ? { cause } : {}),
    });
    return c.json(
      { errorText: "ERROR_INTERNAL", type: "internal", message: "Internal error of the pass service" },
      500,
    );
  });

  app.notFound((c) =>
    c.json(
      {
        errorText: "ERROR_NO_SUCH_CALL",
        type: "no_such_call",
        message: `No call at ${c.req.method} ${c.req.path}`,
      },
      404,
    ),
  );

  const openApi = buildOpenApi(passServiceCalls(), {
    version: SERVICE_VERSION,
    serverUrl: settings.publicUrl,
  });
  app.get("/openapi.json", (c) => c.json(openApi));

  const table = new HandlerTable();
  registerRoutes(table, deps, app);
  for (const id of table.ids()) {
    if (!(id in CALLS))
      throw new Error(`A handler is registered for ${id}, which the contract does not define`);
  }
  mountCalls(app, passServiceCalls(), table, {
    checkResponses: settings.checkResponses,
    auth,
    clock: deps.clock,
    unserved: (def) => {
      throw notImplemented(def.id);
    },
    guard: (def, c, input) => limits.spend(def, c, input),
  });
  return app;
}
