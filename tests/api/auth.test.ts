/**
 * Logging in and out: password log-in (a wrong password and an unknown address are the same 401), e-mailed
 * log-in codes (single use, 8 digits, 15 minutes, 5 tries, replaced by a newer one), log-out, and the 401 of
 * secure calls with no token, an expired one or a revoked one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountCalls } from "../../src/contract/account.ts";
import { authCalls } from "../../src/contract/auth.ts";
import { TOKEN_LIFETIME_MS } from "../../src/lib/constants.ts";
import {
  bearer,
  lastMail,
  mailedCode,
  registerAccount,
  TEST_PASSWORD,
  uniqueEmail,
} from "./support/accounts.ts";
import { expectError } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ seed: false });
});
afterAll(() => svc?.close());
afterEach(() => {
  svc.clock.offsetMs = 0;
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  svc.request(path, { method: "POST", json, headers, lang: "en" });

describe("auth.login", () => {
  it("answers a session for the right password, whatever the case of the address", async () => {
    const holder = await registerAccount(svc);
    const res = await post("/api/login", {
      email: holder.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    const session = authCalls.login.response.parse(res.body);
    expect(session.account).toEqual(holder.account);
    expect(session.token).not.toBe(holder.token);
    const me = await svc.request("/api/account", { headers: bearer(session.token) });
    expect(me.status).toBe(200);
  });

  it("answers the same 401 for a wrong password and for an address without an account", async () => {
    const holder = await registerAccount(svc);
    const wrong = await post("/api/login", { email: holder.email, password: "not the password" });
    const unknown = await post("/api/login", { email: uniqueEmail("nobody"), password: "not the password" });
    expectError(wrong, 401, "INVALID_CREDENTIALS");
    expectError(unknown, 401, "INVALID_CREDENTIALS");
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses an account created without a password like a wrong password", async () => {
    const email = uniqueEmail("nopass");
    const created = await post("/api/account-create", { email, language: "cs" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectError(await post("/api/login", { email, password: "anything at all" }), 401, "INVALID_CREDENTIALS");
  });
});

describe("auth.sendAccessCode and auth.loginWithAccessCode", () => {
  it("mails an 8-digit code in the asked language that logs in once and verifies the address", async () => {
    const holder = await registerAccount(svc);
    expect(holder.account.emailVerified).toBe(false);
    const sent = await post("/api/login-send-access-code", { email: holder.email, language: "de" });
    expect(authCalls.sendAccessCode.response.parse(sent.body)).toEqual({ errorText: "OK" });
    const mail = await lastMail(svc, holder.email, "loginCode");
    expect(mail).toMatchObject({ locale: "de", status: "pending", data: { firstName: "Jana" } });
    const accessCode = await mailedCode(svc, holder.email, "loginCode");
    expect(accessCode).toMatch(/^\d{8}$/);

    const res = await post("/api/login-with-access-code", { email: holder.email, accessCode });
    const session = authCalls.loginWithAccessCode.response.parse(res.body);
    expect(session.account.emailVerified).toBe(true);
    const again = await post("/api/login-with-access-code", { email: holder.email, accessCode });
    expectError(again, 400, "INVALID_CODE", "body.accessCode");
  });

  it("answers OK for an address without an account, and mails nothing", async () => {
    const email = uniqueEmail("ghost");
    const sent = await post("/api/login-send-access-code", { email, language: "en" });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ errorText: "OK" });
    expect(await lastMail(svc, email, "loginCode")).toBeUndefined();
    const res = await post("/api/login-with-access-code", { email, accessCode: "12345678" });
    expectError(res, 400, "INVALID_CODE", "body.accessCode");
  });

  it("refuses an expired code", async () => {
    const holder = await registerAccount(svc);
    await post("/api/login-send-access-code", { email: holder.email, language: "en" });
    const accessCode = await mailedCode(svc, holder.email, "loginCode");
    svc.clock.offsetMs = 15 * 60_000 + 1000;
    const res = await post("/api/login-with-access-code", { email: holder.email, accessCode });
    expectError(res, 400, "INVALID_CODE");
  });

  it("kills a code after 5 wrong tries, even for the right code afterwards", async () => {
    const holder = await registerAccount(svc);
    await post("/api/login-send-access-code", { email: holder.email, language: "en" });
    const accessCode = await mailedCode(svc, holder.email, "loginCode");
    const wrongCode = accessCode === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/login-with-access-code", { email: holder.email, accessCode: wrongCode });
      expectError(res, 400, "INVALID_CODE");
    }
    const right = await post("/api/login-with-access-code", { email: holder.email, accessCode });
    expectError(right, 400, "INVALID_CODE");
  });

  it("replaces an older code by a newer one", async () => {
    const holder = await registerAccount(svc);
    await post("/api/login-send-access-code", { email: holder.email, language: "en" });
    const first = await mailedCode(svc, holder.email, "loginCode");
    svc.clock.offsetMs += 1000;
    await post("/api/login-send-access-code", { email: holder.email, language: "en" });
    const second = await mailedCode(svc, holder.email, "loginCode");
    expect(second).not.toBe(first);
    expectError(
      await post("/api/login-with-access-code", { email: holder.email, accessCode: first }),
      400,
      "INVALID_CODE",
    );
    const res = await post("/api/login-with-access-code", { email: holder.email, accessCode: second });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("auth.logout and the 401 of secure calls", () => {
  it("logout revokes the token sent, and only that one", async () => {
    const holder = await registerAccount(svc);
    const other = authCalls.login.response.parse(
      (await post("/api/login", { email: holder.email, password: TEST_PASSWORD })).body,
    ).token;
    const out = await post("/api/logout", {}, bearer(holder.token));
    expect(authCalls.logout.response.parse(out.body)).toEqual({ errorText: "OK" });
    const revoked = await svc.request("/api/account-by-token", { headers: bearer(holder.token) });
    expectError(revoked, 401, "UNAUTHORIZED");
    expect(revoked.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expectError(await post("/api/logout", {}, bearer(holder.token)), 401, "UNAUTHORIZED");
    const still = await svc.request("/api/account-by-token", { headers: bearer(other) });
    expect(accountCalls.byToken.response.parse(still.body).token).toBe(other);
  });

  it("secure calls answer 401 without a token and with an expired one", async () => {
    const holder = await registerAccount(svc);
    const none = await svc.request("/api/account");
    expectError(none, 401, "UNAUTHORIZED");
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    svc.clock.offsetMs = TOKEN_LIFETIME_MS - 60_000;
    expect((await svc.request("/api/account", { headers: bearer(holder.token) })).status).toBe(200);
    svc.clock.offsetMs = TOKEN_LIFETIME_MS + 1000;
    expectError(await svc.request("/api/account", { headers: bearer(holder.token) }), 401, "UNAUTHORIZED");
  });

  it("logout without a token is a 401", async () => {
    expectError(await post("/api/logout", {}), 401, "UNAUTHORIZED");
  });
});
