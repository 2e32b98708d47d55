/**
 * The order page's live status (client:load): while the order is not final it polls its status
 * (`$status` of stores/order.ts) and says so; when the status changes it announces the change politely and
 * the store reloads the page. It fires the page's purchase event (the tracker's firing limit counts it
 * across reloads), and a paid order empties the event's cart.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { Locale } from "../../lib/i18n/config.ts";
import { track } from "../../lib/tracking.ts";
import { clearCart } from "../../stores/cart/index.ts";
import {
  createOrderStatusStore,
  orderStatusFetcher,
  type PurchaseTracking,
  type RenderedOrderStatus,
} from "../../stores/order.ts";
import { browserPass } from "../../stores/pass.ts";

/** Texts of the status line, in the page's language. */
export interface OrderStatusMessages {
  waiting: string;
  changed: string;
  retrying: string;
}

/** Props of the order status island. */
export interface OrderStatusProps {
  orderId: string;
  eventId: string;
  locale: Locale;
  /** What the server rendered the page for. */
  rendered: RenderedOrderStatus;
  /** The purchase event the page fires (success when paid, fail when declined, expired or canceled). */
  purchase: PurchaseTracking | null;
  messages: OrderStatusMessages;
}

/** The live status line of the order page. */
export default function OrderStatus({
  orderId,
  eventId,
  locale,
  rendered,
  purchase,
  messages,
}: OrderStatusProps) {
  const [$status] = useState(() =>
    createOrderStatusStore({
      orderId,
      rendered,
      fetchStatus: (id, signal) => orderStatusFetcher(browserPass(locale))(id, signal),
    }),
  );
  const { phase, failures } = useStore($status, { ssr: "initial" });

  useEffect(() => {
    if (!purchase) return;
    track(purchase.event, purchase.data);
    if (purchase.event === "purchaseSuccess") clearCart(eventId);
  }, [purchase, eventId]);

  if (rendered.final) return null;
  const changed = phase === "changed";
  const text = changed ? messages.changed : failures > 0 ? messages.retrying : messages.waiting;
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex items-center gap-2 text-sm text-slate-700"
      data-order-watch={phase}
    >
      <span className="relative flex size-2.5 shrink-0" aria-hidden="true">
        <span
          className={`absolute inline-flex size-full rounded-full opacity-75 ${
            changed ? "bg-emerald-500" : "animate-ping bg-brand-400 motion-reduce:animate-none"
          }`}
        />
        <span
          className={`relative inline-flex size-2.5 rounded-full ${changed ? "bg-emerald-600" : "bg-brand-600"}`}
        />
      </span>
      <span>{text}</span>
    </p>
  );
}
