/** The hold's countdown: seconds left, shown as `m:ss`, and the moments announced to screen readers. */

/** Whole seconds until the hold ends (0 once it has ended). */
export function holdSecondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A countdown as `m:ss` (`h:mm:ss` from an hour up). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${two(minutes)}:${two(s % 60)}`;
}

/** Seconds left at which the countdown is announced to screen readers (besides the start and the end). */
export const HOLD_ANNOUNCE_AT = [300, 60] as const;

/** The threshold crossed between two readings of the countdown, if any (announce it once). */
export function crossedThreshold(previous: number, current: number): number | null {
  for (const at of HOLD_ANNOUNCE_AT) if (previous > at && current <= at) return at;
  return null;
}
