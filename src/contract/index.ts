/**
 * The pass-service contract: every call of spec §7 (plus the storefront's own `/api/auth/*`), keyed by id.
 * Import schemas and call groups from here.
 */
import { accountCalls } from "./account.ts";
import { authCalls } from "./auth.ts";
import { bandCalls, performerCalls } from "./band.ts";
import type { CallDef } from "./define.ts";
import { eventCalls } from "./event.ts";
import { galleryCalls } from "./gallery.ts";
import { orderCalls } from "./order.ts";
import { organizerCalls } from "./organizer.ts";
import { paymentCalls } from "./payment.ts";
import { productCalls } from "./product.ts";
import { programCalls } from "./program.ts";
import { receiptCalls } from "./receipt.ts";
import { reservationCalls } from "./reservation.ts";
import { rootCalls } from "./root.ts";
import { ticketCalls } from "./ticket.ts";
import { v2Calls } from "./v2.ts";
import { webCalls } from "./web.ts";

export * from "./account.ts";
export * from "./auth.ts";
export * from "./band.ts";
export * from "./common.ts";
export * from "./define.ts";
export * from "./event.ts";
export * from "./gallery.ts";
export * from "./order.ts";
export * from "./organizer.ts";
export * from "./payment.ts";
export * from "./product.ts";
export * from "./program.ts";
export * from "./receipt.ts";
export * from "./reservation.ts";
export * from "./root.ts";
export * from "./ticket.ts";
export * from "./v2.ts";
export * from "./web.ts";

/** Every call in route-registration order: v2 comes last so its catch-all path is tried last. */
const ORDERED = [
  ...Object.values(rootCalls),
  ...Object.values(webCalls),
  ...Object.values(accountCalls),
  ...Object.values(authCalls),
  ...Object.values(bandCalls),
  ...Object.values(performerCalls),
  ...Object.values(eventCalls),
  ...Object.values(galleryCalls),
  ...Object.values(orderCalls),
  ...Object.values(organizerCalls),
  ...Object.values(paymentCalls),
  ...Object.values(productCalls),
  ...Object.values(programCalls),
  ...Object.values(receiptCalls),
  ...Object.values(reservationCalls),
  ...Object.values(ticketCalls),
  ...Object.values(v2Calls),
];

/** Any call of the contract. */
export type AnyCall = (typeof ORDERED)[number];

/** Every call, keyed by id: `CALLS["event.bySlugs"]`. */
export const CALLS = Object.freeze(Object.fromEntries(ORDERED.map((c) => [c.id, c]))) as {
  readonly [C in AnyCall as C["id"]]: C;
};

/** Every call in route-registration order (register routes in this order; v2's catch-all is last). */
export function callList(): readonly CallDef[] {
  return ORDERED;
}

/** Calls of the pass service only (without the storefront's own `web` calls). */
export function passServiceCalls(): readonly CallDef[] {
  return ORDERED.filter((c) => c.area !== "web");
}
