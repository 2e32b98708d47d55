/**
 * The cart's estimate of what an applied code takes off, computed the way the service computes it; the
 * order's own figure is authoritative.
 */
import type { CodeCheck, SupercouponCheck } from "../../contract/ticket.ts";
import type { SummaryLine } from "./lines.ts";

/**
 * The discount of a coupon or discount code on the lines, as the service computes it: a percentage of the
 * lines it applies to (ticket types: all when its list is empty; extra products: only those listed),
 * rounded, or a fixed amount per order; never more than those lines cost. Chip credit is never discounted.
 */
export function discountEstimate(
  check: Pick<CodeCheck, "valid" | "kind" | "value" | "ticketTypeIds" | "ticketProductIds">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid || check.kind === null || check.value === null) return 0;
  const applies = (line: SummaryLine) =>
    line.kind === "ticket"
      ? check.ticketTypeIds.length === 0 || check.ticketTypeIds.includes(line.id)
      : line.kind === "extra" && check.ticketProductIds.includes(line.id);
  const base = lines.filter(applies).reduce((sum, l) => sum + l.total, 0);
  if (base <= 0) return 0;
  return check.kind === "percent"
    ? Math.min(base, Math.round((base * check.value) / 100))
    : Math.min(base, check.value);
}

/** What a supercoupon covers: up to its remaining tickets of the types it covers, the dearest first. */
export function supercouponEstimate(
  check: Pick<SupercouponCheck, "valid" | "ticketTypeIds" | "remainingTickets">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid || check.remainingTickets <= 0) return 0;
  const prices = lines
    .filter(
      (l) => l.kind === "ticket" && (check.ticketTypeIds.length === 0 || check.ticketTypeIds.includes(l.id)),
    )
    .flatMap((l) => Array.from({ length: l.count }, () => l.unitPrice))
    .sort((a, b) => b - a);
  return prices.slice(0, check.remainingTickets).reduce((sum, p) => sum + p, 0);
}
