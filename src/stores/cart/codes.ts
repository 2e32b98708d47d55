/**
 * Codes a buyer enters: which check of an entered code to keep, why a code cannot be used (a message key),
 * and the code kind a refusal of the order names.
 */
import type { CheckedCode, CodeKind } from "./state.ts";

/** Why a code cannot be used, as a message key (under `cart.`). */
export function codeRefusalKey(reason: string | null | undefined): string {
  const known = ["notFound", "notStarted", "expired", "exhausted", "notApplicable", "wrongEvent"];
  return `codes.reasons.${reason && known.includes(reason) ? reason : "notFound"}`;
}

/**
 * The code to keep from the checks of one entered code: the first valid one (coupon, then discount code,
 * then supercoupon); else the most telling refusal (any reason but `notFound`).
 */
export function pickCode(results: readonly CheckedCode[]): { valid: CheckedCode | null; reason: string } {
  const valid = results.find((r) => r.check.valid) ?? null;
  if (valid) return { valid, reason: "" };
  const telling = results.find((r) => r.check.reason && r.check.reason !== "notFound");
  return { valid: null, reason: telling?.check.reason ?? "notFound" };
}

/** The code kind an `invalid_code` refusal names by its field, if any. */
export function codeKindOfField(field: string | undefined): CodeKind | null {
  if (field === "couponCode") return "coupon";
  if (field === "supercouponCode") return "supercoupon";
  if (field === "discountCode") return "discount";
  return null;
}
