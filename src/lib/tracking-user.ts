/**
 * Who buys, as the trackers may see it (spec §3 "Account data read for tracking", §7, §8): the e-mail,
 * the phone and parts of the billing address, read from the signed-in account or from the buyer form,
 * and the e-mail's hash for the ad network.
 */
import { sha256Hex } from "./ids.ts";
import type { TrackingUser } from "./tracking.ts";

/** The fields a source of buyer data (an account, the buyer form, an order) has for tracking. */
export interface TrackingUserSource {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  billingInfo?:
    | {
        countryId?: number | null | undefined;
        city?: string | null | undefined;
        address?: string | null | undefined;
        postalCode?: string | null | undefined;
      }
    | null
    | undefined;
}

/** The first two space-separated words of an address (usually the street and its number, spec §3). */
export function addressParts(address: string): string[] {
  return address.trim().split(/\s+/).filter(Boolean).slice(0, 2);
}

/** The tracking user of an account, a buyer form or an order; fields it lacks stay out. */
export function trackingUser(source: TrackingUserSource): TrackingUser {
  const user: TrackingUser = {};
  const email = source.email?.trim();
  if (email) user.email = email;
  const phone = source.phone?.trim();
  if (phone) user.phone = phone;
  const billing = source.billingInfo;
  if (billing) {
    if (billing.countryId != null) user.countryId = billing.countryId;
    if (billing.city?.trim()) user.city = billing.city.trim();
    if (billing.postalCode?.trim()) user.postalCode = billing.postalCode.trim();
    const parts = addressParts(billing.address ?? "");
    if (parts.length > 0) user.addressParts = parts;
  }
  return user;
}

/** An e-mail as the ad network wants it before hashing: trimmed and lowercased (spec §7). */
export function normalizeTrackingEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The SHA-256 of the normalised e-mail, as lowercase hex; undefined for a missing or empty e-mail or when
 * hashing fails (no Web Crypto): no hash means no identity for the ad network (spec §8).
 */
export async function hashEmail(email: string | undefined): Promise<string | undefined> {
  const normalized = email === undefined ? "" : normalizeTrackingEmail(email);
  if (!normalized) return undefined;
  try {
    return await sha256Hex(normalized);
  } catch {
    return undefined;
  }
}
