/**
 * Starts the reference pass service for an API test file: on PGlite (in memory) or on a fresh database of the
 * test PostgreSQL server, per the project's TEST_DB, with the demo catalog and a clock the test controls.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { demoDayStart } from "../../../src/pass-service/catalog/demo/time.ts";
import { createOffsetClock } from "../../../src/pass-service/clock.ts";
import type { ServiceSettings } from "../../../src/pass-service/deps.ts";
import { DEFAULT_LIMITS } from "../../../src/pass-service/limits.ts";
import { type RunningService, startPassService } from "../../../src/pass-service/server.ts";
import { createTestDatabase } from "../../support/postgres.ts";

/** The payment secret of test services: tests sign gateway callbacks and bank notifications with it. */
export const TEST_PAYMENT_SECRET = "test-payment-secret-0123456789abcdef";

/** A demo catalog's dates are relative to the UTC day it was seeded for, and a few to its minute. */
const TEMPLATE_MAX_AGE_MS = 30 * 60_000;
let template: Blob | null | undefined;

/**
 * The run's seeded PGlite database (tests/api/support/pglite-template.ts), while its dates still fit: null
 * once it is of another day or too old (a service then seeds its own).
 */
function seededTemplate(): Blob | null {
  const provided = inject("pgliteTemplate");
  const seeded = Date.parse(provided.seededAt);
  const now = Date.now();
  if (demoDayStart(seeded) !== demoDayStart(now) || now - seeded > TEMPLATE_MAX_AGE_MS) return null;
  template ??= new Blob([readFileSync(provided.file)]);
  return template;
}

/** A service started for tests, with its clock. */
export interface TestService extends RunningService {
  clock: ReturnType<typeof createOffsetClock>;
  /** Which engine the database runs on. */
  kind: "pglite" | "postgres";
  /** The PostgreSQL database of the service (undefined on PGlite), for a second process on it. */
  databaseUrl: string | undefined;
  /** GET/POST helper returning status and parsed JSON (the body is checked against the contract by each test). */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; lang?: string },
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers freely and parse them with the contract.
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

/**
 * Starts a seeded service on a free port, with the test payment gateway (PAYMENT_PROVIDERS=test). Per-client
 * limits are off (every test request comes from one address) unless a test turns them on with
 * `settings.limits`; `settings.paymentProviders` turns the gateway off. Mail is sent only when a test calls
 * `sendDueMail` (`settings.mail` sets SMTP or the mailbox page).
 */
export async function startTestService(
  opts: { seed?: boolean; settings?: Partial<ServiceSettings> } = {},
): Promise<TestService> {
  const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  const databaseUrl =
    kind === "postgres"
      ? await createTestDatabase(inject("pgAdminUrl"), `t_${randomUUID().replaceAll("-", "")}`)
      : undefined;
  const clock = createOffsetClock();
  const seed = opts.seed ?? true;
  const start = seed && kind === "pglite" ? seededTemplate() : null;
  const service = await startPassService({
    port: 0,
    host: "127.0.0.1",
    databaseUrl,
    dataDir: "memory",
    ...(start ? { template: start } : {}),
    seed,
    clock,
    logLevel: "silent",
    settings: {
      corsOrigins: ["http://storefront.test"],
      paymentSecret: TEST_PAYMENT_SECRET,
      limits: { ...DEFAULT_LIMITS, enabled: false },
      paymentProviders: ["test"],
      // Mail stays in the outbox until a test sends it (`sendDueMail`), into the local mailbox table.
      mail: { smtpUrl: null, from: "Vstupio <shop@storefront.test>", mailbox: false, intervalMs: 0 },
      ...opts.settings,
    },
  });
  return {
    ...service,
    clock,
    kind,
    databaseUrl,
    async request(path, init = {}) {
      const { json, lang, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("content-type", "application/json");
      if (lang) headers.set("accept-language", lang);
      const res = await fetch(new URL(path, service.url), {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body, headers: res.headers };
    },
  };
}
