/**
 * The refusals of a sale (sold out, outside the per-order limits) and the rules of one ticket type that a
 * hold, an order and the event's facts all apply: its own sales window, its per-order limits and what is
 * left of it. Pure; the callers name the field and the ticket type (or product) in the request's language.
 */
import { ServiceError } from "../errors.ts";

/** 409: fewer units are left than asked for; `field` names the line, `available` says how many are left. */
export function soldOut(field: string, name: string, available: number): ServiceError {
  return new ServiceError(
    409,
    "SOLD_OUT",
    available === 0
      ? `${name} is sold out`
      : `Only ${available} of ${name} ${available === 1 ? "is" : "are"} left`,
    { field, details: { available } },
  );
}

/** 400: a count outside the per-order limits of a ticket type or product. */
export function limitExceeded(
  field: string,
  message: string,
  limits: { min?: number; max: number },
): ServiceError {
  return new ServiceError(400, "LIMIT_EXCEEDED", message, {
    field,
    details: { min: limits.min ?? null, max: limits.max },
  });
}

/** A ticket type's own sales window: open from `salesFrom` (inclusive) until `salesTo` (exclusive). */
export interface SalesWindow {
  salesFrom: Date | null;
  salesTo: Date | null;
}

/** Whether the ticket type's own sales window is open at `now`; no bound means open on that side. */
export function inSalesWindow(row: SalesWindow, now: Date): boolean {
  return (!row.salesFrom || row.salesFrom <= now) && (!row.salesTo || row.salesTo > now);
}

/** 409 NOT_ON_SALE when the ticket type's own sales window is closed at `now`. */
export function assertInSalesWindow(row: SalesWindow, name: string, field: string, now: Date): void {
  if (!inSalesWindow(row, now)) {
    throw new ServiceError(409, "NOT_ON_SALE", `${name} is not on sale now`, { field });
  }
}

/** A ticket type's per-order limits. */
export interface PerOrderLimits {
  minPerOrder: number;
  maxPerOrder: number;
}

/**
 * 400 LIMIT_EXCEEDED when `count` units of the ticket type in one order are more than its maximum, or
 * fewer than its minimum unless `checkMin` is off (seats are picked one by one, so a seat hold's minimum
 * is checked when it is ordered).
 */
export function assertPerOrderLimits(
  row: PerOrderLimits,
  count: number,
  name: string,
  field: string,
  checkMin = true,
): void {
  const tooMany = count > row.maxPerOrder;
  if (tooMany || (checkMin && count < row.minPerOrder)) {
    throw limitExceeded(
      field,
      tooMany
        ? `At most ${row.maxPerOrder} of ${name} per order`
        : `At least ${row.minPerOrder} of ${name} per order`,
      { min: row.minPerOrder, max: row.maxPerOrder },
    );
  }
}

/** Units of a ticket type held by unexpired holds: the order's own hold's, and all others'. */
export interface HeldUnits {
  others: ReadonlyMap<string, number>;
  own: ReadonlyMap<string, number>;
}

/** No units held. */
export const NONE_HELD: ReadonlyMap<string, number> = new Map();

/**
 * 409 SOLD_OUT when `count` units of a ticket type are more than are left for them: capacity − sold − the
 * units of other unexpired holds. The refusal says how many could be added to the `own` hold's units.
 */
export function assertTicketsLeft(
  row: { ticketTypeId: string; capacity: number; sold: number },
  count: number,
  held: HeldUnits,
  field: string,
  name: string,
): void {
  const left = row.capacity - row.sold - (held.others.get(row.ticketTypeId) ?? 0);
  if (count > left) {
    throw soldOut(field, name, Math.max(0, left - (held.own.get(row.ticketTypeId) ?? 0)));
  }
}
