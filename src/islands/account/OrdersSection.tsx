/**
 * The account's orders, newest first: number, event, date, status in words, total, a link to each order's
 * page, and a paid order's receipt.
 */
import type { OrderSummary } from "../../contract/order-model.ts";
import { formatDateTime } from "../../lib/i18n/format.ts";
import { type CurrencyId, formatMoney } from "../../lib/money.ts";
import { pathTo } from "../../lib/routes.ts";
import { OrderReceipt } from "./OrderReceipt.tsx";
import { useAccountView } from "./view.tsx";

/** The orders section. */
export function OrdersSection({ orders }: { orders: readonly OrderSummary[] }) {
  const { t, locale } = useAccountView();
  if (orders.length === 0) return <p className="text-slate-700">{t("orders.empty")}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {orders.map((order) => {
        const href = pathTo(locale, "order", {
          organizerSlug: order.event.organizerSlug,
          eventSlug: order.event.eventSlug,
          orderId: order.orderId,
        });
        return (
          <li
            key={order.orderId}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
            data-account-order={order.orderNumber}
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <a
                  href={href}
                  className="underline decoration-brand-300 underline-offset-4 hover:text-brand-800"
                >
                  {t("orders.number", { number: order.orderNumber })}
                </a>
              </p>
              <p className="text-slate-800">{order.event.name}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={order.created}>{formatDateTime(order.created, locale)}</time>
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <span
                className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-900 ring-1 ring-slate-300"
                data-order-status={order.status}
              >
                {t(`orders.status.${order.status}`)}
              </span>
              <span className="font-semibold text-slate-900">
                {formatMoney(order.value, order.currencyId as CurrencyId, locale)}
              </span>
            </div>
            {order.status === "paid" && <OrderReceipt orderId={order.orderId} />}
          </li>
        );
      })}
    </ul>
  );
}
