/** The body of `order.createV2` made from the cart, and its stable text (one Idempotency-Key per body). */
import type { OrderCreateV2Body } from "../../contract/order-create.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { checkForm } from "./form.ts";
import { summaryLines } from "./lines.ts";
import { orderSeats } from "./seats.ts";
import type { CartCatalog, CartState } from "./state.ts";
import { chosenPaymentMethod } from "./summary.ts";

/** What the order body needs besides the cart. */
export interface OrderContext {
  language: Locale;
  /** Absolute URL the payment gateway returns the buyer to. */
  returnUrl: string;
  trackingConsent?: boolean | undefined;
  /** The version of the terms of sale the buyer accepted (the body carries the acceptance). */
  termsVersion?: string | undefined;
}

/**
 * The body of `order.createV2`: tickets come from the hold (`items` is empty), the picked seats are listed
 * (the hold has them), extra products and chip credit are listed, codes are sent by kind. Null when the buyer's form is not valid or no payment method is offered.
 */
export function orderBody(
  state: CartState,
  catalog: CartCatalog,
  context: OrderContext,
): OrderCreateV2Body | null {
  const form = checkForm(state);
  const method = chosenPaymentMethod(state, catalog);
  if (!form.buyer || !method) return null;
  const lines = summaryLines(state, catalog);
  const body: OrderCreateV2Body = {
    eventId: state.eventId,
    items: [],
    extraProducts: lines
      .filter((l) => l.kind === "extra")
      .map((l) => ({
        ticketProductId: l.id,
        ...(l.variantValueId ? { variantValueId: l.variantValueId } : {}),
        count: l.count,
      })),
    seats: orderSeats(state),
    chips: lines
      .filter((l) => l.kind === "chip")
      .map((l) => ({ productItemId: l.id, amount: l.credit ?? 0 })),
    buyer: form.buyer,
    paymentMethodId: method.paymentMethodId,
    language: context.language,
    returnUrl: context.returnUrl,
  };
  if (state.hold) body.reservationId = state.hold.reservationId;
  if (form.billingInfo) body.billingInfo = form.billingInfo;
  if (state.codes.coupon) body.couponCode = state.codes.coupon.code;
  if (state.codes.supercoupon) body.supercouponCode = state.codes.supercoupon.code;
  if (state.codes.discount) body.discountCode = state.codes.discount.code;
  if (context.trackingConsent !== undefined) body.trackingConsent = context.trackingConsent;
  if (context.termsVersion) {
    body.termsAccepted = true;
    body.termsVersion = context.termsVersion;
  }
  return body;
}

/** A stable text of an order body: equal bodies give equal texts (one Idempotency-Key per body). */
export function bodyFingerprint(body: OrderCreateV2Body): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, sortKeys(v)]),
      );
    }
    return value;
  };
  return JSON.stringify(sortKeys(body));
}
