/**
 * The seconds left of the cart's hold, ticking once a second while a hold stands: the summary's countdown
 * and the phone bar's show the same clock.
 */
import { useEffect, useState } from "react";
import { holdSecondsLeft } from "../../stores/cart/index.ts";

/** Seconds left until `expiresAt` (0 without a hold), re-rendered every second while it runs. */
export function useHoldSeconds(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? holdSecondsLeft(expiresAt, now) : 0;
}
