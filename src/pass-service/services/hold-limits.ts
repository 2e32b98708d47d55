/**
 * What one client may hold: a cap on the places one client holds at once for one event (so one script
 * cannot hold a whole ticket type), and a lifetime no renewal of a hold can pass (so a hold cannot be kept
 * alive forever by sending it again).
 */
import { and, eq, gt, min, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { reservationItems, reservations } from "../db/schema.ts";
import { ServiceError } from "../errors.ts";

/** The cap of one client, when per-client limits are on. */
export interface ClientCap {
  /** Keyed hash of the client's address. */
  clientKey: string;
  /** Places the client may hold at once for one event. */
  maxPlaces: number;
}

/** A hold's status at `now`: an active hold whose time is up is `expired` from its `expiresAt` on. */
export function holdStatusAt<S extends string>(
  hold: { status: S; expiresAt: Date },
  now: Date,
): S | "expired" {
  return hold.status === "active" && hold.expiresAt <= now ? "expired" : hold.status;
}

/** When a hold created at `createdAt` and (re)written at `now` expires: a hold time later, but never past its lifetime. */
export function holdExpiry(createdAt: Date, now: Date, holdMs: number, maxLifetimeMs: number): Date {
  return new Date(Math.min(now.getTime() + holdMs, createdAt.getTime() + maxLifetimeMs));
}

/**
 * Refuses a hold that would make the client hold more than its cap for the event (counting its other
 * unexpired holds, not this one) with 429 TOO_MANY_HELD and the seconds until its oldest hold ends. Runs
 * inside the hold's transaction under a lock per client and event, so two holds of one client cannot both
 * slip under the cap.
 */
export async function checkClientCap(
  tx: Db,
  cap: ClientCap,
  eventId: string,
  reservationId: string,
  wanted: number,
  now: Date,
): Promise<void> {
  // Stryker disable next-line StringLiteral: only two holds of one client at one instant meet here, which no deterministic test provokes
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold:${cap.clientKey}:${eventId}`}))`);
  const [row] = await tx
    .select({
      held: sql<number>`coalesce(sum(${reservationItems.count}), 0)::int`,
      firstEnd: min(reservations.expiresAt),
    })
    .from(reservationItems)
    .innerJoin(reservations, eq(reservations.reservationId, reservationItems.reservationId))
    .where(
      and(
        eq(reservations.clientKey, cap.clientKey),
        eq(reservations.eventId, eventId),
        eq(reservations.status, "active"),
        gt(reservations.expiresAt, now),
        sql`${reservations.reservationId} <> ${reservationId}`,
      ),
    );
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always answers one row
  const held = Number(row?.held ?? 0);
  if (held + wanted <= cap.maxPlaces) return;
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always answers one row
  const firstEnd = row?.firstEnd ? new Date(row.firstEnd) : now;
  const retryAfter = Math.max(1, Math.ceil((firstEnd.getTime() - now.getTime()) / 1000));
  throw new ServiceError(
    429,
    "TOO_MANY_HELD",
    `At most ${cap.maxPlaces} places of this event can be held at once; ${held} are held by other selections`,
    { details: { max: cap.maxPlaces, held, retryAfter }, headers: { "Retry-After": String(retryAfter) } },
  );
}
