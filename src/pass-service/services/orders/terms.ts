/**
 * The buyer's acceptance of the seller's terms of sale: an order a buyer makes carries it, and the service
 * refuses one without it (or with terms other than the organizer's current ones) before anything is held
 * or written. The order keeps which version was accepted and when.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { events, organizers } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";

/** What an order body says about the terms. */
export interface TermsAcceptance {
  termsAccepted?: boolean | undefined;
  termsVersion?: string | undefined;
}

/**
 * Refuses an order whose buyer did not accept the terms: 400 TERMS_NOT_ACCEPTED without `termsAccepted:
 * true` and a version, 409 TERMS_CHANGED when the organizer's terms have another version now (its
 * `termsVersion` tells the current one). An organizer without terms in the catalog takes any version (the
 * storefront's own terms).
 */
export async function requireTermsAccepted(db: Db, eventId: string, body: TermsAcceptance): Promise<void> {
  if (body.termsAccepted !== true || !body.termsVersion) {
    throw new ServiceError(400, "TERMS_NOT_ACCEPTED", "The buyer must accept the terms of sale", {
      field: "termsAccepted",
    });
  }
  const [row] = await db
    .select({ termsVersion: organizers.termsVersion })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(eq(events.eventId, eventId));
  if (row?.termsVersion && row.termsVersion !== body.termsVersion) {
    throw new ServiceError(409, "TERMS_CHANGED", "The terms of sale have changed; accept the current ones", {
      field: "termsVersion",
      details: { termsVersion: row.termsVersion },
    });
  }
}

/** The columns of an order row that record the acceptance (none when the body carries none). */
export function acceptanceColumns(
  body: TermsAcceptance,
  now: Date,
): { termsVersion: string | null; termsAcceptedAt: Date | null } {
  return body.termsAccepted === true && body.termsVersion
    ? { termsVersion: body.termsVersion, termsAcceptedAt: now }
    : { termsVersion: null, termsAcceptedAt: null };
}
