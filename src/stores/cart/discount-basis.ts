/**
 * How an applied code counts on the cart's lines, for the buyer: per ticket or once per order (loaded with
 * the summary's discount lines, once a code is applied).
 */
import { type DiscountBasis, termsBasis } from "../../lib/pricing/discount-basis.ts";
import { supercouponCover } from "../../lib/pricing/discounts.ts";
import { pricedLines } from "./estimate.ts";
import type { SummaryLine } from "./lines.ts";
import type { CheckedCode } from "./state.ts";

/**
 * How an applied code counts on the cart's lines (see {@link DiscountBasis}): a supercoupon the tickets it
 * makes free on the lines. Null when its check gives no terms.
 */
export function discountBasis(applied: CheckedCode, lines: readonly SummaryLine[]): DiscountBasis | null {
  if (applied.kind === "supercoupon") {
    const { check } = applied;
    if (!check.valid) return null;
    const cover = supercouponCover(
      { ticketTypeIds: check.ticketTypeIds, remainingTickets: check.remainingTickets },
      pricedLines(lines),
    );
    return { kind: "tickets", count: cover.tickets };
  }
  return termsBasis(applied.check.kind, applied.check.value);
}
