/**
 * Topping up a chip from the account: the amount typed (in major units, `500` or `250,50`) read as minor
 * units and checked with the rule the service enforces (`chipCreditProblem`, lib/order-limits.ts), and the
 * body of `order.createCredit` (the buyer accepts the terms of sale, as with every order).
 */
import type { z } from "zod/mini";
import type { OrderCreateCreditBody } from "../../contract/order-create.ts";
import type { Chip, ChipCreditLimit } from "../../contract/ticket.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { fromMajorUnits } from "../../lib/money.ts";
import { type ChipCreditProblem, chipCreditProblem } from "../../lib/order-limits.ts";

/** What is wrong with a typed top-up amount. */
export type TopUpProblem = "required" | "invalid" | ChipCreditProblem;

/** A typed amount in major units as minor units, or null when it is not a positive amount of at most 2 decimals. */
export function parseAmount(text: string): number | null {
  const compact = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  const minor = fromMajorUnits(Number(compact));
  return minor > 0 ? minor : null;
}

/** The amount typed, checked: minor units, or the problem to show beside the field. */
export function checkTopUp(
  text: string,
  limit: ChipCreditLimit | null,
): { amount: number; problem: null } | { amount: null; problem: TopUpProblem } {
  if (text.trim() === "") return { amount: null, problem: "required" };
  const amount = parseAmount(text);
  if (amount === null) return { amount: null, problem: "invalid" };
  const problem = limit ? chipCreditProblem(amount, limit) : null;
  return problem ? { amount: null, problem } : { amount, problem: null };
}

/** The body of `order.createCredit` for a chip of the account, with the accepted version of the terms of sale. */
export function creditBody(
  chip: Chip,
  amount: number,
  paymentMethodId: number,
  language: Locale,
  termsVersion: string,
  productItemId?: string,
  returnUrl?: string,
): z.input<typeof OrderCreateCreditBody> {
  return {
    eventId: chip.eventId,
    chipId: chip.chipId,
    amount,
    paymentMethodId,
    language,
    termsAccepted: true,
    termsVersion,
    ...(productItemId ? { productItemId } : {}),
    ...(returnUrl ? { returnUrl } : {}),
  };
}
