/**
 * The summary beside the cart: the hold and its countdown, the lines with their amounts, subtotal, discounts,
 * payment fee and total (announced politely when it changes), the cart's message and the pay button — or,
 * in a demo cart, why paying is not possible. (The code field opens the cart, before the lines.)
 */
import { lazy, type RefObject, Suspense, useRef } from "react";
import { ticketGroupLabel } from "../../lib/text.ts";
import {
  type CartState,
  type CartStatus,
  type CartSummary,
  dismissNotice,
  type SalesClosed,
} from "../../stores/cart/index.ts";
import { HoldTimer } from "./HoldTimer.tsx";
import { List } from "./List.tsx";
import { Notice } from "./Notice.tsx";
import { useScrollTabStop } from "./scroll-stop.ts";
import { useCartView } from "./view.tsx";

const DiscountRow = lazy(() => import("./DiscountRow.tsx"));

/** Props of {@link Summary}. */
export interface SummaryProps {
  state: CartState;
  status: CartStatus;
  summary: CartSummary;
  /** Id of the form the pay button submits; null when the cart cannot be paid now. */
  formId: string | null;
  /** Start of the sale, for the demo cart's explanation. */
  saleStartsAt: string | null;
  /** Why nothing can be picked now (the whole sale is closed), or null. */
  closed: SalesClosed | null;
  noticeRef: RefObject<HTMLDivElement | null>;
}

/** The cart's summary and pay button. */
export function Summary({ state, status, summary, formId, saleStartsAt, closed, noticeRef }: SummaryProps) {
  const { t, locale, eventId, demo, money, dateTime } = useCartView();
  // A ticket's group is named under it unless it is just "Tickets" (as on the order page).
  const lines = summary.lines.map((line) =>
    line.kind === "ticket" ? { ...line, detail: ticketGroupLabel(line.detail, t("tickets"), locale) } : line,
  );
  // On desktops the lines scroll inside the summary when it would not fit the viewport.
  const linesRef = useRef<HTMLUListElement>(null);
  const linesTabStop = useScrollTabStop(linesRef);
  return (
    <div
      className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 lg:min-h-0 [&>*]:shrink-0"
      data-cart-summary
    >
      <h2 id="cart-summary-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {t("summary")}
      </h2>
      {!demo && <HoldTimer hold={state.hold} syncing={status.syncing} expired={status.holdExpired} />}

      {summary.empty ? (
        <p className="text-slate-700" data-summary-empty={closed?.state ?? "open"}>
          {closed?.state === "notYet"
            ? closed.from
              ? t("state.notYet", { date: dateTime(closed.from) })
              : t("state.notYetSoon")
            : closed
              ? t("state.ended")
              : t("summaryEmpty")}
        </p>
      ) : (
        <List
          className="flex flex-col divide-y divide-brand-100 lg:min-h-18 lg:shrink! lg:overflow-y-auto lg:overscroll-contain"
          data-summary-lines
          ref={linesRef}
          tabIndex={linesTabStop}
          aria-label={t("itemCount", { count: summary.itemCount })}
        >
          {lines.map((line) => (
            <li
              key={line.key}
              className="flex items-start justify-between gap-3 py-2 text-sm"
              data-line={line.key}
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{line.name}</p>
                {line.seat && (
                  <p className="text-slate-700" data-seat-line>
                    {line.seat.sectorName},{" "}
                    {t("seatMap.seat", { row: line.seat.row, number: line.seat.number })}
                  </p>
                )}
                {line.detail && (
                  <p className="text-slate-700">
                    {line.variant
                      ? t("variantLabel", { variant: line.variant, value: line.detail })
                      : line.detail}
                  </p>
                )}
                {line.credit !== null && line.credit !== line.total && (
                  <p className="text-slate-700">{t("credit", { amount: money(line.credit) })}</p>
                )}
                <p className="text-slate-700 tabular-nums">
                  {t("lineCount", { count: line.count, price: money(line.unitPrice) })}
                </p>
              </div>
              <p className="shrink-0 font-semibold tabular-nums text-slate-900">{money(line.total)}</p>
            </li>
          ))}
        </List>
      )}

      {/* Before or after the sale, with nothing chosen, there are no amounts to show. */}
      {!(summary.empty && closed) && (
        <>
          <dl className="flex flex-col gap-1 border-t border-brand-200 pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">{t("subtotal")}</dt>
              <dd className="tabular-nums text-slate-900">{money(summary.subtotal)}</dd>
            </div>
            <Suspense fallback={null}>
              {summary.discounts.map((discount) => (
                <DiscountRow
                  key={discount.kind}
                  discount={discount}
                  applied={state.codes[discount.kind]}
                  lines={summary.lines}
                />
              ))}
            </Suspense>
            {summary.fee > 0 && (
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t("fee")}</dt>
                <dd className="tabular-nums text-slate-900">{money(summary.fee)}</dd>
              </div>
            )}
          </dl>
          <div
            aria-live="polite"
            aria-atomic="true"
            className="flex items-baseline justify-between gap-3"
            data-cart-total={summary.total}
          >
            <p className="text-base font-semibold text-slate-900">{t("total")}</p>
            <p className="text-2xl font-bold tabular-nums text-slate-900">{money(summary.total)}</p>
          </div>
        </>
      )}

      <Notice ref={noticeRef} notice={status.notice} onDismiss={() => dismissNotice(eventId)} />

      {demo ? (
        <p
          className="rounded-lg border border-dashed border-slate-400 bg-white p-3 text-center text-sm font-medium text-slate-700"
          data-demo-pay
        >
          {saleStartsAt
            ? t("demo.payDisabledStarts", { date: dateTime(saleStartsAt) })
            : t("demo.payDisabled")}
        </p>
      ) : formId ? (
        <div className="flex flex-col gap-2">
          <button
            type="submit"
            form={formId}
            disabled={status.submitting}
            aria-describedby="cart-pay-note"
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-lg font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-progress disabled:bg-brand-600"
            data-pay
          >
            {status.submitting && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
              />
            )}
            {status.submitting
              ? t("submitting")
              : summary.empty
                ? t("payEmpty")
                : summary.total > 0
                  ? t("pay", { amount: money(summary.total) })
                  : t("complete")}
          </button>
          <p id="cart-pay-note" className="text-center text-xs text-slate-700">
            {t("payNote")}
          </p>
        </div>
      ) : null}
    </div>
  );
}
