/**
 * The buyer back from the payment gateway on the cart page: the order page to open instead. Kept apart from
 * the checkout (`checkout.store.ts`) so that a cart page learns it without loading the order's code.
 */
import { pathTo } from "../../lib/routes.ts";
import { RETURN_PARAM, returnedOrderId } from "./gateway-return.ts";
import { notify, runtime } from "./runtime.store.ts";

/**
 * The order page to open when the buyer is back from the gateway (`search` is the cart page's query):
 * null when the address says nothing about a return; a message when the order is not known here.
 */
export function returnFromGateway(eventId: string, search: string): string | null {
  const rt = runtime(eventId);
  const param = new URLSearchParams(search).get(RETURN_PARAM);
  if (param === null || rt.mode !== "live") return null;
  const orderId = returnedOrderId(param, rt.$cart.get().checkout?.orderId ?? null);
  if (!orderId) {
    notify(rt, { key: "errors.returnedUnknown", tone: "info" });
    return null;
  }
  return pathTo(rt.locale, "order", { ...rt.slugs, orderId });
}
