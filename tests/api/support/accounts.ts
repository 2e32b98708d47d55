/**
 * Accounts for API tests, made through the service's real calls: a registered account with its session, the
 * access codes the service mailed (read from the mail outbox, the only place a code is seen), and a verified
 * account.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { type Account, accountCalls } from "../../../src/contract/account.ts";
import { mailOutbox } from "../../../src/pass-service/db/schema.ts";
import type { MailKind } from "../../../src/pass-service/services/mail/outbox.ts";
import type { TestService } from "./service.ts";

/** The password of test accounts unless a test gives one. */
export const TEST_PASSWORD = "correct horse battery staple";

/** An e-mail address no other test uses. */
export function uniqueEmail(prefix = "holder"): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.cz`;
}

/** A registered account: its session token, the account as answered, and its credentials. */
export interface TestAccount {
  token: string;
  account: Account;
  email: string;
  password: string;
}

/** The bearer header of a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Registers an account through `account.register` (expects success); `overrides` change the body. */
export async function registerAccount(
  service: TestService,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    language: string;
  }> = {},
): Promise<TestAccount> {
  const body = {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    firstName: "Jana",
    lastName: "Nováková",
    language: "en",
    ...overrides,
  };
  const res = await service.request("/api/account-register", { method: "POST", json: body, lang: "en" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { token, account } = accountCalls.register.response.parse(res.body);
  return { token, account, email: body.email, password: body.password };
}

/** The latest mail of a kind written to an address (from the outbox), or undefined. */
export async function lastMail(service: TestService, to: string, kind: MailKind) {
  const [row] = await service.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to.trim().toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.mailId))
    .limit(1);
  return row;
}

/** The access code of the latest mail of a kind to an address; fails the test when there is none. */
export async function mailedCode(service: TestService, to: string, kind: MailKind): Promise<string> {
  const mail = await lastMail(service, to, kind);
  const code = mail?.data.accessCode;
  if (typeof code !== "string") throw new Error(`No ${kind} mail with a code was written to ${to}`);
  return code;
}

/** Registers an account and verifies its e-mail with the mailed code (`account.verifyEmail`). */
export async function verifiedAccount(
  service: TestService,
  overrides: Parameters<typeof registerAccount>[1] = {},
): Promise<TestAccount> {
  const registered = await registerAccount(service, overrides);
  const accessCode = await mailedCode(service, registered.email, "verifyEmail");
  const res = await service.request("/api/account-verify-email", {
    method: "POST",
    json: { email: registered.email, accessCode },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...registered, account: accountCalls.verifyEmail.response.parse(res.body).account };
}
