/**
 * The cart's bar on phones and narrow screens (below `lg`, where the summary sits far below the counters):
 * fixed at the bottom once something is chosen, with the total, the hold's countdown and one button —
 * "continue", which brings the buyer to the form, and "pay" (submitting the form) once the form has been
 * reached. The countdown (or that the hold has expired) is shown, never announced: the summary's hold timer is the one live region. The
 * page keeps room for the bar at its end (`global.css`, `--cart-bar-height`). Loaded on demand.
 */
import { useEffect, useState } from "react";
import {
  type CartState,
  type CartStatus,
  type CartSummary,
  formatCountdown,
} from "../../stores/cart/index.ts";
import { fieldId } from "./BuyerForm.tsx";
import { useHoldSeconds } from "./hold-clock.ts";
import { useCartView } from "./view.tsx";

/** Props of {@link StickyBar}. */
export interface StickyBarProps {
  state: CartState;
  status: CartStatus;
  summary: CartSummary;
  /** Id of the checkout form the pay button submits. */
  formId: string;
}

/** Whether the checkout form has come into view or taken focus. */
function useFormReached(formId: string): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return;
    const check = () => {
      const form = document.getElementById(formId);
      if (form && form.getBoundingClientRect().top < window.innerHeight * 0.75) setReached(true);
    };
    const focused = (event: FocusEvent) => {
      if (event.target instanceof Node && document.getElementById(formId)?.contains(event.target)) {
        setReached(true);
      }
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    document.addEventListener("focusin", focused);
    return () => {
      window.removeEventListener("scroll", check);
      document.removeEventListener("focusin", focused);
    };
  }, [formId, reached]);
  return reached;
}

/** Brings the buyer to the checkout: its first field focused (scrolled into view), or the form shown. */
function goToCheckout(formId: string): void {
  const first = document.getElementById(fieldId("firstName"));
  if (first) {
    first.focus();
    return;
  }
  document.getElementById(formId)?.scrollIntoView({ block: "start" });
}

/** The phone bar of the cart. */
export default function StickyBar({ state, status, summary, formId }: StickyBarProps) {
  const { t, money } = useCartView();
  const reached = useFormReached(formId);
  const seconds = useHoldSeconds(state.hold?.expiresAt ?? null);
  const button =
    "inline-flex min-h-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-progress disabled:bg-brand-600";
  return (
    <section
      aria-label={t("phone.bar")}
      className="fixed inset-x-0 bottom-0 z-30 h-(--cart-bar-height) border-t border-brand-200 bg-white/95 px-4 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
      data-cart-bar={reached ? "pay" : "continue"}
    >
      <div className="mx-auto flex h-full max-w-3xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-700">{t("total")}</p>
          <p className="text-lg font-bold tabular-nums text-slate-900" data-bar-total={summary.total}>
            {money(summary.total)}
          </p>
        </div>
        {!state.hold && status.holdExpired && (
          <p className="text-center text-sm font-semibold text-rose-700" data-bar-expired>
            {t("phone.expired")}
          </p>
        )}
        {state.hold && (
          <p className="text-center">
            <span className="sr-only">{t("hold.timeLeft")} </span>
            <span
              className={`font-mono text-base font-semibold tabular-nums ${seconds <= 60 ? "text-rose-700" : "text-brand-800"}`}
              data-bar-seconds={seconds}
            >
              {formatCountdown(seconds)}
            </span>
          </p>
        )}
        {reached ? (
          <button type="submit" form={formId} disabled={status.submitting} className={button} data-bar-pay>
            {summary.total > 0 ? t("phone.pay") : t("complete")}
          </button>
        ) : (
          <button type="button" onClick={() => goToCheckout(formId)} className={button} data-bar-continue>
            {t("phone.continue")}
          </button>
        )}
      </div>
    </section>
  );
}
