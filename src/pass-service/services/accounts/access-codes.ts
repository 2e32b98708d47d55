/**
 * One-time access codes e-mailed to an account: 8 digits for a log-in code typed by hand (15 minutes), a
 * longer URL-safe code for the links that verify an e-mail or set a password (24 hours). Stored as their
 * SHA-256, used once, dead after 5 wrong tries; a new code of a purpose replaces the account's older ones.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database, Db } from "../../db/index.ts";
import { accessCodes } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import { type AccountRow, accountByEmail } from "./accounts.ts";
import { secretHash } from "./tokens.ts";

/** What a code is for: verifying the e-mail, setting (or resetting) the password, or logging in. */
export type CodePurpose = "verifyEmail" | "setPassword" | "login";

/** How long a code of each purpose stays valid. */
export const CODE_LIFETIME_MS: Readonly<Record<CodePurpose, number>> = {
  verifyEmail: 24 * 3_600_000,
  setPassword: 24 * 3_600_000,
  login: 15 * 60_000,
};

/** Wrong tries after which a code is dead. */
export const MAX_CODE_TRIES = 5;

/** A new code: 8 digits to type for a log-in, 32 URL-safe characters for a link. */
function newCode(purpose: CodePurpose): string {
  if (purpose === "login") return String(randomInt(0, 100_000_000)).padStart(8, "0");
  return randomBytes(24).toString("base64url");
}

/** Issues a code of a purpose for an account (in the transaction that mails it), replacing older ones. */
export async function issueAccessCode(
  db: Db,
  accountId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string> {
  await db
    .update(accessCodes)
    .set({ usedAt: now })
    .where(
      and(eq(accessCodes.accountId, accountId), eq(accessCodes.purpose, purpose), isNull(accessCodes.usedAt)),
    );
  const code = newCode(purpose);
  await db.insert(accessCodes).values({
    codeId: randomUUID(),
    accountId,
    purpose,
    codeHash: secretHash(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS[purpose]),
  });
  return code;
}

/** Whether two hex hashes are equal, in constant time. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A code to check: whose address, what for, the code, and the field the refusal names. */
export interface CodeCheck {
  email: string;
  purpose: CodePurpose;
  code: string;
  field: string;
  /** Marks the code used (false: only look, as the set-password page does before the form). */
  consume: boolean;
}

/**
 * Checks an access code and, when it is right, runs `effect` in the same transaction (the code is used only
 * if the effect commits). A wrong code counts a try, kept even though the call is refused. Unknown address,
 * wrong, used, expired or dead code: one and the same 400 `INVALID_CODE`.
 */
export async function withAccessCode<T>(
  database: Database,
  check: CodeCheck,
  now: Date,
  effect: (tx: Db, account: AccountRow) => Promise<T>,
): Promise<T> {
  const outcome = await database.db.transaction(async (tx) => {
    const account = await accountByEmail(tx, check.email);
    if (!account) return { ok: false as const };
    const [code] = await tx
      .select()
      .from(accessCodes)
      .where(
        and(
          eq(accessCodes.accountId, account.accountId),
          eq(accessCodes.purpose, check.purpose),
          isNull(accessCodes.usedAt),
          gt(accessCodes.expiresAt, now),
          lt(accessCodes.attempts, MAX_CODE_TRIES),
        ),
      )
      .orderBy(desc(accessCodes.createdAt))
      .limit(1)
      .for("update");
    if (!code) return { ok: false as const };
    if (!sameHash(code.codeHash, secretHash(check.code.trim()))) {
      await tx
        .update(accessCodes)
        .set({ attempts: code.attempts + 1 })
        .where(eq(accessCodes.codeId, code.codeId));
      return { ok: false as const };
    }
    if (check.consume) {
      await tx.update(accessCodes).set({ usedAt: now }).where(eq(accessCodes.codeId, code.codeId));
    }
    return { ok: true as const, value: await effect(tx, account) };
  });
  if (!outcome.ok) {
    throw new ServiceError(400, "INVALID_CODE", "The access code is wrong, used or expired", {
      field: check.field,
    });
  }
  return outcome.value;
}
