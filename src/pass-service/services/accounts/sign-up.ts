/**
 * New accounts: `account.register` (with a password; a verification mail, and logged in at once) and
 * `account.create` (without one; a set-password mail). The mail is written in the transaction that creates
 * the account, so both happen or neither.
 */
import { randomUUID } from "node:crypto";
import type { Locale } from "../../../lib/i18n/config.ts";
import type { Db } from "../../db/index.ts";
import { accounts } from "../../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { issueAccessCode } from "./access-codes.ts";
import { type AccountRow, emailTaken, normalizeEmail } from "./accounts.ts";
import { assertPasswordAllowed, hashPassword } from "./passwords.ts";
import { issueToken } from "./tokens.ts";

/** What a new account starts with. */
export interface NewAccount {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | undefined;
  language: Locale;
}

/** Inserts an account; 409 `EMAIL_TAKEN` when the address has one (also when two ask at once). */
async function insertAccount(
  tx: Db,
  input: NewAccount,
  passwordHash: string | null,
  now: Date,
): Promise<AccountRow> {
  const [row] = await tx
    .insert(accounts)
    .values({
      accountId: randomUUID(),
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      phone: input.phone ?? null,
      language: input.language,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: accounts.email })
    .returning();
  if (!row) throw emailTaken();
  return row;
}

/** Registers an account with a password, mails a verification code, and answers a session. */
export async function registerAccount(
  db: Db,
  input: NewAccount & { password: string },
  now: Date,
): Promise<{ token: string; account: AccountRow }> {
  assertPasswordAllowed(input.password, input.email, "body.password");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const account = await insertAccount(tx, input, passwordHash, now);
    const accessCode = await issueAccessCode(tx, account.accountId, "verifyEmail", now);
    await enqueueMail(
      tx,
      {
        kind: "verifyEmail",
        data: { accessCode, firstName: account.firstName },
        to: account.email,
        locale: input.language,
      },
      now,
    );
    return { token: await issueToken(tx, account.accountId, now), account };
  });
}

/** Creates an account without a password and mails a set-password code. */
export async function createAccount(db: Db, input: NewAccount, now: Date): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const account = await insertAccount(tx, input, null, now);
    const accessCode = await issueAccessCode(tx, account.accountId, "setPassword", now);
    await enqueueMail(
      tx,
      {
        kind: "setPassword",
        data: { accessCode, firstName: account.firstName },
        to: account.email,
        locale: input.language,
      },
      now,
    );
    return account;
  });
}
