/**
 * The edges of the storefront's session endpoints (`src/server/auth.ts`), over real HTTP against a stand-in
 * of the pass service that answers what each test asks for: the language and client address it is told,
 * every kind of failure it can have (refusal, crash, garbled answer, no answer) and what the buyer and the
 * log see of each, what is refused before the service is asked, and what reads stay open to other sites.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/lib/logger.ts";
import { parseTrustProxy } from "../../../src/lib/trust-proxy.ts";
import { authRoutes } from "../../../src/server/auth.ts";
import { freePort } from "../../support/ports.ts";

const ACCOUNT = {
  accountId: "0b6a4c1e-4f0e-4d7b-9a53-2f1d6a8b9c01",
  email: "jana.novakova@example.cz",
  firstName: "Jana",
  lastName: "Nováková",
  phone: null,
  language: "cs",
  billingInfo: null,
  emailVerified: true,
  createdAt: "2026-01-01T10:00:00.000Z",
};

/** What the stand-in answers next: the account, or a status with a body. */
let reply: { status: number; body: unknown; headers?: Record<string, string> };
/** What the stand-in was asked: path, language and the client address it was told. */
const seen: { path: string; language: string | undefined; forwardedFor: string | undefined }[] = [];
const logged: { level: string; message: string }[] = [];

function standIn(): Hono {
  const pass = new Hono();
  pass.all("*", (c) => {
    seen.push({
      path: c.req.path,
      language: c.req.header("accept-language"),
      forwardedFor: c.req.header("x-forwarded-for"),
    });
    return c.json(reply.body as object, reply.status as 200, reply.headers);
  });
  return pass;
}

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<[Server, string]> {
  return new Promise((done) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) =>
      done([server as Server, `http://127.0.0.1:${info.port}`]),
    ) as Server;
  });
}

/** The endpoints in front of a pass service at a URL, served over HTTP. */
async function storefront(passApiUrl: string): Promise<[Server, string]> {
  const sink = {
    debug() {},
    info() {},
    warn: (message: unknown) => {
      logged.push({ level: "warn", message: String(message) });
    },
    error: (message: unknown) => {
      logged.push({ level: "error", message: String(message) });
    },
  };
  const routes = authRoutes({
    passApiUrl,
    trustProxy: parseTrustProxy("loopback"),
    logger: createLogger("auth", { stage: "development", sink }),
  });
  const app = new Hono().route("/api/auth", routes);
  return listen(app.fetch);
}

const servers: Server[] = [];
let base: string;
let downBase: string;

beforeAll(async () => {
  const [pass, passUrl] = await listen(standIn().fetch);
  const [front, frontUrl] = await storefront(passUrl);
  // A storefront whose pass service does not listen at all.
  const [down, downUrl] = await storefront(`http://127.0.0.1:${await freePort()}`);
  servers.push(pass, front, down);
  base = frontUrl;
  downBase = downUrl;
});

afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

beforeEach(() => {
  seen.length = 0;
  logged.length = 0;
  reply = { status: 200, body: { errorText: "OK", token: "tok-1", account: ACCOUNT, userAccount: ACCOUNT } };
});

const call = (
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) =>
  fetch(`${base}${path}`, {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
const LOGIN = JSON.stringify({ email: ACCOUNT.email, password: "správné-heslo" });
const SESSION = { Cookie: "_hocid=tok-1; _hocid_marker=1" };

describe("what the pass service is told", () => {
  it("the request's first supported language, else Czech", async () => {
    const cases: [string | undefined, string][] = [
      ["de-AT,de;q=0.9", "de"],
      ["fr-FR, EN-GB;q=0.8", "en"],
      ["sk", "sk"],
      ["pl, ru;q=0.5", "cs"],
      [undefined, "cs"],
    ];
    for (const [header, expected] of cases) {
      seen.length = 0;
      const res = await call("/api/auth/login", {
        body: LOGIN,
        headers: header ? { "Accept-Language": header } : {},
      });
      expect(res.status).toBe(200);
      expect(seen.map((s) => s.language)).toEqual([expected]);
    }
  });

  it("the client's address behind a trusted proxy, on every call", async () => {
    const proxied = { "X-Forwarded-For": "203.0.113.9" };
    await call("/api/auth/token", { body: JSON.stringify({ token: "tok-1" }), headers: proxied });
    await call("/api/auth/user", { method: "GET", headers: { ...SESSION, ...proxied } });
    await call("/api/auth/logout", { body: "{}", headers: { ...SESSION, ...proxied } });
    expect(seen.map((s) => [s.path, s.forwardedFor])).toEqual([
      ["/api/account-by-token", "203.0.113.9"],
      ["/api/account-by-token", "203.0.113.9"],
      ["/api/logout", "203.0.113.9"],
    ]);
  });
});

describe("failures of the pass service", () => {
  it("a crash, a garbled answer or no answer at all is a 502 no_response, logged with the path", async () => {
    const crash = { status: 500, body: { errorText: "ERROR_INTERNAL", message: "boom" } };
    const garbled = { status: 200, body: { errorText: "OK", token: 7 } };
    for (const next of [crash, garbled]) {
      reply = next;
      logged.length = 0;
      const res = await call("/api/auth/login", { body: LOGIN });
      expect(res.status).toBe(502);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("retry-after")).toBeNull();
      expect(await res.json()).toEqual({
        errorText: "ERROR_NO_RESPONSE",
        type: "no_response",
        message: "The pass service did not answer",
      });
      expect(logged).toEqual([
        { level: "error", message: expect.stringMatching(/^\[auth\] \/api\/auth\/login: \S/) },
      ]);
    }
    const res = await fetch(`${downBase}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: downBase },
      body: LOGIN,
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ errorText: "ERROR_NO_RESPONSE" });
  });

  it("only a rate limit carries Retry-After, and only with a wait: another refusal naming one gets none", async () => {
    reply = { status: 403, body: { errorText: "ERROR_FORBIDDEN", message: "No", retryAfter: 30 } };
    const refused = await call("/api/auth/login", { body: LOGIN });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(refused.headers.getSetCookie()).toEqual([]);
    reply = { status: 429, body: { errorText: "ERROR_RATE_LIMITED", message: "Too many" } };
    const limited = await call("/api/auth/login", { body: LOGIN });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeNull();
    expect(logged).toEqual([]);
  });

  it("a session the service refuses (401 or 403) ends, with both cookies cleared", async () => {
    for (const status of [401, 403]) {
      reply = { status, body: { errorText: "ERROR_UNAUTHORIZED", message: "No valid token" } };
      const res = await call("/api/auth/user", { method: "GET", headers: SESSION });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        errorText: "ERROR_UNAUTHORIZED",
        type: "unauthorized",
        message: "The session has ended",
      });
      expect(res.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["_hocid", "_hocid_marker"]);
    }
  });

  it("a service that is down or answers another refusal keeps the session: 502 or the refusal, no cookies cleared", async () => {
    reply = { status: 404, body: { errorText: "ERROR_NOT_FOUND", message: "No" } };
    const notFound = await call("/api/auth/user", { method: "GET", headers: SESSION });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.getSetCookie()).toEqual([]);
    reply = { status: 503, body: { errorText: "ERROR_INTERNAL", message: "down" } };
    const down = await call("/api/auth/user", { method: "GET", headers: SESSION });
    expect(down.status).toBe(502);
    expect(down.headers.getSetCookie()).toEqual([]);
  });

  it("logout logs a failure of the service, but not a token it no longer knows", async () => {
    reply = { status: 401, body: { errorText: "ERROR_UNAUTHORIZED", message: "No valid token" } };
    const gone = await call("/api/auth/logout", { body: "{}", headers: SESSION });
    expect(gone.status).toBe(200);
    expect(logged).toEqual([]);
    reply = { status: 500, body: { errorText: "ERROR_INTERNAL", message: "boom" } };
    const failed = await call("/api/auth/logout", { body: "{}", headers: SESSION });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ errorText: "OK" });
    expect(logged).toEqual([{ level: "warn", message: expect.stringMatching(/^\[auth\] logout: \S/) }]);
  });
});

describe("what is answered without asking the pass service", () => {
  it("no session cookie: /user is 401 'Not signed in', /logout just clears the cookies", async () => {
    const user = await call("/api/auth/user", { method: "GET" });
    expect(user.status).toBe(401);
    expect(await user.json()).toEqual({
      errorText: "ERROR_UNAUTHORIZED",
      type: "unauthorized",
      message: "Not signed in",
    });
    const logout = await call("/api/auth/logout", { body: "{}" });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()).toHaveLength(2);
    expect(seen).toEqual([]);
  });

  it("a body that is not JSON, or that the contract refuses, on each sign-in call", async () => {
    const notJson = await call("/api/auth/login", { body: "{" });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.getSetCookie()).toEqual([]);
    expect(notJson.headers.get("cache-control")).toBe("no-store");
    expect(await notJson.json()).toEqual({
      errorText: "ERROR_INVALID_INPUT",
      type: "invalid_input",
      message: "The body is not JSON",
    });
    const passwordless = await call("/api/auth/passwordless", {
      body: JSON.stringify({ email: ACCOUNT.email }),
    });
    expect(passwordless.status).toBe(400);
    const answer = (await passwordless.json()) as {
      issues: { path: string }[];
      field: string;
      message: string;
    };
    expect(answer.field).toBe("accessCode");
    expect(answer.issues.map((i) => i.path)).toEqual(["accessCode"]);
    expect(answer.message).toMatch(/^accessCode: \S/);
    const twoWrong = await call("/api/auth/login", { body: JSON.stringify({ email: 1, password: 2 }) });
    const both = (await twoWrong.json()) as { message: string };
    expect(both.message).toMatch(/^email: .+; password: .+$/);
    const token = await call("/api/auth/token", { body: JSON.stringify({ token: 42 }) });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ errorText: "ERROR_INVALID_INPUT", field: "token" });
    expect(seen).toEqual([]);
  });

  it("an unknown path is a 404 naming it", async () => {
    const res = await call("/api/auth/nothing-here", { method: "GET" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      errorText: "ERROR_NOT_FOUND",
      type: "not_found",
      message: "No GET /api/auth/nothing-here",
    });
  });

  it("another site may read (GET, HEAD) but not change: its POST is refused naming its origin", async () => {
    const evil = { Origin: "https://evil.example" };
    expect((await call("/api/auth/user", { method: "GET", headers: { ...SESSION, ...evil } })).status).toBe(
      200,
    );
    expect((await call("/api/auth/user", { method: "HEAD", headers: { ...SESSION, ...evil } })).status).toBe(
      200,
    );
    const refused = await call("/api/auth/token", {
      body: JSON.stringify({ token: "tok-1" }),
      headers: evil,
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await refused.json()).toEqual({
      errorText: "ERROR_FORBIDDEN_ORIGIN",
      type: "forbidden_origin",
      message: "Requests from https://evil.example are not allowed",
    });
  });

  it("the signed-in account's answer sets no cookie of its own", async () => {
    const res = await call("/api/auth/user", { method: "GET", headers: SESSION });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
