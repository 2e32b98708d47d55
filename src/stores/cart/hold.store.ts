/**
 * The hold of the cart's standing tickets and seats on the service (one reservation, one expiry). Ticket counts are held ~400 ms after the last
 * change, one request at a time, the latest selection winning; a retry after a lost answer reuses the
 * change's Idempotency-Key. A refused type goes back to what the hold has and live availability is
 * reloaded; live availability that lowers a count sends the hold again (so both live here). Seats are held
 * per sector after the standing tickets; seats someone took a moment ago leave the selection, the buyer is
 * told which, the sector's seats are reloaded and the rest is held. The hold's end is watched and reported.
 */
import { type ApiError, isApiError } from "../../client/index.ts";
import { reservationCreate, reservationDelete, reservationSeat } from "../../contract/reservation.ts";
import { ticketTypesExtraProducts } from "../../contract/ticket.ts";
import { randomUuid } from "../../lib/ids.ts";
import { pageLogger } from "../page.ts";
import { clientOf } from "./client.store.ts";
import {
  holdFromReservation,
  holdInSync,
  holdItems,
  refusedTicketType,
  revertToHold,
  sameCounts,
  seatChanges,
} from "./hold.ts";
import { scheduleSync } from "./hold-timer.store.ts";
import { fitToCatalog } from "./limits.ts";
import { errorBody, errorMessageKey, errorNotice, isLostHold, isRefusal, retryAfterOf } from "./refusals.ts";
import { type CartNotice, notify, type Runtime, runtime, setLineNotice, setState } from "./runtime.store.ts";
import { dropSeats, takenSeatIds, withHeldTypes } from "./seats.ts";
import { loadSectorSeats } from "./sector.store.ts";

/** Releases a hold on the service (after its end; a failure is ignored: the service ends it too). */
export function releaseHold(rt: Runtime, reservationId: string): void {
  clientOf(rt)
    .call(reservationDelete, { query: { reservationId } })
    .catch(() => {});
}

/**
 * Loads live availability (ticket types, extra products, chip products) and lowers counts the catalog no
 * longer allows, saying so. Failures keep the catalog as it was.
 */
export async function refreshAvailability(eventId: string): Promise<void> {
  const rt = runtime(eventId);
  try {
    const live = await clientOf(rt).call(ticketTypesExtraProducts, { query: { eventId: rt.eventId } });
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
    pageLogger("cart").warn("live availability not loaded", error);
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
  if (items.length === 0 && Object.keys(state.seats).length === 0) {
    if (!hold) return;
    try {
      await clientOf(rt).call(reservationDelete, { query: { reservationId: hold.reservationId } });
    } catch (error) {
      // A hold that cannot be released now ends by itself when it expires.
      pageLogger("cart").warn("hold not released", error);
    }
    setState(rt, (s) => ({ ...s, hold: null }));
    rt.$status.setKey("holdExpired", false);
    return;
  }
  const wanted = Object.fromEntries(items.map((i) => [i.ticketTypeId, i.count]));
  if (!sameCounts(wanted, hold?.items ?? {})) {
    const settled = await syncStanding(rt, items, retried);
    if (!settled) return;
  }
  await syncSeats(rt, retried);
}

/** What a hold request ends in: the hold answered (`true`), or handled otherwise (`false`: stop this round). */
async function syncStanding(
  rt: Runtime,
  items: { ticketTypeId: string; count: number }[],
  retried: boolean,
): Promise<boolean> {
  const hold = rt.$cart.get().hold;
  const body = { eventId: rt.eventId, ...(hold ? { reservationId: hold.reservationId } : {}), items };
  try {
    const { reservation } = await clientOf(rt).call(reservationCreate, {
      body,
      idempotencyKey: holdKey(rt, body),
    });
    if (answered(rt, holdFromReservation(reservation), retried)) return true;
    await syncOnce(rt, true);
    return false;
  } catch (error) {
    if (lostAnswer(rt, error, hold, retried)) {
      await syncOnce(rt, true);
      return false;
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
      return false;
    }
    failed(rt, error);
    return false;
  }
}

/** Holds the picked seats, sector by sector; seats taken by someone else leave the selection. */
async function syncSeats(rt: Runtime, retried: boolean): Promise<void> {
  for (const change of seatChanges(rt.$cart.get())) {
    const hold = rt.$cart.get().hold;
    if (!hold && change.seatIds.length === 0) continue;
    const body = {
      eventId: rt.eventId,
      ...(hold ? { reservationId: hold.reservationId } : {}),
      sectorId: change.sectorId,
      seatIds: change.seatIds,
    };
    try {
      const { reservation } = await clientOf(rt).call(reservationSeat, {
        body,
        idempotencyKey: holdKey(rt, body),
      });
      setState(rt, (s) => withHeldTypes(s, reservation));
      if (!answered(rt, holdFromReservation(reservation), retried || change.seatIds.length === 0)) {
        await syncOnce(rt, true);
        return;
      }
    } catch (error) {
      if (lostAnswer(rt, error, hold, retried)) {
        await syncOnce(rt, true);
        return;
      }
      if (isApiError(error, 409) || isRefusal(error)) {
        const heldHere = new Set(hold?.seats[change.sectorId] ?? []);
        const asked = change.seatIds.filter((id) => !heldHere.has(id));
        const seats = await loadSectorSeats(rt.eventId, change.sectorId);
        let taken = takenSeatIds(errorBody(error as ApiError), asked);
        if (taken.length === 0) {
          const notFree = new Set(seats?.filter((s) => s.state !== "free").map((s) => s.seatId));
          taken = asked.filter((id) => notFree.has(id) || seats === null);
        }
        const picks = rt.$cart.get().seats;
        rt.$status.setKey(
          "seatsTaken",
          taken.flatMap((id) => picks[id] ?? []),
        );
        setState(rt, (s) => dropSeats(s, taken));
        // Seats held before stay; the rest of the selection is asked for again.
        if (taken.length > 0) rt.again = true;
        else failed(rt, error);
        return;
      }
      failed(rt, error);
      return;
    }
  }
}

/**
 * Takes the hold a request answered. A late retry may answer a hold that has ended meanwhile: false then,
 * and the selection is sent again as a new request.
 */
function answered(rt: Runtime, held: ReturnType<typeof holdFromReservation>, retried: boolean): boolean {
  rt.holdAttempt = null;
  setState(rt, (s) => ({ ...s, hold: held }));
  if (!held && !retried) return false;
  rt.$status.setKey("holdExpired", false);
  const notice = rt.$status.get().notice;
  if (notice && TRANSIENT_NOTICES.has(notice.key)) notify(rt, null);
  return true;
}

/**
 * After a failed hold request: a refusal is an answer (the same change sent later is a new request); without
 * an answer (network, 5xx) the hold may have been made, so the same change is sent again under the same key.
 * A hold the service no longer knows is forgotten (true: the selection is to be sent again).
 */
function lostAnswer(
  rt: Runtime,
  error: unknown,
  hold: { reservationId: string } | null,
  retried: boolean,
): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) rt.holdAttempt = null;
  if (isLostHold(error) && hold && !retried) {
    setState(rt, (s) => ({ ...s, hold: null }));
    return true;
  }
  return false;
}

/** Tells the buyer a hold request failed; over its limits the cart asks again once the service said it may. */
function failed(rt: Runtime, error: unknown): void {
  pageLogger("cart").warn("hold not updated", error);
  const notice = errorNotice(error as ApiError);
  notify(rt, { ...notice, tone: "error" });
  if (isApiError(error, 429)) retryHoldLater(rt, retryAfterOf(error as ApiError) ?? 30);
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
