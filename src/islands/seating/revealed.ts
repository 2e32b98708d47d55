/**
 * Drawing a large sector in short tasks: a map shows its first {@link SEATS_PER_TASK} seats at once and the
 * next ones a task later, again and again, so the main thread is free between the steps (a tap or a key is
 * answered, and a slow phone never runs one long task that draws a whole hall).
 */
import { useEffect, useState } from "react";
import { queueTask } from "../task-queue.ts";

/**
 * Seats drawn per task. A step costs more than its seats (the frame the browser draws after it), so smaller
 * steps fill a large hall more slowly: with a 4× slower CPU (`npm run bench:seating`, 2,000 seats)
 * the longest task while drawing fell from 279–290 ms (all at once) to 88–124 ms, and the map was full
 * 1.1–1.2 s after hydration instead of 0.35 s (steps of 60: 90–105 ms and 1.25–1.6 s; of 250: 100–150 ms
 * and 0.6–0.9 s).
 */
export const SEATS_PER_TASK = 100;

/**
 * How many of `total` seats to draw now: {@link SEATS_PER_TASK} at first, as many more after each task until
 * all are shown. A new `key` (another sector) starts again from the first step.
 */
export function useRevealed(total: number, key: unknown): number {
  const [shown, setShown] = useState({ key, count: SEATS_PER_TASK });
  const count = shown.key === key ? shown.count : SEATS_PER_TASK;
  useEffect(() => {
    if (count >= total) return;
    let current = true;
    queueTask(() => {
      if (current) setShown({ key, count: count + SEATS_PER_TASK });
    });
    return () => {
      current = false;
    };
  }, [count, total, key]);
  return Math.min(count, total);
}
