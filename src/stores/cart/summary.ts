/**
 * The summary of the cart: its lines, subtotal, the discounts of the applied codes (by the service's own
 * pricing rules, so the total is what the order charges), the fee of the payment method and the total, every
 * amount in minor units.
 */
import type { PaymentMethod } from "../../contract/event.ts";
import { discountTotal as discountsTogether } from "../../lib/pricing/discounts.ts";
import { paymentFee } from "../../lib/pricing/totals.ts";
import { discountEstimate, pricedLines, supercouponEstimate } from "./estimate.ts";
import { type SummaryLine, summaryLines } from "./lines.ts";
import { type CartCatalog, type CartState, CODE_KINDS, type CodeKind } from "./state.ts";

/** A discount of an applied code, as the order will take it off. */
export interface DiscountLine {
  kind: CodeKind;
  code: string;
  amount: number;
}

/** The summary of the cart; every amount in minor units of `currencyId`. */
export interface CartSummary {
  currencyId: number;
  lines: SummaryLine[];
  subtotal: number;
  discounts: DiscountLine[];
  /** The discounts together, never more than the items they apply to. */
  discountTotal: number;
  /** Fee of the chosen payment method (0 for an empty or free cart). */
  fee: number;
  total: number;
  /** Tickets in the cart. */
  ticketCount: number;
  /** Units of every line together. */
  itemCount: number;
  empty: boolean;
}

/** The payment method the cart pays with: the chosen one when the event offers it, else the first offered. */
export function chosenPaymentMethod(
  state: Pick<CartState, "paymentMethodId">,
  catalog: Pick<CartCatalog, "paymentMethods">,
): PaymentMethod | null {
  const methods = [...catalog.paymentMethods].sort((a, b) => a.displayOrder - b.displayOrder);
  return methods.find((m) => m.paymentMethodId === state.paymentMethodId) ?? methods[0] ?? null;
}

/** The summary of the cart: lines, subtotal, discounts of the applied codes, payment fee and total. */
export function cartSummary(state: CartState, catalog: CartCatalog): CartSummary {
  const lines = summaryLines(state, catalog);
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const discounts: DiscountLine[] = [];
  for (const kind of CODE_KINDS) {
    const applied = state.codes[kind];
    if (!applied) continue;
    const amount =
      applied.kind === "supercoupon"
        ? supercouponEstimate(applied.check, lines)
        : discountEstimate(applied.check, lines);
    discounts.push({ kind, code: applied.code, amount });
  }
  const discountTotal = discountsTogether(
    pricedLines(lines),
    discounts.map((d) => d.amount),
  );
  const due = subtotal - discountTotal;
  const fee = paymentFee(due, chosenPaymentMethod(state, catalog)?.feeAmount);
  return {
    currencyId: catalog.currencyId,
    lines,
    subtotal,
    discounts,
    discountTotal,
    fee,
    total: due + fee,
    ticketCount: lines.filter((l) => l.kind === "ticket").reduce((sum, l) => sum + l.count, 0),
    itemCount: lines.reduce((sum, l) => sum + l.count, 0),
    empty: lines.length === 0,
  };
}
