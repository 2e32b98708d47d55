/**
 * Idempotency of order-creating calls (`Idempotency-Key` header). The key's row is inserted in the SAME
 * transaction that creates the order, before anything else: a concurrent request with the same key blocks
 * on the row's unique index until the first transaction ends, then sees the committed row and answers what
 * the first one answered. If the first one was refused (rolled back), the key is free again and the
 * duplicate runs by itself. A different body under a used key is refused.
 *
 * Keys are kept 24 hours (as Stripe does): an older key counts as unused, so a request with it runs anew,
 * and the service's sweeper deletes such keys in bounded batches.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";

/** How long an Idempotency-Key is kept; an older key counts as unused. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** The instant before which keys have expired. */
function expiredBefore(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
}

/** A stable JSON text of a value (object keys sorted), so equal bodies hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    // An object's keys are never equal, so no pair compares as 0.
    // Stryker disable EqualityOperator: `a <= b` orders distinct keys the same
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    // Stryker restore EqualityOperator
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  // No body (or an undefined list item) reads as JSON's null, as JSON.stringify writes it inside a list.
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 of a request body's canonical JSON. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonical(body)).digest("hex");
}

function reused(): ServiceError {
  return new ServiceError(
    422,
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was used for a different request; send a new key for a new request",
    { field: "headers.Idempotency-Key" },
  );
}

/**
 * Runs `create` in a transaction guarded by an idempotency key and returns its JSON result; a repeat of the
 * same request with the same key returns the stored result without running `create` again.
 */
export async function runIdempotent<T>(
  db: Db,
  callId: string,
  key: string | undefined,
  body: unknown,
  now: Date,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  if (key === undefined) return db.transaction((tx) => create(tx));
  if (key.length > 200) {
    throw new ServiceError(400, "VALIDATION", "Idempotency-Key: at most 200 characters", {
      field: "headers.Idempotency-Key",
    });
  }
  const hash = requestHash(body);
  const cutoff = expiredBefore(now);
  const where = and(eq(idempotencyKeys.callId, callId), eq(idempotencyKeys.key, key));
  const [seen] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(where, gt(idempotencyKeys.createdAt, cutoff)));
  // A committed key always holds its answer (it is written in the transaction that inserts the key). This
  // read only spares a repeat the write transaction below, which would answer the same.
  // Stryker disable next-line BlockStatement,ConditionalExpression: the transaction below answers a repeat the same
  if (seen) {
    if (seen.requestHash !== hash) throw reused();
    return seen.response as T;
  }
  return db.transaction(async (tx) => {
    // A new key is inserted; an expired one is taken over as if new (its row is locked the same way).
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ callId, key, requestHash: hash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.callId, idempotencyKeys.key],
        set: { requestHash: hash, createdAt: now, response: null, status: null },
        setWhere: lte(idempotencyKeys.createdAt, cutoff),
      })
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      // Another request with this key committed while we waited on the key's row.
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.requestHash !== hash) throw reused();
      return first.response as T;
    }
    const result = await create(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object, status: 200 })
      .where(where);
    return result;
  });
}

/** Limits of one clean-up: rows per DELETE and DELETEs per call. */
export interface KeyCleanup {
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Deletes keys older than 24 hours, at most `batchSize` rows per statement and `maxBatches` statements per
 * call (so a sweep never holds long locks or runs long); answers how many were deleted.
 */
export async function deleteExpiredIdempotencyKeys(
  db: Db,
  now: Date,
  { batchSize = 1000, maxBatches = 10 }: KeyCleanup = {},
): Promise<number> {
  const cutoff = expiredBefore(now);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = db
      .select({ callId: idempotencyKeys.callId, key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(lte(idempotencyKeys.createdAt, cutoff))
      .limit(batchSize);
    const rows = await db
      .delete(idempotencyKeys)
      .where(sql`(${idempotencyKeys.callId}, ${idempotencyKeys.key}) in (${due})`)
      .returning({ key: idempotencyKeys.key });
    deleted += rows.length;
    // Stryker disable next-line ConditionalExpression: one more DELETE would find nothing; only stops early
    if (rows.length < batchSize) break;
  }
  return deleted;
}
