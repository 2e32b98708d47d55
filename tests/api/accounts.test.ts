/**
 * The account itself: registration (and its verification mail), creation without a password, verifying
 * the e-mail, resetting and setting a password from a mailed code, the account by code and by token, its
 * data, changing the password (other sessions revoked), mails written with what causes them and only then,
 * and the orders claimed once an address is proven.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountCalls } from "../../src/contract/account.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { accounts, mailOutbox, orders } from "../../src/pass-service/db/schema.ts";
import {
  bearer,
  lastMail,
  mailedCode,
  registerAccount,
  TEST_PASSWORD,
  uniqueEmail,
  verifiedAccount,
} from "./support/accounts.ts";
import { BUYER, createOrder, expectError } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  svc.clock.offsetMs = 0;
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  svc.request(path, { method: "POST", json, headers, lang: "en" });

const newAccount = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: TEST_PASSWORD,
  firstName: "Petr",
  lastName: "Svoboda",
  language: "sk",
  ...extra,
});

describe("account.register", () => {
  it("stores the address normalized, mails a verification code in the account's language, and logs in", async () => {
    const email = uniqueEmail("Register").toUpperCase();
    const res = await post("/api/account-register", newAccount(email, { phone: "+420777123456" }));
    const { token, account } = accountCalls.register.response.parse(res.body);
    expect(account).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Petr",
      phone: "+420777123456",
      language: "sk",
      emailVerified: false,
      billingInfo: null,
    });
    const mail = await lastMail(svc, email, "verifyEmail");
    expect(mail).toMatchObject({ recipient: email.toLowerCase(), locale: "sk", data: { firstName: "Petr" } });
    expect(String(mail?.data.accessCode)).toMatch(/^[\w-]{32}$/);
    const me = await svc.request("/api/account", { headers: bearer(token) });
    expect(accountCalls.get.response.parse(me.body).account).toEqual(account);
    const [stored] = await svc.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.accountId, account.accountId));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a second account for an address, in any case, and mails nothing more", async () => {
    const holder = await registerAccount(svc);
    const res = await post("/api/account-register", newAccount(holder.email.toUpperCase()));
    expectError(res, 409, "EMAIL_TAKEN", "body.email");
    const mails = await svc.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, holder.email));
    expect(mails).toHaveLength(1);
  });

  it("refuses a password under 8 characters, and one equal to the e-mail, naming the field", async () => {
    const email = uniqueEmail("rules");
    expectError(
      await post("/api/account-register", newAccount(email, { password: "short" })),
      400,
      "VALIDATION",
      "body.password",
    );
    expectError(
      await post("/api/account-register", newAccount(email, { password: email.toUpperCase() })),
      400,
      "VALIDATION",
      "body.password",
    );
    expectError(await post("/api/login", { email, password: email }), 401, "INVALID_CREDENTIALS");
  });

  it("writes no account and no mail when the transaction fails after the mail was written", async () => {
    const db = svc.database.db;
    await db.execute(sql`CREATE FUNCTION refuse_tokens() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'no tokens today'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_tokens BEFORE INSERT ON account_tokens
      FOR EACH ROW EXECUTE FUNCTION refuse_tokens()`);
    try {
      const email = uniqueEmail("rollback");
      const res = await post("/api/account-register", newAccount(email));
      expect(res.status).toBe(500);
      expect(await db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
      expect(await lastMail(svc, email, "verifyEmail")).toBeUndefined();
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_tokens ON account_tokens`);
      await db.execute(sql`DROP FUNCTION refuse_tokens()`);
    }
  });
});

describe("account.verifyEmail", () => {
  it("verifies the address with the mailed code, once", async () => {
    const holder = await registerAccount(svc);
    const accessCode = await mailedCode(svc, holder.email, "verifyEmail");
    const res = await post("/api/account-verify-email", { email: holder.email, accessCode });
    expect(accountCalls.verifyEmail.response.parse(res.body).account.emailVerified).toBe(true);
    expectError(
      await post("/api/account-verify-email", { email: holder.email, accessCode }),
      400,
      "INVALID_CODE",
    );
  });

  it("refuses a wrong code, and another account's code", async () => {
    const holder = await registerAccount(svc);
    const other = await registerAccount(svc);
    const othersCode = await mailedCode(svc, other.email, "verifyEmail");
    expectError(
      await post("/api/account-verify-email", { email: holder.email, accessCode: othersCode }),
      400,
      "INVALID_CODE",
      "body.accessCode",
    );
    svc.clock.offsetMs = 24 * 3_600_000 + 1000;
    const ownCode = await mailedCode(svc, holder.email, "verifyEmail");
    expectError(
      await post("/api/account-verify-email", { email: holder.email, accessCode: ownCode }),
      400,
      "INVALID_CODE",
    );
  });

  it("gives the account the earlier orders of its address (any case) that have no account", async () => {
    const holder = await registerAccount(svc);
    const mine = await createOrder(svc, {
      eventId: EVENT.festival,
      items: [{ ticketTypeId: ticketTypeId("festival", "tridenni"), count: 1 }],
      buyer: { ...BUYER, email: holder.email.toUpperCase() },
    });
    const someoneElses = await createOrder(svc, {
      eventId: EVENT.festival,
      items: [{ ticketTypeId: ticketTypeId("festival", "tridenni"), count: 1 }],
    });
    const accountOf = async (orderId: string) =>
      (await svc.database.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.accountId;
    expect(await accountOf(mine.orderId)).toBeNull();
    const accessCode = await mailedCode(svc, holder.email, "verifyEmail");
    expect((await post("/api/account-verify-email", { email: holder.email, accessCode })).status).toBe(200);
    expect(await accountOf(mine.orderId)).toBe(holder.account.accountId);
    expect(await accountOf(someoneElses.orderId)).toBeNull();
  });
});

describe("orders claimed when an address is proven", () => {
  const orderFor = (email: string) =>
    createOrder(svc, {
      eventId: EVENT.festival,
      items: [{ ticketTypeId: ticketTypeId("festival", "tridenni"), count: 1 }],
      buyer: { ...BUYER, email },
    });
  const accountOf = async (orderId: string) =>
    (await svc.database.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.accountId;

  it("by a log-in with a mailed code", async () => {
    const holder = await registerAccount(svc);
    const order = await orderFor(holder.email);
    await post("/api/login-send-access-code", { email: holder.email, language: "en" });
    const accessCode = await mailedCode(svc, holder.email, "loginCode");
    expect((await post("/api/login-with-access-code", { email: holder.email, accessCode })).status).toBe(200);
    expect(await accountOf(order.orderId)).toBe(holder.account.accountId);
  });

  it("by a password set from a mailed code, but not by a password log-in", async () => {
    const email = uniqueEmail("claim");
    const { account } = accountCalls.create.response.parse(
      (await post("/api/account-create", { email, language: "en" })).body,
    );
    const order = await orderFor(email);
    const accessCode = await mailedCode(svc, email, "setPassword");
    expect(
      (await post("/api/account-set-password", { email, accessCode, password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect(await accountOf(order.orderId)).toBe(account.accountId);

    const holder = await registerAccount(svc);
    const unproven = await orderFor(holder.email);
    expect((await post("/api/login", { email: holder.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(await accountOf(unproven.orderId)).toBeNull();
  });
});

describe("account.create, account.byAccessCode and account.setPassword", () => {
  it("creates an account without a password, shows it by its code, and sets a password that logs in", async () => {
    const email = uniqueEmail("created");
    const created = await post("/api/account-create", { email, firstName: "Eva", language: "de" });
    const { account } = accountCalls.create.response.parse(created.body);
    expect(account).toMatchObject({
      email,
      firstName: "Eva",
      lastName: "",
      language: "de",
      emailVerified: false,
    });
    expect(await lastMail(svc, email, "setPassword")).toMatchObject({
      locale: "de",
      data: { firstName: "Eva" },
    });
    const accessCode = await mailedCode(svc, email, "setPassword");

    const shown = await svc.request(
      `/api/account-by-access-code?${new URLSearchParams({ email, accessCode })}`,
    );
    expect(accountCalls.byAccessCode.response.parse(shown.body).account).toEqual(account);
    const wrong = await svc.request(
      `/api/account-by-access-code?${new URLSearchParams({ email, accessCode: "wrong-code" })}`,
    );
    expectError(wrong, 400, "INVALID_CODE", "query.accessCode");

    const equal = await post("/api/account-set-password", { email, accessCode, password: email });
    expectError(equal, 400, "VALIDATION", "body.password");
    const set = await post("/api/account-set-password", { email, accessCode, password: TEST_PASSWORD });
    const session = accountCalls.setPassword.response.parse(set.body);
    expect(session.account.emailVerified).toBe(true);
    expect((await post("/api/login", { email, password: TEST_PASSWORD })).status).toBe(200);
    expectError(
      await post("/api/account-set-password", { email, accessCode, password: "another one" }),
      400,
      "INVALID_CODE",
    );
  });

  it("refuses to create an account for an address that has one", async () => {
    const holder = await registerAccount(svc);
    expectError(
      await post("/api/account-create", { email: holder.email, language: "cs" }),
      409,
      "EMAIL_TAKEN",
    );
  });
});

describe("account.sendResetEmail", () => {
  it("answers OK for an unknown address and mails nothing", async () => {
    const email = uniqueEmail("unknown");
    const res = await post("/api/account-send-reset-email", { email, language: "cs" });
    expect(accountCalls.sendResetEmail.response.parse(res.body)).toEqual({ errorText: "OK" });
    expect(await lastMail(svc, email, "resetPassword")).toBeUndefined();
  });

  it("mails a reset code; the new password revokes every earlier session and answers a new one", async () => {
    const holder = await verifiedAccount(svc);
    const res = await post("/api/account-send-reset-email", { email: holder.email, language: "cs" });
    expect(res.body).toEqual({ errorText: "OK" });
    expect(await lastMail(svc, holder.email, "resetPassword")).toMatchObject({ locale: "cs" });
    const accessCode = await mailedCode(svc, holder.email, "resetPassword");
    const set = await post("/api/account-set-password", {
      email: holder.email,
      accessCode,
      password: "a new password",
    });
    const session = accountCalls.setPassword.response.parse(set.body);
    expectError(await svc.request("/api/account", { headers: bearer(holder.token) }), 401, "UNAUTHORIZED");
    expect((await svc.request("/api/account", { headers: bearer(session.token) })).status).toBe(200);
    expectError(
      await post("/api/login", { email: holder.email, password: TEST_PASSWORD }),
      401,
      "INVALID_CREDENTIALS",
    );
    expect((await post("/api/login", { email: holder.email, password: "a new password" })).status).toBe(200);
  });
});

describe("account.get and account.byToken", () => {
  it("answer the token's own account; another account's id is a 403", async () => {
    const holder = await registerAccount(svc);
    const other = await registerAccount(svc);
    const own = await svc.request(`/api/account?accountId=${holder.account.accountId}`, {
      headers: bearer(holder.token),
    });
    expect(accountCalls.get.response.parse(own.body).account).toEqual(holder.account);
    const foreign = await svc.request(`/api/account?accountId=${other.account.accountId}`, {
      headers: bearer(holder.token),
    });
    expectError(foreign, 403, "FORBIDDEN", "query.accountId");
    expect(JSON.stringify(foreign.body)).not.toContain(other.email);
    const byToken = await svc.request("/api/account-by-token", { headers: bearer(holder.token) });
    expect(accountCalls.byToken.response.parse(byToken.body)).toEqual({
      errorText: "OK",
      token: holder.token,
      account: holder.account,
    });
  });
});

describe("account.changePassword", () => {
  it("checks the current password, keeps the session used and revokes the others", async () => {
    const holder = await registerAccount(svc);
    const other = (await post("/api/login", { email: holder.email, password: TEST_PASSWORD })).body
      .token as string;
    const headers = bearer(holder.token);
    expectError(
      await post(
        "/api/account-change-password",
        { currentPassword: "wrong one!", newPassword: "brand new pass" },
        headers,
      ),
      400,
      "WRONG_PASSWORD",
      "body.currentPassword",
    );
    expectError(
      await post(
        "/api/account-change-password",
        { currentPassword: TEST_PASSWORD, newPassword: "short" },
        headers,
      ),
      400,
      "VALIDATION",
      "body.newPassword",
    );
    expectError(
      await post(
        "/api/account-change-password",
        { currentPassword: TEST_PASSWORD, newPassword: holder.email },
        headers,
      ),
      400,
      "VALIDATION",
      "body.newPassword",
    );
    expect((await svc.request("/api/account", { headers: bearer(other) })).status).toBe(200);
    const ok = await post(
      "/api/account-change-password",
      { currentPassword: TEST_PASSWORD, newPassword: "brand new pass" },
      headers,
    );
    expect(accountCalls.changePassword.response.parse(ok.body)).toEqual({ errorText: "OK" });
    expect((await svc.request("/api/account", { headers })).status).toBe(200);
    expectError(await svc.request("/api/account", { headers: bearer(other) }), 401, "UNAUTHORIZED");
    expect((await post("/api/login", { email: holder.email, password: "brand new pass" })).status).toBe(200);
  });
});

describe("account.setData", () => {
  const billingInfo = {
    countryId: 1,
    city: "Praha",
    address: "Dlouhá 12",
    postalCode: "110 00",
    companyName: "Nováková s.r.o.",
    vatId: "CZ12345678",
  };
  const data = { firstName: "Jana", lastName: "Dvořáková", phone: null, language: "cs", billingInfo };

  it("stores name, language and billing data", async () => {
    const holder = await registerAccount(svc);
    const res = await post("/api/account-set-data", data, bearer(holder.token));
    const { account } = accountCalls.setData.response.parse(res.body);
    expect(account).toMatchObject({
      lastName: "Dvořáková",
      language: "cs",
      billingInfo,
      email: holder.email,
    });
    const me = await svc.request("/api/account", { headers: bearer(holder.token) });
    expect(accountCalls.get.response.parse(me.body).account).toEqual(account);
  });

  it("refuses a VAT id that does not fit the billing country, changing nothing", async () => {
    const holder = await registerAccount(svc);
    const bad = { ...data, billingInfo: { ...billingInfo, vatId: "DE123456789" } };
    expectError(
      await post("/api/account-set-data", bad, bearer(holder.token)),
      400,
      "VALIDATION",
      "body.billingInfo.vatId",
    );
    const me = await svc.request("/api/account", { headers: bearer(holder.token) });
    expect(accountCalls.get.response.parse(me.body).account).toEqual(holder.account);
  });

  it("needs a token", async () => {
    expectError(await post("/api/account-set-data", data), 401, "UNAUTHORIZED");
  });
});
