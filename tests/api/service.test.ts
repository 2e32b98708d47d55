import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { type CallDef, ErrorBody, passServiceCalls } from "../../src/contract/index.ts";
import { createApp } from "../../src/pass-service/app.ts";
import { media } from "../../src/pass-service/db/schema.ts";
import type { ServiceDeps } from "../../src/pass-service/deps.ts";
import { DEFAULT_LIMITS } from "../../src/pass-service/limits.ts";
import type { ServiceLogger } from "../../src/pass-service/logger.ts";
import { startTestService, TEST_PAYMENT_SECRET, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** Calls the README lists as not implemented yet (backticked ids in that section). */
function readmeNotImplemented(): Set<string> {
  const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
  const section = readme.split(/^### Calls not implemented yet$/m)[1]?.split(/^#{2,3} /m)[0] ?? "";
  return new Set([...section.matchAll(/`([a-z0-9]+\.[A-Za-z0-9]+)`/g)].map((m) => m[1] ?? ""));
}

/** A token the app of {@link appWith} accepts, for an account id that has no account. */
const VALID_TOKEN = "valid-test-token";

/** Log lines of an app built by {@link appWith}: level, message and fields. */
type LogLine = { level: string; message: string; fields: Record<string, unknown> };

/** The service's app over the test service's database, with a token verifier and a recording logger. */
function appWith(overrides: Partial<Omit<ServiceDeps, "limits">> = {}): { app: Hono; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, message, fields });
  const logger: ServiceLogger = {
    debug: record("debug"),
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
  };
  const app = createApp({
    database: svc.database,
    clock: svc.clock,
    logger,
    settings: {
      corsOrigins: ["http://storefront.test"],
      publicUrl: svc.url,
      holdMs: 15 * 60_000,
      orderPaymentMs: 20 * 60_000,
      bankTransferDays: 3,
      paymentSecret: TEST_PAYMENT_SECRET,
      checkResponses: true,
      bodyLimitBytes: 64 * 1024,
      limits: { ...DEFAULT_LIMITS, enabled: false },
      stage: "development",
      paymentProviders: ["test"],
      storefrontUrl: "http://storefront.test",
      mail: { smtpUrl: null, from: "shop@storefront.test", mailbox: false, intervalMs: 0 },
    },
    auth: { verify: async (token) => (token === VALID_TOKEN ? { accountId: SAMPLES[0] as string } : null) },
    ...overrides,
  });
  return { app, lines };
}

/** A request to an app built by {@link appWith}: status and parsed JSON. */
async function appRequest(app: Hono, path: string, init: RequestInit = {}) {
  const res = await app.request(path, init);
  return { status: res.status, body: await res.json() };
}

const SAMPLES = ["3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f", "unknown-slug", "1", "UNKNOWN1", "2026-01-01"];

/** A value the schema of one field accepts, for building a well-formed request. */
function sampleFor(def: CallDef, where: "params" | "query", name: string): string {
  const shape = def[where]?.shape as
    | Record<string, { safeParse(v: unknown): { success: boolean } }>
    | undefined;
  const field = shape?.[name];
  return SAMPLES.find((v) => field?.safeParse(v).success) ?? "1";
}

/** A request to a call with well-formed params and required query values. */
function requestFor(def: CallDef): { path: string; init: RequestInit } {
  let path = def.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(sampleFor(def, "params", name)),
  );
  const query = new URLSearchParams();
  const shape = def.query?.shape ?? {};
  for (const [name, field] of Object.entries(shape)) {
    if (z.safeParse(field, undefined).success) continue;
    query.set(name, sampleFor(def, "query", name));
  }
  if (query.size > 0) path += `?${query}`;
  const headers: Record<string, string> = def.secure ? { authorization: `Bearer ${VALID_TOKEN}` } : {};
  return {
    path,
    init: {
      method: def.method,
      headers,
      ...(def.body ? { body: "{}", headers: { ...headers, "content-type": "application/json" } } : {}),
    },
  };
}

describe("every call of the contract is served", () => {
  it("catalog calls answer, and exactly the README's not-implemented calls answer 501", async () => {
    const listed = readmeNotImplemented();
    const notImplemented: string[] = [];
    const problems: string[] = [];
    // Secure calls are asked through an app that accepts a fixed token.
    const { app } = appWith();
    for (const def of passServiceCalls()) {
      const { path, init } = requestFor(def);
      const res = def.secure ? await appRequest(app, path, init) : await svc.request(path, init);
      const errorText = (res.body as { errorText?: string } | undefined)?.errorText;
      if (res.status >= 500 && res.status !== 501)
        problems.push(`${def.id}: ${res.status} ${JSON.stringify(res.body)}`);
      if (errorText === "ERROR_NO_SUCH_CALL")
        problems.push(`${def.id}: not mounted at ${def.method} ${path}`);
      if (res.status === 501) {
        notImplemented.push(def.id);
        expect(errorText).toBe("ERROR_NOT_IMPLEMENTED");
      }
    }
    expect(problems).toEqual([]);
    expect(notImplemented.sort()).toEqual([...listed].sort());
  });
});

describe("secure calls", () => {
  const secure = passServiceCalls().filter((def) => def.secure);

  it.each([
    ["no token", {}],
    ["an unknown token", { authorization: "Bearer test-token" }],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
  ])("answer 401 with a Bearer challenge to %s, before looking at the input", async (_, headers) => {
    expect(secure.length).toBeGreaterThan(10);
    for (const def of secure) {
      const res = await svc.request(def.path, { method: def.method, headers });
      expect(res.status, `${def.id}: ${JSON.stringify(res.body)}`).toBe(401);
      expect(ErrorBody.parse(res.body)).toMatchObject({
        errorText: "ERROR_UNAUTHORIZED",
        type: "unauthorized",
      });
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    }
  });

  it("reach the handler with a valid token (here: an account without tickets)", async () => {
    const { app } = appWith();
    const res = await app.request("/api/account-tickets", {
      headers: { authorization: `Bearer ${VALID_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errorText: "OK", tickets: [] });
    const bad = await app.request("/api/account-tickets", { headers: { authorization: "Bearer nope" } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("root service", () => {
  it("GET / names the service and its OpenAPI document", async () => {
    const res = await svc.request("/");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorText: "OK", openapi: "/openapi.json" });
  });

  it("GET /health reports the database", async () => {
    const res = await svc.request("/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorText: "OK", status: "ok", database: "up" });
  });

  it("declares the bearer scheme, and which calls need it", async () => {
    const doc = (await svc.request("/openapi.json")).body;
    expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
    for (const def of passServiceCalls()) {
      const op = doc.paths[def.path][def.method.toLowerCase()];
      expect(op.security, def.id).toEqual(def.secure ? [{ bearer: [] }] : []);
      expect(Object.keys(op.responses).includes("401"), def.id).toBe(def.secure);
    }
  });

  it("publishes an OpenAPI 3.1 document with every call", async () => {
    const res = await svc.request("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const operations = Object.entries(
      res.body.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    const expected = passServiceCalls().map((def) => `${def.method} ${def.path} ${def.id}`);
    expect(operations.sort()).toEqual(expected.sort());
  });
});

describe("errors are the client's, never a 500", () => {
  it("a malformed id is a 400 naming the field", async () => {
    const res = await svc.request("/api/event-by-id?eventId=not-a-uuid");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorText: "ERROR_VALIDATION",
      type: "validation",
      field: "query.eventId",
    });
  });

  it("a missing query value is a 400 naming the field", async () => {
    const res = await svc.request("/api/event-by-slugs?organizerSlug=x");
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain("query.eventSlug");
  });

  it("an unknown id is a 404", async () => {
    const res = await svc.request(`/api/event-by-id?eventId=${SAMPLES[0]}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ errorText: "ERROR_NOT_FOUND", type: "not_found" });
  });

  it("an unknown path is a 404 that says no such call exists", async () => {
    const res = await svc.request("/api/no-such-call");
    expect(res.status).toBe(404);
    expect(res.body.errorText).toBe("ERROR_NO_SUCH_CALL");
  });

  it("malformed JSON in a body is a 400", async () => {
    const res = await svc.request("/api/v2/check-discount-code/JARO10", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body");
  });
});

describe("log levels", () => {
  it("log refusals as request lines, and only real server errors at error level", async () => {
    const { app, lines } = appWith();
    await app.request("/api/event-by-id?eventId=not-a-uuid");
    await app.request(`/api/event-by-id?eventId=${SAMPLES[0]}`);
    await app.request("/api/account-orders");
    await app.request("/api/reservation-seat", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ eventId: SAMPLES[0], sectorId: SAMPLES[0], seatIds: [SAMPLES[0]] }),
    });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    const requests = lines.filter((l) => l.message === "request");
    expect(requests.map((l) => [l.level, l.fields.status])).toEqual([
      ["info", 400],
      ["info", 404],
      ["info", 401],
      ["info", 404],
    ]);
    expect(lines).toHaveLength(4);

    const failing = appWith({
      database: { ...svc.database, ping: () => Promise.reject(new Error("database gone")) },
    });
    expect((await failing.app.request("/health")).status).toBe(500);
    expect(failing.lines.map((l) => [l.level, l.message])).toEqual([
      ["error", "unhandled error"],
      ["info", "request"],
    ]);
  });
});

describe("build mode (X-Languages)", () => {
  it("answers a GET in several languages at once, each as the call's usual answer", async () => {
    const one = await svc.request("/api/organizers-all", { lang: "en" });
    const res = await svc.request("/api/organizers-all", { headers: { "x-languages": "cs,en" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.languages)).toEqual(["cs", "en"]);
    expect(res.body.languages.en).toEqual(one.body);
    expect(res.body.languages.cs).not.toEqual(one.body);
  });

  it("refuses an unknown language with a 400", async () => {
    const res = await svc.request("/api/organizers-all", { headers: { "x-languages": "cs,fr" } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("headers.X-Languages");
  });
});

describe("CORS", () => {
  it("allows the storefront's origin and no other", async () => {
    const allowed = await svc.request("/health", { headers: { origin: "http://storefront.test" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://storefront.test");
    const other = await svc.request("/health", { headers: { origin: "http://evil.test" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await svc.request("/api/order-create", {
      method: "OPTIONS",
      headers: {
        origin: "http://storefront.test",
        "access-control-request-method": "POST",
        "access-control-request-headers": "idempotency-key,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("idempotency-key");
  });

  it("refuses state-changing calls from other sites' pages (CSRF) and allows the storefront's", async () => {
    const orderId = "00000000-0000-4000-8000-000000000001";
    const forged = await svc.request(`/api/order-cancel?orderId=${orderId}`, {
      method: "POST",
      headers: { origin: "http://evil.test", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.errorText).toBe("ERROR_FORBIDDEN_ORIGIN");
    const own = await svc.request(`/api/order-cancel?orderId=${orderId}`, {
      method: "POST",
      headers: { origin: "http://storefront.test" },
    });
    expect(own.status).toBe(404);
    const server = await svc.request(`/api/order-cancel?orderId=${orderId}`, { method: "POST" });
    expect(server.status).toBe(404);
  });
});

describe("media", () => {
  it("serves generated images with caching headers and answers 304 to a matching ETag", async () => {
    const [file] = await svc.database.db
      .select({ key: media.key, contentType: media.contentType })
      .from(media)
      .limit(1);
    expect(file).toBeDefined();
    const res = await fetch(`${svc.url}/media/${file?.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(file?.contentType);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    const again = await fetch(`${svc.url}/media/${file?.key}`, {
      headers: { "if-none-match": res.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect((await svc.request("/media/generated/nothing.jpg")).status).toBe(404);
  });
});
