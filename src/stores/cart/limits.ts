/**
 * How many of a line the buyer may pick now: the event's and the line's sales window, what is left, the
 * per-order limits and the chip credit limit; counts stepped and clamped within them, and a stored cart
 * fitted to the catalog as it is now.
 */
import type { ChipProduct, TicketType } from "../../contract/ticket.ts";
import { CHIP_MAX_COUNT } from "../../lib/order-limits.ts";
import { type ExtraOption, extraOptions, parseExtraKey } from "./lines.ts";
import type { CartCatalog, CartState } from "./state.ts";

/** Where a line stands: on sale, sold out, not yet or no longer on sale, or sold by seat. */
export type SaleState = "onSale" | "soldOut" | "notYet" | "ended" | "seated";

/** The counts a line may take: 0, or from `min` to `max`; `left` is set when availability is the limit. */
export interface CountLimits {
  state: SaleState;
  min: number;
  max: number;
  /** Units left when they, not the per-order limit, cap the count. */
  left: number | null;
  /** Start of the sale, for `notYet`. */
  from: string | null;
}

/** Why nothing of the event can be picked now: the sale has not started or has ended (never in a demo). */
export interface SalesClosed {
  state: "notYet" | "ended";
  from: string | null;
}

/**
 * Whether the event's sale is closed as a whole at `now` (epoch ms); a demo cart is always open. A page
 * rendered before the sale started opens once `saleStartsAt` has passed.
 */
export function salesClosed(
  catalog: Pick<CartCatalog, "salesState" | "saleStartsAt">,
  demo: boolean,
  now: number,
): SalesClosed | null {
  if (demo) return null;
  if (catalog.salesState === "upcoming") {
    if (catalog.saleStartsAt && Date.parse(catalog.saleStartsAt) <= now) return null;
    return { state: "notYet", from: catalog.saleStartsAt };
  }
  if (catalog.salesState === "ended") return { state: "ended", from: null };
  return null;
}

/** Limits of a line that cannot be picked. */
function closedLimits(closed: SalesClosed, min = 1): CountLimits {
  return { state: closed.state, min, max: 0, left: null, from: closed.from };
}

/** Options of {@link ticketLimits}. */
export interface TicketLimitOptions {
  /** Epoch milliseconds. */
  now: number;
  /** How many of this type the cart's hold already has (they are not in `available`). */
  held?: number;
  /** Demo cart: the sales window is ignored (a preview before sales start). */
  demo?: boolean;
  /** Sold by seat: chosen on the seating plan. */
  seated?: boolean;
  /** The event's sale is closed as a whole. */
  closed?: SalesClosed | null;
}

/** The counts a ticket type may take now: its sales window, what is left (plus what the hold has), its limits. */
export function ticketLimits(ticketType: TicketType, options: TicketLimitOptions): CountLimits {
  const none = (state: SaleState, from: string | null = null): CountLimits => ({
    state,
    min: ticketType.minPerOrder,
    max: 0,
    left: null,
    from,
  });
  if (options.seated) return none("seated");
  if (options.closed) return closedLimits(options.closed, ticketType.minPerOrder);
  if (!options.demo) {
    if (ticketType.salesTo && Date.parse(ticketType.salesTo) <= options.now) return none("ended");
    if (ticketType.salesFrom && Date.parse(ticketType.salesFrom) > options.now) {
      return none("notYet", ticketType.salesFrom);
    }
  }
  const held = options.held ?? 0;
  const left = ticketType.available + held;
  const max = Math.min(ticketType.maxPerOrder, left);
  if ((ticketType.soldOut && held === 0) || max <= 0 || max < ticketType.minPerOrder) return none("soldOut");
  return {
    state: "onSale",
    min: ticketType.minPerOrder,
    max,
    left: left < ticketType.maxPerOrder ? left : null,
    from: null,
  };
}

/** The counts an extra product line may take, given the counts of the product's other lines. */
export function extraLimits(
  option: ExtraOption,
  extras: Readonly<Record<string, number>>,
  closed: SalesClosed | null = null,
): CountLimits {
  if (closed) return closedLimits(closed);
  const { product } = option;
  const others = Object.entries(extras)
    .filter(([key]) => key !== option.key && parseExtraKey(key).ticketProductId === product.ticketProductId)
    .reduce((sum, [, n]) => sum + n, 0);
  const left = Math.min(option.available, product.available - others);
  const max = Math.max(0, Math.min(product.maxPerOrder - others, left));
  const soldOut = product.soldOut || option.available <= 0;
  return {
    state: soldOut ? "soldOut" : "onSale",
    min: 1,
    max: soldOut ? 0 : max,
    left: !soldOut && left < product.maxPerOrder - others ? Math.max(0, left) : null,
    from: null,
  };
}

/** The counts a chip top-up product may take: up to 10, or as much as the event's credit limit leaves. */
export function chipLimits(
  product: ChipProduct,
  chips: Readonly<Record<string, number>>,
  catalog: Pick<CartCatalog, "chipProducts" | "chipCreditLimit">,
  closed: SalesClosed | null = null,
): CountLimits {
  if (closed) return closedLimits(closed);
  let max = CHIP_MAX_COUNT;
  const limit = catalog.chipCreditLimit;
  if (limit && product.amount > 0) {
    const others = catalog.chipProducts
      .filter((p) => p.productItemId !== product.productItemId)
      .reduce((sum, p) => sum + (chips[p.productItemId] ?? 0) * p.amount, 0);
    max = Math.min(max, Math.floor(Math.max(0, limit.maxAmount - others) / product.amount));
  }
  return { state: "onSale", min: 1, max: Math.max(0, max), left: null, from: null };
}

/** A wanted count made valid: 0, or within `min`…`max` (0 when even `min` cannot be had). */
export function clampCount(count: number, limits: Pick<CountLimits, "min" | "max">): number {
  if (!Number.isFinite(count) || count <= 0 || limits.max <= 0 || limits.max < limits.min) return 0;
  return Math.min(limits.max, Math.max(limits.min, Math.floor(count)));
}

/** The count after one step up or down: up from 0 jumps to `min`, down from `min` drops to 0. */
export function stepCount(
  current: number,
  direction: 1 | -1,
  limits: Pick<CountLimits, "min" | "max">,
): number {
  if (direction > 0) return clampCount(current <= 0 ? limits.min : current + 1, limits);
  if (current <= limits.min) return 0;
  return clampCount(current - 1, limits);
}

/** True when a step in the direction would change the count. */
export function canStep(
  current: number,
  direction: 1 | -1,
  limits: Pick<CountLimits, "min" | "max">,
): boolean {
  return stepCount(current, direction, limits) !== current;
}

/** True when something of the event can be picked now (a ticket type, an extra product or a chip top-up). */
export function anythingOnSale(
  catalog: CartCatalog,
  options: { now: number; demo?: boolean; held?: Readonly<Record<string, number>> },
): boolean {
  const demo = options.demo ?? false;
  const closed = salesClosed(catalog, demo, options.now);
  if (closed) return false;
  const seated = new Set(catalog.seatedTicketTypeIds);
  const ticket = catalog.ticketTypes.some(
    (t) =>
      ticketLimits(t, {
        now: options.now,
        held: options.held?.[t.ticketTypeId] ?? 0,
        demo,
        seated: seated.has(t.ticketTypeId),
      }).state === "onSale",
  );
  const extra = catalog.extraProducts.some((p) =>
    extraOptions(p).some((o) => extraLimits(o, {}).state === "onSale"),
  );
  return ticket || extra || catalog.chipProducts.length > 0;
}

/**
 * The cart's counts made valid for the catalog as it is now (sold-out, ended or lowered lines come down);
 * `changed` lists the keys that moved.
 */
export function fitToCatalog(
  state: CartState,
  catalog: CartCatalog,
  options: { now: number; demo?: boolean },
): { state: CartState; changed: string[] } {
  const changed: string[] = [];
  const tickets: Record<string, number> = {};
  const seated = new Set(catalog.seatedTicketTypeIds);
  const closed = salesClosed(catalog, options.demo ?? false, options.now);
  for (const [id, count] of Object.entries(state.tickets)) {
    const ticketType = catalog.ticketTypes.find((t) => t.ticketTypeId === id);
    const next = ticketType
      ? clampCount(
          count,
          ticketLimits(ticketType, {
            now: options.now,
            held: state.hold?.items[id] ?? 0,
            demo: options.demo ?? false,
            seated: seated.has(id),
            closed,
          }),
        )
      : 0;
    if (next !== count) changed.push(id);
    if (next > 0) tickets[id] = next;
  }
  const extras: Record<string, number> = {};
  const lineOptions = catalog.extraProducts.flatMap(extraOptions);
  for (const [key, count] of Object.entries(state.extras)) {
    const option = lineOptions.find((o) => o.key === key);
    const next = option ? clampCount(count, extraLimits(option, extras, closed)) : 0;
    if (next !== count) changed.push(key);
    if (next > 0) extras[key] = next;
  }
  const chips: Record<string, number> = {};
  for (const [id, count] of Object.entries(state.chips)) {
    const product = catalog.chipProducts.find((p) => p.productItemId === id);
    const next = product ? clampCount(count, chipLimits(product, chips, catalog, closed)) : 0;
    if (next !== count) changed.push(id);
    if (next > 0) chips[id] = next;
  }
  if (changed.length === 0) return { state, changed };
  return { state: { ...state, tickets, extras, chips }, changed };
}
