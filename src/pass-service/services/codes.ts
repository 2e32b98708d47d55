/**
 * The checks of coupons, discount codes and supercoupons as the buyer asks for them (an order takes its codes
 * in `./orders/take-codes.ts`). What a code takes off is decided by the core's pricing rules
 * (`src/lib/pricing`), which the cart's estimate uses too.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CodeCheck, SupercouponCheck } from "../../contract/ticket.ts";
import { type DiscountTerms, discountAmount } from "../../lib/pricing/discounts.ts";
import { type PricedLine, variantUnitPrice } from "../../lib/pricing/totals.ts";
import type { Db } from "../db/index.ts";
import {
  coupons,
  discountCodes,
  extraProducts,
  supercoupons,
  ticketTypes,
  variants,
  variantValues,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { type EventBasics, eventBasics } from "./event-basics.ts";
import { isoOrNull } from "./localize.ts";

/** A code as written by a buyer, in the form codes are compared in: trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a code cannot be used. */
export type CodeRefusal = NonNullable<CodeCheck["reason"]>;

/** The stored fields every discount (coupon or discount code) has: its terms, validity and uses. */
export interface DiscountRow extends DiscountTerms {
  code: string;
  ticketTypeIds: string[];
  ticketProductIds: string[];
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  uses: number;
}

/** Whether a discount can be used now: not before `validFrom`, before `validTo`, while uses are left. */
export function discountRefusal(row: DiscountRow, now: Date): CodeRefusal | null {
  if (row.validFrom && row.validFrom > now) return "notStarted";
  if (row.validTo && row.validTo <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "exhausted";
  return null;
}

/** A code check that refuses, telling nothing about any stored code. */
function refusedCheck(code: string, reason: CodeRefusal, discountAmount: number | null): CodeCheck {
  return {
    code,
    valid: false,
    reason,
    kind: null,
    value: null,
    currencyId: null,
    ticketTypeIds: [],
    ticketProductIds: [],
    validFrom: null,
    validTo: null,
    discountAmount,
  };
}

/** A code check of a stored discount for an event. */
function discountCheck(
  row: DiscountRow,
  reason: CodeRefusal | null,
  currencyId: number,
  discountAmount: number | null,
): CodeCheck {
  return {
    code: row.code,
    valid: reason === null,
    reason,
    kind: row.kind,
    value: row.value,
    currencyId: row.kind === "fixed" ? currencyId : null,
    ticketTypeIds: row.ticketTypeIds,
    ticketProductIds: row.ticketProductIds,
    validFrom: isoOrNull(row.validFrom),
    validTo: isoOrNull(row.validTo),
    discountAmount,
  };
}

/**
 * Checks a coupon of an event (code matched case-insensitively after trimming). An unknown code answers
 * `notFound`, a code of another event `wrongEvent`; 404 when the event is unknown.
 */
export async function checkCoupon(
  db: Db,
  eventId: string,
  code: string,
  now: Date,
): Promise<{ check: CodeCheck; event: EventBasics }> {
  const event = await eventBasics(db, eventId);
  const wanted = normalizeCode(code);
  const rows = await db.select().from(coupons).where(sql`upper(${coupons.code}) = ${wanted}`);
  const own = rows.find((r) => r.eventId === eventId);
  if (!own) return { check: refusedCheck(wanted, rows.length > 0 ? "wrongEvent" : "notFound", null), event };
  return { check: discountCheck(own, discountRefusal(own, now), event.currencyId, null), event };
}

/** The cart of a discount-code check: ticket types and extra products (with an optional variant value). */
export interface CodeCart {
  items?: { ticketTypeId: string; count: number }[] | undefined;
  extraProducts?:
    | { ticketProductId: string; variantValueId?: string | undefined; count: number }[]
    | undefined;
}

/** Prices the lines of a cart from the event's catalog; an id that is not the event's is a 404. */
export async function priceCart(db: Db, eventId: string, cart: CodeCart): Promise<PricedLine[]> {
  const items = cart.items ?? [];
  const products = cart.extraProducts ?? [];
  const typeIds = [...new Set(items.map((i) => i.ticketTypeId))];
  const productIds = [...new Set(products.map((p) => p.ticketProductId))];
  const valueIds = [...new Set(products.flatMap((p) => (p.variantValueId ? [p.variantValueId] : [])))];
  const [typeRows, productRows, valueRows] = await Promise.all([
    typeIds.length === 0
      ? []
      : db
          .select({ id: ticketTypes.ticketTypeId, price: ticketTypes.price })
          .from(ticketTypes)
          .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.ticketTypeId, typeIds))),
    productIds.length === 0
      ? []
      : db
          .select({ id: extraProducts.ticketProductId, price: extraProducts.price })
          .from(extraProducts)
          .where(and(eq(extraProducts.eventId, eventId), inArray(extraProducts.ticketProductId, productIds))),
    valueIds.length === 0
      ? []
      : db
          .select({
            id: variantValues.variantValueId,
            priceDelta: variantValues.priceDelta,
            ticketProductId: variants.ticketProductId,
          })
          .from(variantValues)
          .innerJoin(variants, eq(variants.variantId, variantValues.variantId))
          .where(inArray(variantValues.variantValueId, valueIds)),
  ]);
  const typePrice = new Map(typeRows.map((r) => [r.id, r.price]));
  const productPrice = new Map(productRows.map((r) => [r.id, r.price]));
  const valueById = new Map(valueRows.map((r) => [r.id, r]));
  const lines: PricedLine[] = [];
  for (const item of items) {
    const price = typePrice.get(item.ticketTypeId);
    if (price === undefined) throw notFound("TicketType", item.ticketTypeId);
    lines.push({ kind: "ticket", id: item.ticketTypeId, unitPrice: price, count: item.count });
  }
  for (const product of products) {
    const price = productPrice.get(product.ticketProductId);
    if (price === undefined) throw notFound("ExtraProduct", product.ticketProductId);
    let delta = 0;
    if (product.variantValueId) {
      const value = valueById.get(product.variantValueId);
      if (!value || value.ticketProductId !== product.ticketProductId) {
        throw notFound("VariantValue", product.variantValueId);
      }
      delta = value.priceDelta;
    }
    lines.push({
      kind: "product",
      id: product.ticketProductId,
      unitPrice: variantUnitPrice(price, delta),
      count: product.count,
    });
  }
  return lines;
}

/**
 * Checks an organizer's discount code for an event (code matched case-insensitively after trimming) and,
 * when a cart is sent, computes the discount on it. `notFound` for a code the event's organizer does not
 * have, `wrongEvent` for a code limited to other events, `notApplicable` for a cart it discounts nothing of.
 */
export async function checkDiscountCode(
  db: Db,
  code: string,
  eventId: string,
  cart: CodeCart,
  now: Date,
): Promise<CodeCheck> {
  const event = await eventBasics(db, eventId);
  const wanted = normalizeCode(code);
  const hasCart = (cart.items?.length ?? 0) + (cart.extraProducts?.length ?? 0) > 0;
  const lines = hasCart ? await priceCart(db, eventId, cart) : [];
  const rows = await db
    .select()
    .from(discountCodes)
    .where(
      and(eq(discountCodes.organizerId, event.organizerId), sql`upper(${discountCodes.code}) = ${wanted}`),
    );
  const row = rows[0];
  if (!row) return refusedCheck(wanted, "notFound", hasCart ? 0 : null);
  if (row.eventIds.length > 0 && !row.eventIds.includes(eventId)) {
    return refusedCheck(row.code, "wrongEvent", hasCart ? 0 : null);
  }
  let reason = discountRefusal(row, now);
  const amount = hasCart ? discountAmount(row, lines) : null;
  if (reason === null && amount === 0) reason = "notApplicable";
  return discountCheck(row, reason, event.currencyId, reason === null ? amount : hasCart ? 0 : null);
}

/**
 * Checks a supercoupon (code matched case-insensitively after trimming), for an event when one is named:
 * `notFound`, `wrongEvent` (another organizer's event or one it does not list), `notApplicable` (it covers
 * none of the event's ticket types), `expired`, `exhausted`. 404 when the named event is unknown.
 */
export async function checkSupercoupon(
  db: Db,
  code: string,
  eventId: string | undefined,
  now: Date,
): Promise<SupercouponCheck> {
  const event = eventId === undefined ? undefined : await eventBasics(db, eventId);
  const wanted = normalizeCode(code);
  const rows = await db.select().from(supercoupons).where(sql`upper(${supercoupons.code}) = ${wanted}`);
  const row = rows[0];
  if (!row) {
    return {
      code: wanted,
      valid: false,
      reason: "notFound",
      eventIds: [],
      ticketTypeIds: [],
      remainingTickets: 0,
      validTo: null,
    };
  }
  const remainingTickets = Math.max(0, row.maxTickets - row.usedTickets);
  let reason: CodeRefusal | null = null;
  if (
    event &&
    (event.organizerId !== row.organizerId ||
      (row.eventIds.length > 0 && !row.eventIds.includes(event.eventId)))
  ) {
    reason = "wrongEvent";
  } else if (event && row.ticketTypeIds.length > 0) {
    const own = await db
      .select({ id: ticketTypes.ticketTypeId })
      .from(ticketTypes)
      .where(
        and(eq(ticketTypes.eventId, event.eventId), inArray(ticketTypes.ticketTypeId, row.ticketTypeIds)),
      );
    if (own.length === 0) reason = "notApplicable";
  }
  if (reason === null && row.validTo && row.validTo <= now) reason = "expired";
  if (reason === null && remainingTickets === 0) reason = "exhausted";
  return {
    code: row.code,
    valid: reason === null,
    reason,
    eventIds: row.eventIds,
    ticketTypeIds: row.ticketTypeIds,
    remainingTickets,
    validTo: isoOrNull(row.validTo),
  };
}
