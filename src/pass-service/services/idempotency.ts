/**
 * Idempotency of order-creating calls (`Idempotency-Key` header). The key's row is inserted in the SAME
 * transaction that creates the order, before anything else: a concurrent request with the same key blocks
 * on the row's unique index until the first transaction ends, then sees the committed row and answers what
 * the first one answered. If the first one was refused (rolled back), the key is free again and the
 * duplicate runs by itself. A different body under a used key is refused.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";

/** A stable JSON text of a value (object keys sorted), so equal bodies hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
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
  if (key === undefined) return db.transaction((tx) => create(tx as unknown as Db));
  if (key.length > 200) {
    throw new ServiceError(400, "VALIDATION", "Idempotency-Key: at most 200 characters", {
      field: "headers.Idempotency-Key",
    });
  }
  const hash = requestHash(body);
  const where = and(eq(idempotencyKeys.callId, callId), eq(idempotencyKeys.key, key));
  const [seen] = await db.select().from(idempotencyKeys).where(where);
  if (seen && seen.response !== null) {
    if (seen.requestHash !== hash) throw reused();
    return seen.response as T;
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ callId, key, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
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
