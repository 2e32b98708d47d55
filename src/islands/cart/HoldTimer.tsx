/**
 * The hold of the cart's tickets: "reserving…" while it is asked for, a visible mm:ss countdown while it
 * stands, and, once it ended, what happened with a button to hold the selection again. Screen readers hear
 * the countdown only when a hold starts and at 5 and 1 minutes left, not every second.
 */
import { useEffect, useRef, useState } from "react";
import { crossedThreshold, formatCountdown, type HoldState, holdRequests } from "../../stores/cart/index.ts";
import { useHoldSeconds } from "./hold-clock.ts";
import { useCartView } from "./view.tsx";

/** Props of {@link HoldTimer}. */
export interface HoldTimerProps {
  hold: HoldState | null;
  syncing: boolean;
  expired: boolean;
}

/** The hold's state and countdown. */
export function HoldTimer({ hold, syncing, expired }: HoldTimerProps) {
  const { t, eventId } = useCartView();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef<{ id: string; seconds: number } | null>(null);
  const seconds = useHoldSeconds(hold?.expiresAt ?? null);

  useEffect(() => {
    if (!hold) {
      previous.current = null;
      return;
    }
    const last = previous.current;
    if (!last || last.id !== hold.reservationId) {
      setAnnouncement(t("hold.remaining", { count: Math.max(1, Math.round(seconds / 60)) }));
    } else {
      const crossed = crossedThreshold(last.seconds, seconds);
      if (crossed !== null) setAnnouncement(t("hold.remaining", { count: Math.round(crossed / 60) }));
    }
    previous.current = { id: hold.reservationId, seconds };
  }, [hold, seconds, t]);

  if (expired && !hold) {
    return (
      <div
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        data-hold="expired"
      >
        <p role="alert">{t("hold.expired")}</p>
        <button
          type="button"
          onClick={() => void holdRequests().then(({ holdAgain }) => holdAgain(eventId))}
          className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {t("hold.again")}
        </button>
      </div>
    );
  }
  if (!hold) {
    return syncing ? (
      <p role="status" className="text-sm text-slate-700" data-hold="holding">
        {t("hold.holding")}
      </p>
    ) : null;
  }
  return (
    <div className="rounded-lg bg-white p-3 ring-1 ring-brand-200" data-hold="active">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-900">{t("hold.held")}</p>
        <p className="text-right">
          <span className="sr-only">{t("hold.timeLeft")} </span>
          <span
            role="timer"
            aria-live="off"
            className={`font-mono text-lg font-semibold tabular-nums ${seconds <= 60 ? "text-rose-700" : "text-brand-800"}`}
            data-seconds={seconds}
          >
            {formatCountdown(seconds)}
          </span>
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-700">{t("hold.note")}</p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
