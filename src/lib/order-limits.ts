/**
 * Limits of an order that the cart shows in the browser and the pass service enforces again (chosen values:
 * the spec sets none).
 */

/** Most seats one hold or one order takes (a seat hold's `seatIds`, an order's `seats`). */
export const MAX_SEATS_PER_ORDER = 50;

/** Most chip top-ups of one product per order when the event sets no credit limit. */
export const CHIP_MAX_COUNT = 10;

/** Limits of a free-amount chip top-up (the event's chip credit limit), in minor units. */
export interface ChipCreditBounds {
  minAmount: number;
  maxAmount: number;
  step: number;
}

/**
 * What one top-up order may load onto a chip: the event's credit limit when it sets one, else 1 to
 * {@link CHIP_MAX_COUNT} times its top-up product's amount, in steps of that amount.
 */
export function topUpBounds(limit: ChipCreditBounds | null, topUpAmount: number): ChipCreditBounds {
  if (limit) return limit;
  return { minAmount: topUpAmount, maxAmount: topUpAmount * CHIP_MAX_COUNT, step: topUpAmount };
}

/** What is wrong with an amount of chip credit: over the maximum, under the minimum, or off the step. */
export type ChipCreditProblem = "max" | "min" | "step";

/** The problem of an amount of chip credit (minor units) under the event's limit, or null when it fits. */
export function chipCreditProblem(credit: number, limit: ChipCreditBounds): ChipCreditProblem | null {
  if (credit > limit.maxAmount) return "max";
  if (credit < limit.minAmount) return "min";
  if (credit % limit.step !== 0) return "step";
  return null;
}
