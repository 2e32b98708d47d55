/**
 * The chip credit of an order: a rule the cart checks in the browser (stores/cart/) and the service checks
 * again, so a request that skips the cart cannot break it.
 */
import { CHIP_MAX_COUNT, type ChipCreditBounds, chipCreditProblem } from "../../../lib/order-limits.ts";
import { ServiceError } from "../../errors.ts";
import { limitExceeded } from "../sale-rules.ts";

/**
 * Chip credit the way the cart allows it (`chipLimits`, stores/cart/): at most {@link CHIP_MAX_COUNT} of
 * one top-up per order, and, where the event sets a credit limit, the order's credit within its minimum and
 * maximum and a multiple of its step. `chips` are the order's lines, already known to be the event's
 * top-ups and multiples of their amounts.
 */
export function checkChipCredit(
  chips: readonly { productItemId: string; amount: number }[],
  topUpAmount: (productItemId: string) => number,
  limit: ChipCreditBounds | null,
): void {
  const counts = new Map<string, number>();
  chips.forEach((c, index) => {
    const count = (counts.get(c.productItemId) ?? 0) + c.amount / topUpAmount(c.productItemId);
    counts.set(c.productItemId, count);
    if (count > CHIP_MAX_COUNT) {
      throw limitExceeded(`chips.${index}`, `At most ${CHIP_MAX_COUNT} of one chip top-up per order`, {
        max: CHIP_MAX_COUNT,
      });
    }
  });
  if (!limit || chips.length === 0) return;
  const credit = chips.reduce((sum, c) => sum + c.amount, 0);
  const bounds = { min: limit.minAmount, max: limit.maxAmount };
  const problem = chipCreditProblem(credit, limit);
  if (problem === "max") {
    throw limitExceeded("chips", `At most ${limit.maxAmount} of chip credit per order`, bounds);
  }
  if (problem === "min") {
    throw limitExceeded("chips", `At least ${limit.minAmount} of chip credit per order`, bounds);
  }
  if (problem === "step") {
    throw new ServiceError(400, "VALIDATION", `chips: credit comes in steps of ${limit.step}`, {
      field: "chips",
    });
  }
}
