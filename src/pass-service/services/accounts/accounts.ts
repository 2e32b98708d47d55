/**
 * Accounts as stored and as the contract shows them: the one normalization of e-mail addresses, look-ups,
 * and the claim of earlier orders made with an account's verified e-mail.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Account } from "../../../contract/account.ts";
import type { Db } from "../../db/index.ts";
import { accounts, orders } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";

/** A stored account. */
export type AccountRow = typeof accounts.$inferSelect;

/** The form every e-mail address is stored and compared in: trimmed and lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An account as the contract shows it. */
export function accountOut(row: AccountRow): Account {
  const billing = row.billingInfo;
  return {
    accountId: row.accountId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    language: row.language,
    billingInfo: billing
      ? {
          countryId: billing.countryId,
          city: billing.city,
          address: billing.address,
          postalCode: billing.postalCode,
          companyName: billing.companyName ?? null,
          companyId: billing.companyId ?? null,
          vatId: billing.vatId ?? null,
        }
      : null,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account of an e-mail address (any case), if there is one. */
export async function accountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** The account of an id; 404 when it is gone. */
export async function accountById(db: Db, accountId: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.accountId, accountId)).limit(1);
  if (!row) throw new ServiceError(404, "NOT_FOUND", "The account was not found");
  return row;
}

/**
 * 409 for a registration or creation with an address that already has an account. Registration cannot hide
 * this (it answers a session); the per-client and per-address limits keep it from being used as a list
 * look-up.
 */
export function emailTaken(): ServiceError {
  return new ServiceError(409, "EMAIL_TAKEN", "An account with this e-mail address already exists", {
    field: "body.email",
  });
}

/**
 * Marks an account's e-mail verified (once) and gives it the orders bought earlier with that address and no
 * account. Run it in the transaction that proves the address. Answers the account as it is now.
 */
export async function verifyAndClaim(db: Db, row: AccountRow, now: Date): Promise<AccountRow> {
  let current = row;
  if (row.emailVerifiedAt === null) {
    const [updated] = await db
      .update(accounts)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(accounts.accountId, row.accountId))
      .returning();
    current = updated ?? row;
  }
  await db
    .update(orders)
    .set({ accountId: row.accountId, updatedAt: now })
    .where(and(isNull(orders.accountId), sql`lower(trim(${orders.buyer}->>'email')) = ${row.email}`));
  return current;
}

/** Updates name, phone, language and billing data of an account; answers it as it is now. */
export async function setAccountData(
  db: Db,
  accountId: string,
  data: Pick<AccountRow, "firstName" | "lastName" | "phone" | "language" | "billingInfo">,
  now: Date,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...data, updatedAt: now })
    .where(eq(accounts.accountId, accountId))
    .returning();
  if (!row) throw new ServiceError(404, "NOT_FOUND", "The account was not found");
  return row;
}
