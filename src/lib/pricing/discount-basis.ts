/**
 * How a discount counts, for the buyer: a percentage off each ticket it covers, a fixed amount once per
 * order, or whole tickets (a supercoupon). The cart says it beside an applied code and the order page beside
 * the order's discount, in the same words (the locales' `cart.codeBasis`).
 */

/** How a discount counts (see the module's comment). */
export type DiscountBasis =
  | { kind: "percent"; percent: number }
  | { kind: "fixed"; amount: number }
  | { kind: "tickets"; count: number };

/** How a coupon's or a discount code's terms count; null when the terms are not known. */
export function termsBasis(
  kind: "percent" | "fixed" | null | undefined,
  value: number | null | undefined,
): DiscountBasis | null {
  if (!kind || value === null || value === undefined) return null;
  return kind === "percent" ? { kind, percent: value } : { kind, amount: value };
}

/** A translation of the `cart` texts (keys below `cart.`). */
export type BasisT = (key: string, values: Record<string, unknown>) => string;

/** How a discount counts, in words (`cart.codeBasis.*`), amounts formatted by `money`. */
export function basisText(basis: DiscountBasis, t: BasisT, money: (minor: number) => string): string {
  if (basis.kind === "percent") return t("codeBasis.percent", { percent: basis.percent });
  if (basis.kind === "fixed") return t("codeBasis.fixed", { amount: money(basis.amount) });
  return t("codeBasis.tickets", { count: basis.count });
}
