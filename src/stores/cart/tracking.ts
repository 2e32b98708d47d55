/**
 * The cart's lines, an order and the buyer as tracking data (spec §3), amounts in minor units. The buyer is
 * the signed-in account when the cart knows one, else the buyer form (billing only when the buyer wants it);
 * on the order page, the order's buyer and billing details.
 */
import type { Order } from "../../contract/order.ts";
import type { TrackingData, TrackingItem, TrackingUser } from "../../lib/tracking.ts";
import { type TrackingUserSource, trackingUser } from "../../lib/tracking-user.ts";
import type { SummaryLine } from "./lines.ts";
import type { CartState } from "./state.ts";

/** The tracking user of a cart: the signed-in account's data when known, else the buyer form's. */
export function cartTrackingUser(
  state: Pick<CartState, "buyer" | "billing">,
  account: TrackingUserSource | null,
): TrackingUser {
  if (account) return trackingUser(account);
  const { buyer, billing } = state;
  return trackingUser({
    email: buyer.email,
    phone: buyer.phone,
    billingInfo: billing.wanted ? billing : { countryId: buyer.countryId },
  });
}

/** The summary lines as tracking items (unit prices in minor units). */
export function trackingItems(lines: readonly SummaryLine[]): TrackingItem[] {
  return lines.map((l) => ({
    id: l.variantValueId ? `${l.id}:${l.variantValueId}` : l.id,
    kind: l.kind,
    name: l.name,
    price: l.unitPrice,
    count: l.count,
    category: l.detail ?? undefined,
  }));
}

/** What changed between two sets of lines: units added and units removed, per line. */
export function lineChanges(
  before: readonly SummaryLine[],
  after: readonly SummaryLine[],
): { added: TrackingItem[]; removed: TrackingItem[] } {
  const added: TrackingItem[] = [];
  const removed: TrackingItem[] = [];
  const old = new Map(before.map((l) => [l.key, l]));
  const now = new Map(after.map((l) => [l.key, l]));
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key);
    const b = now.get(key);
    const line = b ?? a;
    if (!line) continue;
    const diff = (b?.count ?? 0) - (a?.count ?? 0);
    if (diff === 0) continue;
    const [item] = trackingItems([{ ...line, count: Math.abs(diff) }]);
    if (item) (diff > 0 ? added : removed).push(item);
  }
  return { added, removed };
}

/** The tracking data of an order (spec §3): its value, lines and event context; the id is the order id. */
export function orderTrackingData(order: Order): TrackingData {
  return {
    id: order.orderId,
    eventId: order.eventId,
    currencyId: order.currencyId,
    value: order.value,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paymentMethodId: order.paymentMethodId,
    items: [
      ...order.tickets.map((line) => ({
        id: line.ticketType.ticketTypeId,
        kind: "ticket" as const,
        name: line.ticketType.namePub,
        price: line.price,
        count: line.count,
        category: line.ticketType.ticketTypeGroup?.namePub,
      })),
      ...order.extraProducts.map((line) => ({
        id: line.variantValueId ? `${line.ticketProductId}:${line.variantValueId}` : line.ticketProductId,
        kind: "extra" as const,
        name: line.name,
        price: line.price,
        count: line.count,
        category: line.variantName ?? undefined,
      })),
      ...order.chips.map((line) => ({
        id: line.productItemId,
        kind: "chip" as const,
        name: line.name,
        price: line.price,
        count: 1,
      })),
    ],
    context: { ...order.trackingContext },
    user: trackingUser({
      email: order.buyer.email,
      phone: order.buyer.phone,
      billingInfo: order.billingInfo ?? { countryId: order.buyer.countryId },
    }),
  };
}
