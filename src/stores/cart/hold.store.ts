/**
 * The hold of the cart's standing tickets on the service. Ticket counts are held ~400 ms after the last
 * change, one request at a time, the latest selection winning; a retry after a lost answer reuses the
 * change's Idempotency-Key. A refused type goes back to what the hold has and live availability is
 * reloaded; live availability that lowers a count sends the hold again (so both live here). The hold's end
 * is watched and reported.
 */
import { type ApiError, isApiError } from "../../client/index.ts";
import { CALLS } from "../../contract/index.ts";
import { randomUuid } from "../../lib/ids.ts";
import { holdFromReservation, holdInSync, holdItems, refusedTicketType, revertToHold } from "./hold.ts";
import { fitToCatalog } from "./limits.ts";
import { errorBody, errorMessageKey, errorNotice, isLostHold, isRefusal, retryAfterOf } from "./refusals.ts";
import { type CartNotice, notify, type Runtime, runtime, setLineNotice, setState } from "./runtime.store.ts";

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
  rt.$status.setKey("holdExpired", Object.keys(rt.$cart.get().tickets).length > 0);
  // The service ends the hold at the same moment; releasing it too covers a clock running ahead.
  if (hold) {
    rt.client()
      .call(CALLS["reservation.delete"], { query: { reservationId: hold.reservationId } })
      .catch(() => {});
  }
}

/**
 * Loads live availability (ticket types, extra products, chip products) and lowers counts the catalog no
 * longer allows, saying so. Failures keep the catalog as it was.
 */
export async function refreshAvailability(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  try {
    const live = await rt
      .client()
      .call(CALLS["ticket.typesExtraProducts"], { query: { eventId: rt.eventId } });
    rt.$catalog.set({
      ...rt.$catalog.get(),
      ticketTypes: live.ticketTypes,
      ticketTypeGroups: live.ticketTypeGroups,
      extraProducts: live.extraProducts,
      chipProducts: live.chipProducts,
    });
    rt.refreshedAt = rt.now();
    rt.$status.setKey("live", true);
  } catch (error) {
    console.warn("[cart] live availability not loaded", error);
    return;
  }
  const fitted = fitToCatalog(rt.$cart.get(), rt.$catalog.get(), {
    now: rt.now(),
    demo: rt.mode === "demo",
  });
  if (fitted.changed.length > 0) {
    rt.$cart.set(fitted.state);
    if (!rt.$status.get().notice) notify(rt, { key: "errors.adjusted", tone: "info" });
    if (rt.mode === "live" && !rt.$status.get().holdExpired) scheduleSync(rt);
  }
}

/** Sends the hold change after the sync delay (a newer change restarts the wait). */
export function scheduleSync(rt: Runtime): void {
  if (rt.mode !== "live") return;
  if (rt.timer) clearTimeout(rt.timer);
  if (rt.retry) clearTimeout(rt.retry);
  rt.retry = null;
  rt.$status.setKey("syncing", true);
  rt.timer = setTimeout(() => {
    rt.timer = null;
    void runSync(rt);
  }, rt.syncDelayMs);
}

/** Sends hold changes until the hold has the selection; a call made meanwhile joins the one under way. */
export function runSync(rt: Runtime): Promise<void> {
  if (rt.running) {
    rt.again = true;
    return rt.running;
  }
  rt.$status.setKey("syncing", true);
  rt.running = (async () => {
    try {
      do {
        rt.again = false;
        await syncOnce(rt, false);
      } while (rt.again);
    } finally {
      rt.running = null;
      if (!rt.timer) rt.$status.setKey("syncing", false);
    }
  })();
  return rt.running;
}

/** Messages about a failed request, taken back once a hold request succeeds. */
const TRANSIENT_NOTICES = new Set([
  "errors.network",
  "errors.unavailable",
  "errors.generic",
  "errors.holdFailed",
  "errors.rateLimited",
  "errors.rateLimitedMinutes",
  "errors.tooManyHeld",
  "errors.tooManyHeldMinutes",
]);

/**
 * The Idempotency-Key of a hold change: the key of the change under way when the same change (same hold,
 * same items) is sent again, so a retry after a lost answer never makes a second hold; a new key otherwise.
 */
function holdKey(rt: Runtime, body: object): string {
  const change = JSON.stringify(body);
  if (rt.holdAttempt?.change !== change) rt.holdAttempt = { change, key: randomUuid() };
  return rt.holdAttempt.key;
}

async function syncOnce(rt: Runtime, retried: boolean): Promise<void> {
  const state = rt.$cart.get();
  const catalog = rt.$catalog.get();
  if (holdInSync(state, catalog)) return;
  const items = holdItems(state, catalog);
  const hold = state.hold;
  const client = rt.client();
  if (items.length === 0) {
    if (!hold) return;
    try {
      await client.call(CALLS["reservation.delete"], { query: { reservationId: hold.reservationId } });
    } catch (error) {
      // A hold that cannot be released now ends by itself when it expires.
      console.warn("[cart] hold not released", error);
    }
    setState(rt, (s) => ({ ...s, hold: null }));
    rt.$status.setKey("holdExpired", false);
    return;
  }
  const body = { eventId: rt.eventId, ...(hold ? { reservationId: hold.reservationId } : {}), items };
  try {
    const { reservation } = await client.call(CALLS["reservation.create"], {
      body,
      idempotencyKey: holdKey(rt, body),
    });
    rt.holdAttempt = null;
    const held = holdFromReservation(reservation);
    setState(rt, (s) => ({ ...s, hold: held }));
    // A late retry answers a hold that has ended meanwhile: the change is sent again as a new request.
    if (!held && !retried) {
      await syncOnce(rt, true);
      return;
    }
    rt.$status.setKey("holdExpired", false);
    const notice = rt.$status.get().notice;
    if (notice && TRANSIENT_NOTICES.has(notice.key)) notify(rt, null);
  } catch (error) {
    // A refusal is an answer: the same change sent later is a new request. Without an answer (network, 5xx)
    // the hold may have been made, so the same change is sent again under the same key.
    if (isApiError(error) && error.status >= 400 && error.status < 500) rt.holdAttempt = null;
    if (isLostHold(error) && hold && !retried) {
      setState(rt, (s) => ({ ...s, hold: null }));
      await syncOnce(rt, true);
      return;
    }
    if (isRefusal(error)) {
      const body = errorBody(error);
      const refused = refusedTicketType(typeof body.field === "string" ? body.field : undefined, items);
      setState(rt, (s) => revertToHold(s, refused ? [refused] : items.map((i) => i.ticketTypeId)));
      const notice: CartNotice = { key: errorMessageKey(error), tone: "error" };
      if (refused) setLineNotice(rt, refused, notice);
      notify(rt, notice);
      await refreshAvailability(rt.eventId);
      // The refusal was of one type: the rest of the selection is asked for again.
      if (!holdInSync(rt.$cart.get(), rt.$catalog.get())) rt.again = true;
      return;
    }
    console.warn("[cart] hold not updated", error);
    const notice = errorNotice(error as ApiError);
    notify(rt, { ...notice, tone: "error" });
    // Over its limits, the cart asks again once the service said it may; the selection stays as it is.
    if (isApiError(error, 429)) retryHoldLater(rt, retryAfterOf(error as ApiError) ?? 30);
  }
}

/** Sends the hold again once a 429's wait is over (a change by the buyer sends it sooner). */
function retryHoldLater(rt: Runtime, seconds: number): void {
  if (rt.retry) clearTimeout(rt.retry);
  rt.retry = setTimeout(() => {
    rt.retry = null;
    void runSync(rt);
  }, seconds * 1000);
}

/** Sends the pending hold change now and waits for the hold to settle. */
export async function flushHold(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return;
  if (rt.timer) {
    clearTimeout(rt.timer);
    rt.timer = null;
  }
  await runSync(rt);
}

/** Holds the selection again after the hold ended. */
export async function holdAgain(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return;
  setState(rt, (s) => ({ ...s, hold: null }));
  rt.$status.setKey("holdExpired", false);
  notify(rt, null);
  await flushHold(eventId);
}
