/**
 * Limits of log-ins, codes and resets: per client (the `logins` bucket, log-out and code requests included)
 * and per account (the `accounts` bucket, keyed by the normalized e-mail, whichever client asks), each a 429
 * with Retry-After; the account's limit says nothing about whether the address has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common.ts";
import { parseTrustProxy } from "../../src/lib/trust-proxy.ts";
import { DEFAULT_LIMITS, DEFAULT_RATES, type LimitSettings } from "../../src/pass-service/limits.ts";
import { registerAccount, uniqueEmail } from "./support/accounts.ts";
import { startTestService, type TestService } from "./support/service.ts";

const PER_CLIENT = 4;
const PER_ACCOUNT = 3;
const limits: LimitSettings = {
  ...DEFAULT_LIMITS,
  trustProxy: parseTrustProxy("loopback"),
  rates: {
    ...DEFAULT_RATES,
    logins: { points: PER_CLIENT, seconds: 600 },
    accounts: { points: PER_ACCOUNT, seconds: 900 },
  },
};

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ seed: false, settings: { limits } });
});
afterAll(() => svc?.close());

let clients = 0;
/** A client address of its own (the service trusts this machine as a proxy). */
function newClient(): string {
  clients++;
  return `198.51.100.${clients}`;
}

const post = (client: string, path: string, json: unknown, headers: Record<string, string> = {}) =>
  svc.request(path, { method: "POST", json, lang: "en", headers: { "X-Forwarded-For": client, ...headers } });

/** Checks a 429: Retry-After in seconds and the same figure in the body. */
function expectLimited(res: { status: number; body: unknown; headers: Headers }): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  const body = ErrorBody.parse(res.body);
  expect(body.errorText).toBe("ERROR_RATE_LIMITED");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(body.retryAfter).toBe(retryAfter);
}

describe("per client", () => {
  it("log-ins, code requests and log-outs of one client share the logins budget", async () => {
    const client = newClient();
    const holder = await registerAccount(svc);
    const asked = [
      await post(client, "/api/login", { email: uniqueEmail(), password: "whatever it is" }),
      await post(client, "/api/login-send-access-code", { email: uniqueEmail(), language: "en" }),
      await post(client, "/api/account-send-reset-email", { email: uniqueEmail(), language: "en" }),
      await post(client, "/api/logout", {}, { authorization: `Bearer ${holder.token}` }),
    ];
    expect(asked.map((r) => r.status)).toEqual([401, 200, 200, 200]);
    expectLimited(
      await post(client, "/api/login-send-access-code", { email: uniqueEmail(), language: "en" }),
    );
    expectLimited(await post(client, "/api/login", { email: uniqueEmail(), password: "whatever it is" }));
    const other = await post(newClient(), "/api/login-send-access-code", {
      email: uniqueEmail(),
      language: "en",
    });
    expect(other.status).toBe(200);
  });
});

describe("per account", () => {
  it("limits requests for one address from many clients, in any case, and not other addresses", async () => {
    // The registration spent the first request of the address.
    const holder = await registerAccount(svc);
    const email = holder.email;
    expect((await post(newClient(), "/api/login", { email, password: "wrong password" })).status).toBe(401);
    const upper = email.toUpperCase();
    expect(
      (await post(newClient(), "/api/account-send-reset-email", { email: upper, language: "en" })).status,
    ).toBe(200);
    expectLimited(await post(newClient(), "/api/login-send-access-code", { email, language: "en" }));
    expectLimited(await post(newClient(), "/api/login", { email, password: "wrong password" }));
    expectLimited(await post(newClient(), "/api/login-with-access-code", { email, accessCode: "12345678" }));
    const another = await post(newClient(), "/api/login", {
      email: uniqueEmail(),
      password: "wrong password",
    });
    expect(another.status).toBe(401);
  });

  it("limits an address without an account the same way", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect(
        (await post(newClient(), "/api/account-send-reset-email", { email, language: "en" })).status,
      ).toBe(200);
    }
    expectLimited(await post(newClient(), "/api/account-send-reset-email", { email, language: "en" }));
  });

  it("limits registrations mailing one address", async () => {
    const email = uniqueEmail("taken");
    const body = { email, password: "long enough pass", firstName: "A", lastName: "B", language: "en" };
    expect((await post(newClient(), "/api/account-register", body)).status).toBe(200);
    for (let i = 1; i < PER_ACCOUNT; i++) {
      expect((await post(newClient(), "/api/account-register", body)).status).toBe(409);
    }
    expectLimited(await post(newClient(), "/api/account-register", body));
  });
});
