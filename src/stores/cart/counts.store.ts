/**
 * The counts the buyer picks: tickets (the hold follows shortly), extra product lines and chip top-ups;
 * every change of a live cart is tracked as units added to or removed from the cart.
 */
import { track } from "../../lib/tracking.ts";
import { scheduleSync } from "./hold-timer.store.ts";
import { summaryLines } from "./lines.ts";
import { type Runtime, runtime, setLineNotice } from "./runtime.store.ts";
import type { CartState } from "./state.ts";
import { lineChanges } from "./tracking.ts";

function trackChanges(rt: Runtime, before: CartState, after: CartState): void {
  if (rt.mode !== "live") return;
  const catalog = rt.$catalog.get();
  const { added, removed } = lineChanges(summaryLines(before, catalog), summaryLines(after, catalog));
  const send = (event: "addToCart" | "removeFromCart", items: typeof added) => {
    if (items.length === 0) return;
    track(event, {
      id: rt.eventId,
      eventId: rt.eventId,
      currencyId: catalog.currencyId,
      value: items.reduce((sum, i) => sum + i.price * i.count, 0),
      items,
    });
  };
  send("addToCart", added);
  send("removeFromCart", removed);
}

/** Changes what the cart holds, tracks the lines added and removed, and (for held lines) syncs the hold. */
export function changeCounts(rt: Runtime, update: (state: CartState) => CartState, syncHold: boolean): void {
  const before = rt.$cart.get();
  const after = update(before);
  if (after === before) return;
  rt.$cart.set(after);
  trackChanges(rt, before, after);
  if (syncHold && rt.mode === "live") scheduleSync(rt);
}

/** The counts of one kind of line: tickets per type, extra product lines, chip top-ups per product. */
type CountsOf = "tickets" | "extras" | "chips";

/**
 * Sets the count of one line (0 removes it): a change takes back the line's message when it has one
 * (tickets, extra products) and sends the hold when the line is held (tickets).
 */
function setCount(eventId: string, counts: CountsOf, key: string, count: number): void {
  const rt = runtime(eventId);
  const next = Math.max(0, Math.floor(count));
  if ((rt.$cart.get()[counts][key] ?? 0) === next) return;
  if (counts !== "chips") setLineNotice(rt, key, null);
  changeCounts(
    rt,
    (s) => {
      const changed = { ...s[counts] };
      if (next > 0) changed[key] = next;
      else delete changed[key];
      return { ...s, [counts]: changed };
    },
    counts === "tickets",
  );
}

/** Sets how many tickets of a type the buyer wants (0 removes them); the hold follows shortly. */
export function setTicketCount(eventId: string, ticketTypeId: string, count: number): void {
  setCount(eventId, "tickets", ticketTypeId, count);
}

/** Sets the count of an extra product line (`extraKey(product, variantValue)`); 0 removes it. */
export function setExtraCount(eventId: string, key: string, count: number): void {
  setCount(eventId, "extras", key, count);
}

/** Sets how many times a chip top-up product is bought; 0 removes it. */
export function setChipCount(eventId: string, productItemId: string, count: number): void {
  setCount(eventId, "chips", productItemId, count);
}
