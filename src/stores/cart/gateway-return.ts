/**
 * The buyer's return from the payment gateway: the address the gateway returns to, the cart page's query
 * parameter and the order it names.
 */
import type { Locale } from "../../lib/i18n/config.ts";
import { pathTo } from "../../lib/routes.ts";
import { isUuid } from "../../lib/validation/uuid.ts";

/** Query parameter of the cart page the payment gateway returns the buyer with (`?order=<orderId>`). */
export const RETURN_PARAM = "order";

/**
 * The order a buyer comes back from the payment gateway with: the id in the address when it is one (a
 * service that fills in `{orderId}`), else the order this cart created; null when neither is known.
 */
export function returnedOrderId(param: string | null, stored: string | null): string | null {
  if (param === null) return null;
  if (isUuid(param)) return param;
  return stored !== null && isUuid(stored) ? stored : null;
}

/**
 * Where the payment gateway returns the buyer: the order page, as a template whose `{orderId}` the service
 * fills in once the order exists. (A return to the cart with `?order=` is still understood, see
 * `returnFromGateway`.)
 */
export function orderReturnUrl(
  origin: string,
  locale: Locale,
  slugs: { organizerSlug: string; eventSlug: string },
): string {
  return new URL(pathTo(locale, "order", { ...slugs, orderId: "{orderId}" }), origin).href;
}
