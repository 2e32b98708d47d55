/**
 * What an applied code takes off in the cart: the core's pricing rules (src/lib/pricing), the same ones the
 * service applies to the order, on the cart's lines, so the cart shows the price the order will charge.
 */
import type { CodeCheck, SupercouponCheck } from "../../contract/ticket.ts";
import { discountAmount, supercouponCover } from "../../lib/pricing/discounts.ts";
import type { PricedLine } from "../../lib/pricing/totals.ts";
import type { SummaryLine } from "./lines.ts";

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
