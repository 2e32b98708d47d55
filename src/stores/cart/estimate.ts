/**
 * What an applied code takes off in the cart: the core's pricing rules (src/lib/pricing), the same ones the
 * service applies to the order, on the cart's lines, so the cart shows the price the order will charge; and
 * how a code counts (per ticket or once per order), in the buyer's words.
 */
import type { CodeCheck, SupercouponCheck } from "../../contract/ticket.ts";
import { discountAmount, supercouponCover } from "../../lib/pricing/discounts.ts";
import type { PricedLine } from "../../lib/pricing/totals.ts";
import type { SummaryLine } from "./lines.ts";
import type { CheckedCode } from "./state.ts";

/** The cart's lines as the pricing rules read them (chip credit is never discounted, so it is left out). */
export function pricedLines(lines: readonly SummaryLine[]): PricedLine[] {
  return lines.flatMap((line): PricedLine[] =>
    line.kind === "chip"
      ? []
      : [
          {
            kind: line.kind === "ticket" ? "ticket" : "product",
            id: line.id,
            unitPrice: line.unitPrice,
            count: line.count,
          },
        ],
  );
}

/** The discount of a coupon or discount code on the lines, by the service's rule (`discountAmount`). */
export function discountEstimate(
  check: Pick<CodeCheck, "valid" | "kind" | "value" | "ticketTypeIds" | "ticketProductIds">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid || check.kind === null || check.value === null) return 0;
  return discountAmount(
    {
      kind: check.kind,
      value: check.value,
      ticketTypeIds: check.ticketTypeIds,
      ticketProductIds: check.ticketProductIds,
    },
    pricedLines(lines),
  );
}

/** What a supercoupon covers on the lines, by the service's rule (`supercouponCover`). */
export function supercouponEstimate(
  check: Pick<SupercouponCheck, "valid" | "ticketTypeIds" | "remainingTickets">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid) return 0;
  return supercouponCover(
    { ticketTypeIds: check.ticketTypeIds, remainingTickets: check.remainingTickets },
    pricedLines(lines),
  ).amount;
}

/**
 * How an applied code counts: a percentage off each ticket it covers, a fixed amount once per order, or whole
 * tickets (a supercoupon: the tickets it makes free on the lines). Null when its check gives no terms.
 */
export type DiscountBasis =
  | { kind: "percent"; percent: number }
  | { kind: "fixed"; amount: number }
  | { kind: "tickets"; count: number };

/** How an applied code counts on the cart's lines (see {@link DiscountBasis}). */
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
  const { kind, value } = applied.check;
  if (kind === null || value === null) return null;
  return kind === "percent" ? { kind, percent: value } : { kind, amount: value };
}
