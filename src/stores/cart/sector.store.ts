/**
 * The seats of the seated sectors of open carts, with their state for the event: loaded on demand, and
 * reloaded every few seconds while a seat map shows them and the tab is visible, so seats others take grey out.
 */

import { atom, type WritableAtom } from "nanostores";
import type { Seat } from "../../contract/reservation.ts";
import { reservationSectorSeats } from "../../contract/reservation.ts";
import { pageLogger } from "../page.ts";
import { clientOf } from "./client.store.ts";
import { runtime } from "./runtime.store.ts";

/** Seconds between two loads of a sector's seats while its map is shown. */
export const SEAT_REFRESH_MS = 10_000;

const sectors = new Map<string, WritableAtom<Seat[] | null>>();

/** The seats of a sector for an event's cart (null until loaded). */
export function sectorSeats(eventId: string, sectorId: string): WritableAtom<Seat[] | null> {
  const key = `${eventId}:${sectorId}`;
  let store = sectors.get(key);
  if (!store) {
    store = atom<Seat[] | null>(null);
    sectors.set(key, store);
  }
  return store;
}

/** Loads the seats of a sector with their state; the seats as loaded, or null when the service did not answer. */
export async function loadSectorSeats(eventId: string, sectorId: string): Promise<Seat[] | null> {
  const rt = runtime(eventId);
  try {
    const { seats } = await clientOf(rt).call(reservationSectorSeats, {
      params: { sectorId },
      query: { eventId },
    });
    sectorSeats(eventId, sectorId).set(seats);
    return seats;
  } catch (error) {
    pageLogger("cart").warn("seats not loaded", error);
    return null;
  }
}

/** Loads a sector's seats now and again every `SEAT_REFRESH_MS` while the page is visible; returns the stop. */
export function watchSector(eventId: string, sectorId: string, everyMs = SEAT_REFRESH_MS): () => void {
  void loadSectorSeats(eventId, sectorId);
  const timer = setInterval(() => {
    if (typeof document === "undefined" || document.visibilityState === "visible") {
      void loadSectorSeats(eventId, sectorId);
    }
  }, everyMs);
  return () => clearInterval(timer);
}
