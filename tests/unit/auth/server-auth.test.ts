/**
 * The session endpoints of the storefront server (`src/server/auth.ts`) over real HTTP, against a small
 * stand-in of the pass service that also runs over real HTTP and records what it was sent.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/lib/logger.ts";
import { parseTrustProxy } from "../../../src/lib/trust-proxy.ts";
import { createStorefrontApp } from "../../../src/server/app.ts";

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
const TOKEN = "tok-valid-123";

/** What the stand-in saw: every request's path, Authorization and X-Forwarded-For. */
const seen: { path: string; auth: string | undefined; forwardedFor: string | undefined }[] = [];
let revoked = new Set<string>();
let passDown = false;

function standIn(): Hono {
  const pass = new Hono();
  pass.use(async (c, next) => {
    seen.push({
      path: c.req.path,
      auth: c.req.header("authorization"),
      forwardedFor: c.req.header("x-forwarded-for"),
    });
    if (passDown) return c.json({ errorText: "ERROR_INTERNAL", message: "down" }, 503);
    return next();
  });
  const bearer = (h: string | undefined) => h?.replace(/^Bearer /, "");
  const unauthorized = { errorText: "ERROR_UNAUTHORIZED", type: "unauthorized", message: "No valid token" };
  pass.post("/api/login", async (c) => {
    const body = (await c.req.json()) as { email: string; password: string };
    if (body.email === "busy@example.cz") {
      return c.json({ errorText: "ERROR_RATE_LIMITED", message: "Too many", retryAfter: 42 }, 429, {
        "Retry-After": "42",
      });
    }
    if (body.password !== "správné-heslo") {
      return c.json({ errorText: "ERROR_INVALID_CREDENTIALS", message: "Wrong e-mail or password" }, 401);
    }
    return c.json({ errorText: "OK", token: TOKEN, account: ACCOUNT });
  });
  pass.post("/api/login-with-access-code", async (c) => {
    const body = (await c.req.json()) as { accessCode: string };
    if (body.accessCode !== "123456") {
      return c.json({ errorText: "ERROR_INVALID_ACCESS_CODE", message: "Bad code" }, 400);
    }
    return c.json({ errorText: "OK", token: "tok-code-456", account: ACCOUNT });
  });
  pass.get("/api/account-by-token", (c) => {
    const token = bearer(c.req.header("authorization"));
    if (!token || revoked.has(token) || !token.startsWith("tok-")) return c.json(unauthorized, 401);
    return c.json({ errorText: "OK", token, account: ACCOUNT });
  });
  pass.post("/api/logout", (c) => {
    const token = bearer(c.req.header("authorization"));
    if (!token) return c.json(unauthorized, 401);
    revoked.add(token);
    return c.json({ errorText: "OK" });
  });
  return pass;
}

let root: string;
let passServer: Server;
let storefront: Server;
let base: string;
let passUrl: string;

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<[Server, string]> {
  return new Promise((done) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) =>
      done([server as Server, `http://127.0.0.1:${info.port}`]),
    ) as Server;
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "storefront-auth-"));
  mkdirSync(join(root, "client"));
  const [p, pass] = await listen(standIn().fetch);
  passServer = p;
  passUrl = pass;
  const app = createStorefrontApp({
    clientDir: join(root, "client"),
    serviceOrigins: [passUrl],
    trustProxy: parseTrustProxy("loopback"),
    logger: createLogger("test", {
      stage: "production",
      sink: { debug() {}, info() {}, warn() {}, error() {} },
    }),
    auth: { passApiUrl: passUrl },
  });
  const [s, url] = await listen(app.fetch);
  storefront = s;
  base = url;
});

afterAll(async () => {
  await new Promise((done) => storefront.close(done));
  await new Promise((done) => passServer.close(done));
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
  revoked = new Set();
  passDown = false;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...headers },
    body: JSON.stringify(body),
  });

/** The Set-Cookie values of an answer, by cookie name. */
function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) out[line.split("=")[0] ?? ""] = line;
  return out;
}

describe("POST /api/auth/login (credentials)", () => {
  it("signs in through the pass service and sets the token and marker cookies", async () => {
    const res = await post("/api/auth/login", { email: ACCOUNT.email, password: "správné-heslo" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errorText: "OK", userAccount: ACCOUNT, token: TOKEN });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const cookies = cookiesOf(res);
    expect(cookies._hocid).toMatch(new RegExp(`^_hocid=${TOKEN};`));
    expect(cookies._hocid).toContain("HttpOnly");
    expect(cookies._hocid).toContain("SameSite=Lax");
    expect(cookies._hocid).toContain("Path=/");
    expect(cookies._hocid).toContain(`Max-Age=${30 * 24 * 3600}`);
    // Plain http on 127.0.0.1: not Secure, or the browser would not keep it.
    expect(cookies._hocid).not.toContain("Secure");
    expect(cookies._hocid_marker).toMatch(/^_hocid_marker=1;/);
    expect(cookies._hocid_marker).not.toContain("HttpOnly");
  });

  it("marks the cookies Secure behind a trusted proxy that says https", async () => {
    const res = await post(
      "/api/auth/login",
      { email: ACCOUNT.email, password: "správné-heslo" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" },
    );
    expect(res.status).toBe(200);
    expect(cookiesOf(res)._hocid).toContain("Secure");
    expect(cookiesOf(res)._hocid_marker).toContain("Secure");
    // The client behind the trusted proxy is named to the pass service for its per-client limits.
    expect(seen.find((s) => s.path === "/api/login")?.forwardedFor).toBe("203.0.113.7");
  });

  it("passes a wrong password's refusal on, without cookies", async () => {
    const res = await post("/api/auth/login", { email: ACCOUNT.email, password: "špatné" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      errorText: "ERROR_INVALID_CREDENTIALS",
      type: "invalid_credentials",
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("passes the pass service's rate limit on with Retry-After", async () => {
    const res = await post("/api/auth/login", { email: "busy@example.cz", password: "x" });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(await res.json()).toMatchObject({ errorText: "ERROR_RATE_LIMITED", retryAfter: 42 });
  });

  it("refuses a body the contract refuses with a 400 naming the field, without calling the service", async () => {
    const res = await post("/api/auth/login", { email: "not-an-email", password: "x" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorText: "ERROR_INVALID_INPUT", field: "email" });
    const notJson = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      body: "{",
      headers: { Origin: base },
    });
    expect(notJson.status).toBe(400);
    expect(seen).toEqual([]);
  });

  it("refuses a foreign Origin with 403", async () => {
    const res = await post(
      "/api/auth/login",
      { email: ACCOUNT.email, password: "správné-heslo" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errorText: "ERROR_FORBIDDEN_ORIGIN" });
    expect(seen).toEqual([]);
  });

  it("answers 502 when the pass service fails", async () => {
    passDown = true;
    const res = await post("/api/auth/login", { email: ACCOUNT.email, password: "správné-heslo" });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ errorText: "ERROR_NO_RESPONSE" });
  });
});

describe("POST /api/auth/passwordless and /api/auth/token", () => {
  it("signs in with an access code", async () => {
    const res = await post("/api/auth/passwordless", { email: ACCOUNT.email, accessCode: "123456" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: "tok-code-456", userAccount: { email: ACCOUNT.email } });
    expect(cookiesOf(res)._hocid).toMatch(/^_hocid=tok-code-456;/);
  });

  it("passes a wrong access code's refusal on", async () => {
    const res = await post("/api/auth/passwordless", { email: ACCOUNT.email, accessCode: "999999" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: "invalid_access_code" });
  });

  it("starts a session from a token the pass service knows, and refuses one it does not", async () => {
    const res = await post("/api/auth/token", { token: "tok-registered" });
    expect(res.status).toBe(200);
    expect(cookiesOf(res)._hocid).toMatch(/^_hocid=tok-registered;/);
    expect(seen[0]?.auth).toBe("Bearer tok-registered");
    const bad = await post("/api/auth/token", { token: "forged" });
    expect(bad.status).toBe(401);
    expect(bad.headers.getSetCookie()).toEqual([]);
  });
});

describe("GET /api/auth/user and POST /api/auth/logout", () => {
  it("answers the account of the session cookie", async () => {
    const res = await fetch(`${base}/api/auth/user`, {
      headers: { Cookie: `_hocid=${TOKEN}; _hocid_marker=1` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      errorText: "OK",
      userAccount: ACCOUNT,
      token: TOKEN,
      debugAllowed: true,
    });
  });

  it("tells whether the account may debug by the server's stage and staff, never naming the staff", async () => {
    const staffId = "5d0c6f0a-1b2c-4d3e-8f4a-5b6c7d8e9f00";
    const answers: unknown[] = [];
    for (const accountIds of [[staffId], [ACCOUNT.accountId]]) {
      const app = createStorefrontApp({
        clientDir: join(root, "client"),
        serviceOrigins: [],
        logger: createLogger("test", { stage: "production" }),
        auth: {
          passApiUrl: passUrl,
          debugAccess: { stage: "production", accountIds, emailDomain: undefined },
        },
      });
      const res = await app.fetch(
        new Request("http://127.0.0.1/api/auth/user", { headers: { Cookie: `_hocid=${TOKEN}` } }),
      );
      const text = await res.text();
      expect(text).not.toContain(staffId);
      answers.push((JSON.parse(text) as { debugAllowed: unknown }).debugAllowed);
    }
    expect(answers).toEqual([false, true]);
  });

  it("answers 401 and clears both cookies without a session or with a revoked token", async () => {
    for (const cookie of [undefined, "_hocid_marker=1", "_hocid=tok-old; _hocid_marker=1"]) {
      revoked.add("tok-old");
      const res = await fetch(`${base}/api/auth/user`, cookie ? { headers: { Cookie: cookie } } : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ errorText: "ERROR_UNAUTHORIZED" });
      const cookies = cookiesOf(res);
      expect(cookies._hocid).toMatch(/^_hocid=;.*Max-Age=0/);
      expect(cookies._hocid_marker).toMatch(/^_hocid_marker=;.*Max-Age=0/);
    }
  });

  it("logs out: revokes the token at the pass service and clears the cookies", async () => {
    const res = await post("/api/auth/logout", {}, { Cookie: `_hocid=${TOKEN}; _hocid_marker=1` });
    expect(res.status).toBe(200);
    expect(revoked.has(TOKEN)).toBe(true);
    expect(seen.find((s) => s.path === "/api/logout")?.auth).toBe(`Bearer ${TOKEN}`);
    expect(cookiesOf(res)._hocid).toMatch(/Max-Age=0/);
    const after = await fetch(`${base}/api/auth/user`, { headers: { Cookie: `_hocid=${TOKEN}` } });
    expect(after.status).toBe(401);
  });

  it("clears the cookies on logout even when the pass service fails", async () => {
    passDown = true;
    const res = await post("/api/auth/logout", {}, { Cookie: `_hocid=${TOKEN}; _hocid_marker=1` });
    expect(res.status).toBe(200);
    expect(cookiesOf(res)._hocid_marker).toMatch(/Max-Age=0/);
  });

  it("refuses a logout from a foreign Origin (so another site cannot sign a buyer out)", async () => {
    const res = await post(
      "/api/auth/logout",
      {},
      { Origin: "https://evil.example", Cookie: `_hocid=${TOKEN}` },
    );
    expect(res.status).toBe(403);
    expect(revoked.has(TOKEN)).toBe(false);
  });
});
