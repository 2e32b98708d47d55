/**
 * The discount rules: what a coupon or a discount code takes off priced lines, which tickets a supercoupon
 * covers and what they are worth, and how far discounts together may go. Pure and framework-free: the pass
 * service applies these rules to orders, and the cart's estimate uses them to show the buyer the same amounts.
 */
import { linesTotal, type PricedLine } from "./totals.ts";

/** What a line is, for deciding whether a discount covers it. */
export type CoveredLine = Pick<PricedLine, "kind" | "id">;

/** The lines a discount is limited to. */
export interface DiscountScope {
  /** Ticket types it lowers; empty means every ticket type. */
  ticketTypeIds: readonly string[];
  /** Extra products it lowers; empty means none. */
  ticketProductIds: readonly string[];
}

/** The terms of a coupon or a discount code. */
export interface DiscountTerms extends DiscountScope {
  /** `percent`: `value` percent of the lines it covers; `fixed`: `value` minor units per order. */
  kind: "percent" | "fixed";
  value: number;
}

/** The terms of a supercoupon: the ticket types it covers (empty: all) and how many tickets it has left. */
export interface SupercouponTerms {
  ticketTypeIds: readonly string[];
  remainingTickets: number;
}

/** What a supercoupon does to the lines. */
export interface SupercouponCover {
  /** Tickets of the lines it could cover (of its ticket types), before its remaining count is applied. */
  covered: number;
  /** Tickets it takes: the dearest covered ones, at most its remaining tickets. */
  tickets: number;
  /** What the tickets it takes cost: the amount it takes off. */
  amount: number;
}

/**
 * Whether a discount covers a line: a ticket of its ticket types (all when none are listed), a listed one.
 */
export function discountCovers(scope: DiscountScope, line: CoveredLine): boolean {
  return line.kind === "ticket"
    ? scope.ticketTypeIds.length === 0 || scope.ticketTypeIds.includes(line.id)
    : scope.ticketProductIds.includes(line.id);
}

/**
 * The discount of a coupon or discount code on the lines, in minor units: a percentage of the lines it covers,
 * rounded to the nearest unit (a half unit up), or a fixed amount per order; never more than those lines cost.
 */
export function discountAmount(terms: DiscountTerms, lines: readonly PricedLine[]): number {
  const base = linesTotal(lines.filter((line) => discountCovers(terms, line)));
  const amount = terms.kind === "percent" ? Math.round((base * terms.value) / 100) : terms.value;
  return Math.max(0, Math.min(base, amount));
}

/**
 * The tickets a supercoupon covers and their value: up to its remaining tickets of its types, dearest first.
 */
export function supercouponCover(terms: SupercouponTerms, lines: readonly PricedLine[]): SupercouponCover {
  // Tickets only: a scope that lists no products covers no product line.
  // Stryker disable next-line ArrayDeclaration: equivalent unless a product's id were Stryker's own text
  const scope = { ticketTypeIds: terms.ticketTypeIds, ticketProductIds: [] };
  const prices = lines
    .filter((line) => discountCovers(scope, line))
    .flatMap((line) => Array.from({ length: line.count }, () => line.unitPrice))
    .sort((a, b) => b - a);
  const taken = prices.slice(0, Math.max(0, terms.remainingTickets));
  return { covered: prices.length, tickets: taken.length, amount: taken.reduce((sum, p) => sum + p, 0) };
}

/** The discounts of several codes together: their sum, never more than the lines cost. */
export function discountTotal(lines: readonly PricedLine[], amounts: readonly number[]): number {
  return Math.min(
    linesTotal(lines),
    amounts.reduce((sum, amount) => sum + amount, 0),
  );
}
