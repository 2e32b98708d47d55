/**
 * Logging in and proving an address: with a password, with an e-mailed code, setting a password from a
 * code, verifying the e-mail, changing the password, and the mails that send the codes. Answers never tell
 * whether an address has an account: a wrong password and an unknown address are the same 401 and take the
 * same time; sending a code answers the same either way.
 */
import { eq } from "drizzle-orm";
import type { Locale } from "../../../lib/i18n/config.ts";
import type { Database, Db } from "../../db/index.ts";
import { accounts } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { issueAccessCode, withAccessCode } from "./access-codes.ts";
import { type AccountRow, accountByEmail, accountById, verifyAndClaim } from "./accounts.ts";
import { assertPasswordAllowed, hashPassword, passwordMatches } from "./passwords.ts";
import { issueToken, revokeAccountTokens } from "./tokens.ts";

/** A session: a new token and its account. */
export interface Session {
  token: string;
  account: AccountRow;
}

/** Logs in with e-mail and password; 401 `INVALID_CREDENTIALS` for a wrong password or unknown address. */
export async function logIn(db: Db, email: string, password: string, now: Date): Promise<Session> {
  const account = await accountByEmail(db, email);
  const matches = await passwordMatches(account?.passwordHash, password);
  if (!account || !matches) {
    throw new ServiceError(401, "INVALID_CREDENTIALS", "The e-mail or the password is wrong");
  }
  return { token: await issueToken(db, account.accountId, now), account };
}

/** Mails a code of a purpose to the account of an address; nothing (and no sign of it) without one. */
export async function mailAccessCode(
  db: Db,
  email: string,
  kind: "loginCode" | "resetPassword",
  locale: Locale,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await accountByEmail(tx, email);
    if (!account) return;
    const accessCode = await issueAccessCode(
      tx,
      account.accountId,
      kind === "loginCode" ? "login" : "setPassword",
      now,
    );
    await enqueueMail(
      tx,
      { kind, data: { accessCode, firstName: account.firstName }, to: account.email, locale },
      now,
    );
  });
}

/** Logs in with an e-mailed log-in code; the address is proven, so it is verified and its orders claimed. */
export function logInWithCode(database: Database, email: string, code: string, now: Date): Promise<Session> {
  const check = { email, code, purpose: "login", field: "body.accessCode", consume: true } as const;
  return withAccessCode(database, check, now, async (tx, account) => ({
    account: await verifyAndClaim(tx, account, now),
    token: await issueToken(tx, account.accountId, now),
  }));
}

/**
 * Sets a password from an e-mailed set-password (or reset) code: every earlier token is revoked and a new
 * session answered; the address is proven, so it is verified and its orders claimed.
 */
export async function setPasswordWithCode(
  database: Database,
  input: { email: string; accessCode: string; password: string },
  now: Date,
): Promise<Session> {
  assertPasswordAllowed(input.password, input.email, "body.password");
  const passwordHash = await hashPassword(input.password);
  const check = {
    email: input.email,
    code: input.accessCode,
    purpose: "setPassword",
    field: "body.accessCode",
    consume: true,
  } as const;
  return withAccessCode(database, check, now, async (tx, account) => {
    await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: now })
      .where(eq(accounts.accountId, account.accountId));
    await revokeAccountTokens(tx, account.accountId, now);
    return {
      account: await verifyAndClaim(tx, account, now),
      token: await issueToken(tx, account.accountId, now),
    };
  });
}

/** Verifies an address with its e-mailed verification code, and claims its earlier orders. */
export function verifyEmailWithCode(
  database: Database,
  email: string,
  code: string,
  now: Date,
): Promise<AccountRow> {
  const check = { email, code, purpose: "verifyEmail", field: "body.accessCode", consume: true } as const;
  return withAccessCode(database, check, now, (tx, account) => verifyAndClaim(tx, account, now));
}

/** The account a set-password code belongs to, without using the code (a wrong code still counts a try). */
export function accountOfCode(
  database: Database,
  email: string,
  code: string,
  now: Date,
): Promise<AccountRow> {
  const check = { email, code, purpose: "setPassword", field: "query.accessCode", consume: false } as const;
  return withAccessCode(database, check, now, async (_tx, account) => account);
}

/**
 * Changes the password of a token's account after checking the current one (400 `WRONG_PASSWORD`): every
 * other token of the account is revoked, the one used is kept.
 */
export async function changePassword(
  db: Db,
  input: { accountId: string; token: string; currentPassword: string; newPassword: string },
  now: Date,
): Promise<void> {
  const account = await accountById(db, input.accountId);
  if (!(await passwordMatches(account.passwordHash, input.currentPassword))) {
    throw new ServiceError(400, "WRONG_PASSWORD", "The current password is wrong", {
      field: "body.currentPassword",
    });
  }
  assertPasswordAllowed(input.newPassword, account.email, "body.newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: now })
      .where(eq(accounts.accountId, account.accountId));
    await revokeAccountTokens(tx, account.accountId, now, input.token);
  });
}
