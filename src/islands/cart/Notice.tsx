/**
 * The cart's message: an error is an alert, anything else a polite status. It can be closed, and it takes
 * focus when the island asks (after a refused order), so keyboard and screen reader users land on it. On
 * narrow screens, where the summary is far below the counters, it shows at the bottom of the viewport
 * (above the phone bar, see `global.css`).
 */
import { forwardRef } from "react";
import type { CartNotice } from "../../stores/cart/index.ts";
import { CloseIcon } from "../close-icon.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link Notice}. */
export interface NoticeProps {
  notice: CartNotice | null;
  onDismiss: () => void;
}

const TONES = {
  error: "border-rose-300 bg-rose-50 text-rose-900",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
} as const;

/** The message of the cart, or an empty live region. */
export const Notice = forwardRef<HTMLDivElement, NoticeProps>(function Notice({ notice, onDismiss }, ref) {
  const { t } = useCartView();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={notice?.tone === "error" ? "alert" : "status"}
      className="outline-none max-lg:fixed max-lg:inset-x-3 max-lg:bottom-3 max-lg:z-40"
      data-cart-notice
    >
      {notice && (
        <div
          className={`flex items-start justify-between gap-3 rounded-lg border p-3 text-sm max-lg:shadow-lg ${TONES[notice.tone]}`}
          data-notice={notice.key}
        >
          <p>{t(notice.key, notice.values)}</p>
          <button
            type="button"
            onClick={onDismiss}
            className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-white/60"
            aria-label={t("errors.dismiss")}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
});
