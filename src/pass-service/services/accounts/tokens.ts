/**
 * Bearer tokens of accounts (spec §3 "Account session"): 32 random bytes, handed out once and stored only as
 * their SHA-256. A token is valid until it expires or is revoked (logout, password change).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { TOKEN_LIFETIME_MS } from "../../../lib/constants.ts";
import type { TokenVerifier } from "../../auth.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/index.ts";
import { accountTokens } from "../../db/schema.ts";

/** The stored form of a token or access code: its SHA-256 in hex. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Issues a new token for an account and answers it (the only time the token itself is seen). */
export async function issueToken(db: Db, accountId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    tokenHash: secretHash(token),
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  return token;
}

/** Revokes one token (logout); a token already revoked or unknown changes nothing. */
export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ revokedAt: now })
    .where(and(eq(accountTokens.tokenHash, secretHash(token)), isNull(accountTokens.revokedAt)));
}

/** Revokes every token of an account (password change or reset), but the one given to keep, if any. */
export async function revokeAccountTokens(
  db: Db,
  accountId: string,
  now: Date,
  keep?: string,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        isNull(accountTokens.revokedAt),
        keep === undefined ? undefined : ne(accountTokens.tokenHash, secretHash(keep)),
      ),
    );
}

/** The verifier of secure calls: a token is valid when it is stored, not expired and not revoked. */
export function databaseTokens(db: Db, clock: Clock): TokenVerifier {
  return {
    async verify(token) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no longer token is stored; this only spares a query
      if (token.length > 200) return null;
      const [row] = await db
        .select({ accountId: accountTokens.accountId })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.tokenHash, secretHash(token)),
            isNull(accountTokens.revokedAt),
            gt(accountTokens.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row ? { accountId: row.accountId } : null;
    },
  };
}
