/**
 * The timers of the cart's hold, without the calls they lead to: the wait after a count change, and the
 * end of the hold. What they start (a hold request, releasing an ended hold) lives in `hold.store.ts`,
 * loaded when it is first needed (`rt.holdRequests`): counting tickets and watching the hold's end need no
 * pass client.
 */
import { type Runtime, setState } from "./runtime.store.ts";

/** Watches the end of the cart's hold (reported by `expireHold` once it has passed). */
export function armExpiry(rt: Runtime): void {
  if (rt.expiryTimer) clearTimeout(rt.expiryTimer);
  rt.expiryTimer = null;
  const hold = rt.$cart.get().hold;
  if (rt.mode !== "live" || !hold) return;
  const ms = Date.parse(hold.expiresAt) - rt.now();
  if (ms <= 0) {
    expireHold(rt);
    return;
  }
  rt.expiryTimer = setTimeout(() => armExpiry(rt), Math.min(ms, 2_147_000_000));
}

/** Ends the cart's hold: forgets it, says so when tickets were held, and releases it on the service. */
export function expireHold(rt: Runtime): void {
  const hold = rt.$cart.get().hold;
  setState(rt, (s) => ({ ...s, hold: null }));
  const { tickets, seats } = rt.$cart.get();
  rt.$status.setKey("holdExpired", Object.keys(tickets).length + Object.keys(seats).length > 0);
  // The service ends the hold at the same moment; releasing it too covers a clock running ahead.
  if (hold) void rt.holdRequests().then(({ releaseHold }) => releaseHold(rt, hold.reservationId));
}

/** Sends the hold change after the sync delay (a newer change restarts the wait). */
export function scheduleSync(rt: Runtime): void {
  if (rt.mode !== "live") return;
  if (rt.timer) clearTimeout(rt.timer);
  if (rt.retry) clearTimeout(rt.retry);
  rt.retry = null;
  rt.$status.setKey("syncing", true);
  // The requests' module is asked for now, so it is there when the wait is over.
  const requests = rt.holdRequests();
  rt.timer = setTimeout(() => {
    rt.timer = null;
    void requests.then(({ runSync }) => runSync(rt));
  }, rt.syncDelayMs);
}
