/**
 * What an event sells, as the buyer reads it: ticket types and their groups, extra products with variants
 * and values, chip top-ups, product groups, seat price categories, sectors with seats, and the checks of
 * coupons, supercoupons and discount codes. Availability comes from `./inventory.ts`; seat states from
 * `seatStates`, the one place that decides whether a seat is free, held or sold.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ProductGroup, Variant, VariantValue } from "../../contract/product.ts";
import type { ReservationCategory, Seat, SeatState, Sector } from "../../contract/reservation.ts";
import type {
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  SupercouponCheck,
  TicketType,
  TicketTypeGroup,
} from "../../contract/ticket.ts";
import type { Db } from "../db/index.ts";
import {
  chipProducts,
  coupons,
  discountCodes,
  events,
  extraProducts,
  productGroups,
  reservationCategories,
  seats,
  sectors,
  supercoupons,
  ticketTypeGroups,
  ticketTypes,
  variants,
  variantValues,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { extraProductAvailability, ticketTypeAvailability, variantValueAvailable } from "./inventory.ts";
import { imageOut, isoOrNull, loc, locOrNull } from "./localize.ts";

type TicketTypeRow = typeof ticketTypes.$inferSelect;
type TicketTypeGroupRow = typeof ticketTypeGroups.$inferSelect;
type ExtraProductRow = typeof extraProducts.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
type VariantValueRow = typeof variantValues.$inferSelect;
type SectorRow = typeof sectors.$inferSelect;
type SeatRow = typeof seats.$inferSelect;

/** What the calls of this module need to know about an event. */
export interface EventBasics {
  eventId: string;
  organizerId: string;
  venueId: string | null;
  currencyId: number;
  chipCreditLimit: { minAmount: number; maxAmount: number; step: number } | null;
}

/** The basics of an event; a 404 when there is no such event. */
export async function eventBasics(db: Db, eventId: string): Promise<EventBasics> {
  const rows = await db
    .select({
      eventId: events.eventId,
      organizerId: events.organizerId,
      venueId: events.venueId,
      currencyId: events.currencyId,
      chipCreditLimit: events.chipCreditLimit,
    })
    .from(events)
    .where(eq(events.eventId, eventId));
  const event = rows[0];
  if (!event) throw notFound("Event", eventId);
  return event;
}

/** Compares texts by code point (as PostgreSQL compares uuids), independent of the runtime's locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------
// Ticket types and their groups

/** A ticket type group of the contract. */
export function ticketTypeGroupOut(row: TicketTypeGroupRow, locale: ServiceLocale): TicketTypeGroup {
  return {
    ticketTypeGroupId: row.ticketTypeGroupId,
    namePub: loc(row.name, locale),
    eventId: row.eventId,
    description: locOrNull(row.description, locale),
    displayOrder: row.displayOrder,
  };
}

/**
 * A ticket type of the contract. `available` and `soldOut` are inventory only; a ticket type outside its
 * sales window is still listed, and `salesFrom` / `salesTo` tell the buyer when it can be bought.
 */
export function ticketTypeOut(
  row: TicketTypeRow,
  group: TicketTypeGroupRow | null,
  available: number,
  currencyId: number,
  locale: ServiceLocale,
): TicketType {
  return {
    ticketTypeId: row.ticketTypeId,
    namePub: loc(row.name, locale),
    price: row.price,
    displayOrder: row.displayOrder,
    ticketTypeGroup: group
      ? { ticketTypeGroupId: group.ticketTypeGroupId, namePub: loc(group.name, locale) }
      : null,
    eventId: row.eventId,
    currencyId,
    description: locOrNull(row.description, locale),
    capacity: row.capacity,
    available,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    itemTypeId: row.itemTypeId,
    sectorId: row.sectorId,
    reservationCategoryId: row.reservationCategoryId,
    salesFrom: isoOrNull(row.salesFrom),
    salesTo: isoOrNull(row.salesTo),
    soldOut: available === 0,
  };
}

/** Orders ticket types by their group's display order (ungrouped last), then their own display order. */
function compareTicketTypes(
  a: { row: TicketTypeRow; group: TicketTypeGroupRow | null },
  b: { row: TicketTypeRow; group: TicketTypeGroupRow | null },
): number {
  const groupOrder = (g: TicketTypeGroupRow | null) => (g ? g.displayOrder : Number.POSITIVE_INFINITY);
  return (
    groupOrder(a.group) - groupOrder(b.group) ||
    compareText(a.group?.ticketTypeGroupId ?? "", b.group?.ticketTypeGroupId ?? "") ||
    a.row.displayOrder - b.row.displayOrder ||
    compareText(a.row.ticketTypeId, b.row.ticketTypeId)
  );
}

/** Ticket types of an event (group display order, then display order) and its groups (display order). */
export async function ticketTypesOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
  now: Date,
): Promise<{ ticketTypes: TicketType[]; ticketTypeGroups: TicketTypeGroup[] }> {
  const [rows, groups, availability] = await Promise.all([
    db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.eventId)),
    db
      .select()
      .from(ticketTypeGroups)
      .where(eq(ticketTypeGroups.eventId, event.eventId))
      .orderBy(asc(ticketTypeGroups.displayOrder), asc(ticketTypeGroups.ticketTypeGroupId)),
    ticketTypeAvailability(db, [event.eventId], now),
  ]);
  const groupById = new Map(groups.map((g) => [g.ticketTypeGroupId, g]));
  const listed = rows
    .map((row) => ({
      row,
      group: row.ticketTypeGroupId ? (groupById.get(row.ticketTypeGroupId) ?? null) : null,
    }))
    .sort(compareTicketTypes)
    .map(({ row, group }) =>
      ticketTypeOut(row, group, availability.get(row.ticketTypeId) ?? 0, event.currencyId, locale),
    );
  return { ticketTypes: listed, ticketTypeGroups: groups.map((g) => ticketTypeGroupOut(g, locale)) };
}

/** One ticket type by id; a 404 when there is none. */
export async function ticketTypeById(
  db: Db,
  ticketTypeId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<TicketType> {
  const rows = await db
    .select({ row: ticketTypes, group: ticketTypeGroups, currencyId: events.currencyId })
    .from(ticketTypes)
    .innerJoin(events, eq(events.eventId, ticketTypes.eventId))
    .leftJoin(ticketTypeGroups, eq(ticketTypeGroups.ticketTypeGroupId, ticketTypes.ticketTypeGroupId))
    .where(eq(ticketTypes.ticketTypeId, ticketTypeId));
  const found = rows[0];
  if (!found) throw notFound("TicketType", ticketTypeId);
  const availability = await ticketTypeAvailability(db, [found.row.eventId], now);
  return ticketTypeOut(found.row, found.group, availability.get(ticketTypeId) ?? 0, found.currencyId, locale);
}

/** How many ticket types (`what: "ticketTypes"`) or extra products of an event there are per item type. */
export async function itemTypeCounts(
  db: Db,
  eventId: string,
  what: "ticketTypes" | "extraProducts",
): Promise<{ itemTypeId: number; count: number }[]> {
  const table = what === "ticketTypes" ? ticketTypes : extraProducts;
  const rows = await db
    .select({ itemTypeId: table.itemTypeId, count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.eventId, eventId))
    .groupBy(table.itemTypeId)
    .orderBy(asc(table.itemTypeId));
  return rows.map((r) => ({ itemTypeId: r.itemTypeId, count: Number(r.count) }));
}

// ---------------------------------------------------------------------------------------------------------
// Extra products, variants and values

/** A variant value of the contract. */
export function variantValueOut(
  value: VariantValueRow,
  productAvailable: number,
  currencyId: number,
  locale: ServiceLocale,
): VariantValue {
  return {
    variantValueId: value.variantValueId,
    variantId: value.variantId,
    name: loc(value.name, locale),
    priceDelta: value.priceDelta,
    currencyId,
    available: variantValueAvailable(value, productAvailable),
    displayOrder: value.displayOrder,
  };
}

const byDisplayOrder = <T extends { displayOrder: number }>(key: (x: T) => string) => {
  return (a: T, b: T) => a.displayOrder - b.displayOrder || compareText(key(a), key(b));
};

/** Variants (with their values, in display order) of the given products, keyed by product id. */
async function variantsOfProducts(
  db: Db,
  products: { row: ExtraProductRow; available: number; currencyId: number }[],
  locale: ServiceLocale,
): Promise<Map<string, Variant[]>> {
  const out = new Map<string, Variant[]>();
  if (products.length === 0) return out;
  const productById = new Map(products.map((p) => [p.row.ticketProductId, p]));
  const variantRows = await db
    .select()
    .from(variants)
    .where(inArray(variants.ticketProductId, [...productById.keys()]));
  const valueRows =
    variantRows.length === 0
      ? []
      : await db
          .select()
          .from(variantValues)
          .where(
            inArray(
              variantValues.variantId,
              variantRows.map((v) => v.variantId),
            ),
          );
  const valuesByVariant = new Map<string, VariantValueRow[]>();
  for (const value of valueRows) {
    const list = valuesByVariant.get(value.variantId) ?? [];
    list.push(value);
    valuesByVariant.set(value.variantId, list);
  }
  for (const variant of [...variantRows].sort(byDisplayOrder<VariantRow>((v) => v.variantId))) {
    const product = productById.get(variant.ticketProductId);
    if (!product) continue;
    const values = (valuesByVariant.get(variant.variantId) ?? [])
      .sort(byDisplayOrder<VariantValueRow>((v) => v.variantValueId))
      .map((v) => variantValueOut(v, product.available, product.currencyId, locale));
    const list = out.get(variant.ticketProductId) ?? [];
    list.push({
      variantId: variant.variantId,
      productGroupId: product.row.productGroupId,
      ticketProductId: variant.ticketProductId,
      name: loc(variant.name, locale),
      displayOrder: variant.displayOrder,
      values,
    });
    out.set(variant.ticketProductId, list);
  }
  return out;
}

/** An extra product of the contract (without `count`, which only a cart or an order has). */
export function extraProductOut(
  row: ExtraProductRow,
  available: number,
  currencyId: number,
  productVariants: Variant[],
  locale: ServiceLocale,
): ExtraProduct {
  return {
    ticketProductId: row.ticketProductId,
    eventId: row.eventId,
    name: loc(row.name, locale),
    description: locOrNull(row.description, locale),
    price: row.price,
    currencyId,
    displayOrder: row.displayOrder,
    itemTypeId: row.itemTypeId,
    productCategoryId: row.productCategoryId,
    productGroupId: row.productGroupId,
    image: imageOut(row.image, locale),
    variants: productVariants,
    chips: row.chips.map((c) => ({ productItemId: c.productItemId, amount: c.amount })),
    available,
    maxPerOrder: row.maxPerOrder,
    soldOut: available === 0,
  };
}

/**
 * Extra products with their variants, values and chips, in display order: those of an event, those named
 * by id, or those of an event among the ids when both are given (none when neither is).
 */
export async function extraProductsOf(
  db: Db,
  filter: { eventId?: string; ticketProductIds?: string[] },
  locale: ServiceLocale,
  now: Date,
): Promise<ExtraProduct[]> {
  const conditions = [];
  if (filter.eventId !== undefined) conditions.push(eq(extraProducts.eventId, filter.eventId));
  if (filter.ticketProductIds !== undefined) {
    if (filter.ticketProductIds.length === 0) return [];
    conditions.push(inArray(extraProducts.ticketProductId, filter.ticketProductIds));
  }
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ row: extraProducts, currencyId: events.currencyId })
    .from(extraProducts)
    .innerJoin(events, eq(events.eventId, extraProducts.eventId))
    .where(and(...conditions));
  if (rows.length === 0) return [];
  const availability = await extraProductAvailability(db, [...new Set(rows.map((r) => r.row.eventId))], now);
  const products = rows
    .map((r) => ({
      row: r.row,
      currencyId: r.currencyId,
      available: availability.get(r.row.ticketProductId) ?? 0,
    }))
    .sort(
      (a, b) =>
        a.row.displayOrder - b.row.displayOrder || compareText(a.row.ticketProductId, b.row.ticketProductId),
    );
  const variantsByProduct = await variantsOfProducts(db, products, locale);
  return products.map((p) =>
    extraProductOut(
      p.row,
      p.available,
      p.currencyId,
      variantsByProduct.get(p.row.ticketProductId) ?? [],
      locale,
    ),
  );
}

/** The product a variant or a value belongs to, with what it has left and its event's currency. */
async function productForVariants(
  db: Db,
  ticketProductId: string,
  now: Date,
): Promise<{ row: ExtraProductRow; available: number; currencyId: number } | undefined> {
  const rows = await db
    .select({ row: extraProducts, currencyId: events.currencyId })
    .from(extraProducts)
    .innerJoin(events, eq(events.eventId, extraProducts.eventId))
    .where(eq(extraProducts.ticketProductId, ticketProductId));
  const found = rows[0];
  if (!found) return undefined;
  const availability = await extraProductAvailability(db, [found.row.eventId], now);
  return { ...found, available: availability.get(ticketProductId) ?? 0 };
}

/** Every variant value an extra product can be bought in (variant order, then value order); 404 when unknown. */
export async function valuesOfProduct(
  db: Db,
  ticketProductId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<VariantValue[]> {
  const product = await productForVariants(db, ticketProductId, now);
  if (!product) throw notFound("ExtraProduct", ticketProductId);
  const byProduct = await variantsOfProducts(db, [product], locale);
  return (byProduct.get(ticketProductId) ?? []).flatMap((v) => v.values);
}

/** The values of one variant, in display order; 404 when the variant is unknown. */
export async function valuesOfVariant(
  db: Db,
  variantId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<VariantValue[]> {
  const rows = await db
    .select({ ticketProductId: variants.ticketProductId })
    .from(variants)
    .where(eq(variants.variantId, variantId));
  const variant = rows[0];
  const product = variant ? await productForVariants(db, variant.ticketProductId, now) : undefined;
  if (!product) throw notFound("Variant", variantId);
  const byProduct = await variantsOfProducts(db, [product], locale);
  return (
    (byProduct.get(product.row.ticketProductId) ?? []).find((v) => v.variantId === variantId)?.values ?? []
  );
}

// ---------------------------------------------------------------------------------------------------------
// Product groups

/** Product groups of an event (display order) with the ids of their products (display order). */
export async function productGroupsOf(
  db: Db,
  filter: { eventId: string } | { productGroupId: string },
  locale: ServiceLocale,
): Promise<ProductGroup[]> {
  const groups = await db
    .select()
    .from(productGroups)
    .where(
      "eventId" in filter
        ? eq(productGroups.eventId, filter.eventId)
        : eq(productGroups.productGroupId, filter.productGroupId),
    );
  if (groups.length === 0) return [];
  const members = await db
    .select({
      ticketProductId: extraProducts.ticketProductId,
      productGroupId: extraProducts.productGroupId,
      displayOrder: extraProducts.displayOrder,
    })
    .from(extraProducts)
    .where(
      inArray(
        extraProducts.productGroupId,
        groups.map((g) => g.productGroupId),
      ),
    );
  members.sort(byDisplayOrder((m) => m.ticketProductId));
  return groups.sort(byDisplayOrder((g) => g.productGroupId)).map((g) => ({
    productGroupId: g.productGroupId,
    eventId: g.eventId,
    name: loc(g.name, locale),
    description: locOrNull(g.description, locale),
    image: imageOut(g.image, locale),
    displayOrder: g.displayOrder,
    ticketProductIds: members
      .filter((m) => m.productGroupId === g.productGroupId)
      .map((m) => m.ticketProductId),
  }));
}

/** One product group; 404 when unknown. */
export async function productGroupById(
  db: Db,
  productGroupId: string,
  locale: ServiceLocale,
): Promise<ProductGroup> {
  const group = (await productGroupsOf(db, { productGroupId }, locale))[0];
  if (!group) throw notFound("ProductGroup", productGroupId);
  return group;
}

/**
 * Variants of the products of a group (product display order, then variant display order); each names its
 * product and the group. 404 when the group is unknown.
 */
export async function variantsOfGroup(
  db: Db,
  productGroupId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<Variant[]> {
  const group = await productGroupById(db, productGroupId, locale);
  const products = await extraProductsOf(db, { ticketProductIds: group.ticketProductIds }, locale, now);
  return products.flatMap((p) => p.variants);
}

// ---------------------------------------------------------------------------------------------------------
// Chip top-ups

/** Chip top-up products of an event, in display order. */
export async function chipProductsOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
): Promise<ChipProduct[]> {
  const rows = await db
    .select()
    .from(chipProducts)
    .where(eq(chipProducts.eventId, event.eventId))
    .orderBy(asc(chipProducts.displayOrder), asc(chipProducts.productItemId));
  return rows.map((r) => ({
    productItemId: r.productItemId,
    eventId: r.eventId,
    name: loc(r.name, locale),
    description: locOrNull(r.description, locale),
    amount: r.amount,
    price: r.price,
    currencyId: event.currencyId,
    chipTypeId: r.chipTypeId,
    displayOrder: r.displayOrder,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Coupons, discount codes and supercoupons

/** A code as written by a buyer, in the form codes are compared in: trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a code cannot be used. */
export type CodeRefusal = NonNullable<CodeCheck["reason"]>;

/** The stored fields every discount (coupon or discount code) has. */
export interface DiscountRow {
  code: string;
  kind: "percent" | "fixed";
  value: number;
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

/** A line of a cart to compute a discount on: a ticket type or an extra product, its unit price and count. */
export interface PricedLine {
  kind: "ticket" | "product";
  id: string;
  unitPrice: number;
  count: number;
}

/**
 * The discount on a cart, in minor units: a percentage of the lines it applies to (ticket types: all when
 * its list is empty; extra products: only those listed), rounded to the nearest unit, or a fixed amount per
 * order, never more than those lines cost.
 */
export function discountAmountOf(
  discount: Pick<DiscountRow, "kind" | "value" | "ticketTypeIds" | "ticketProductIds">,
  lines: PricedLine[],
): number {
  const applies = (line: PricedLine) =>
    line.kind === "ticket"
      ? discount.ticketTypeIds.length === 0 || discount.ticketTypeIds.includes(line.id)
      : discount.ticketProductIds.includes(line.id);
  const base = lines.filter(applies).reduce((sum, l) => sum + l.unitPrice * l.count, 0);
  if (base <= 0) return 0;
  return discount.kind === "percent"
    ? Math.min(base, Math.round((base * discount.value) / 100))
    : Math.min(base, discount.value);
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
      unitPrice: Math.max(0, price + delta),
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
  const amount = hasCart ? discountAmountOf(row, lines) : null;
  if (reason === null && amount === 0) reason = "notApplicable";
  return discountCheck(row, reason, event.currencyId, reason === null ? amount : hasCart ? 0 : null);
}

/** The event's ticket types a discount applies to (all when its list is empty). */
export function ticketTypesCovered(all: TicketType[], ticketTypeIds: string[]): TicketType[] {
  return ticketTypeIds.length === 0 ? all : all.filter((t) => ticketTypeIds.includes(t.ticketTypeId));
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

// ---------------------------------------------------------------------------------------------------------
// Seat price categories

/** Seat price categories of an event, in display order, with the price of their ticket type. */
export async function reservationCategoriesOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
): Promise<ReservationCategory[]> {
  const rows = await db
    .select({ row: reservationCategories, price: ticketTypes.price })
    .from(reservationCategories)
    .leftJoin(ticketTypes, eq(ticketTypes.ticketTypeId, reservationCategories.ticketTypeId))
    .where(eq(reservationCategories.eventId, event.eventId))
    .orderBy(asc(reservationCategories.displayOrder), asc(reservationCategories.reservationCategoryId));
  return rows.map(({ row, price }) => ({
    reservationCategoryId: row.reservationCategoryId,
    eventId: row.eventId,
    name: loc(row.name, locale),
    color: row.color,
    ticketTypeId: row.ticketTypeId,
    price: price ?? null,
    currencyId: event.currencyId,
    displayOrder: row.displayOrder,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Sectors and seats

/** The state of a seat for an event and, when sold, the ticket type it was sold as. */
export interface SeatStatus {
  state: SeatState;
  ticketTypeId: string | null;
}

/**
 * The state of every seat of the given sector(s) for an event at `now`, keyed by seat id: a seat is free
 * unless an order sold it or an unexpired reservation holds it. The one place seat states are decided.
 */
export async function seatStates(
  db: Db,
  sectorId: string | string[],
  _eventId: string | undefined,
  _now: Date,
): Promise<Map<string, SeatStatus>> {
  const sectorIds = Array.isArray(sectorId) ? sectorId : [sectorId];
  if (sectorIds.length === 0) return new Map();
  const rows = await db
    .select({ seatId: seats.seatId })
    .from(seats)
    .where(inArray(seats.sectorId, sectorIds));
  // No order or reservation holds a seat yet: every seat is free.
  return new Map(rows.map((r) => [r.seatId, { state: "free" as const, ticketTypeId: null }]));
}

/** Orders seats by row (A…Z, AA…; 1, 2, … 10) and then number. */
function compareSeats(a: SeatRow, b: SeatRow): number {
  return (
    a.row.length - b.row.length ||
    compareText(a.row, b.row) ||
    a.number - b.number ||
    compareText(a.seatId, b.seatId)
  );
}

/** What is needed to describe the sectors of an event's venue: bound ticket types and availability. */
interface SectorContext {
  event: EventBasics;
  /** Ticket types of the event per sector, in display order. */
  typesBySector: Map<string, TicketTypeRow[]>;
  /** Units on sale per ticket type of the event. */
  availability: Map<string, number>;
}

async function sectorContext(db: Db, event: EventBasics, now: Date): Promise<SectorContext> {
  const [rows, availability] = await Promise.all([
    db
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, event.eventId), sql`${ticketTypes.sectorId} is not null`)),
    ticketTypeAvailability(db, [event.eventId], now),
  ]);
  const typesBySector = new Map<string, TicketTypeRow[]>();
  for (const row of rows.sort(byDisplayOrder<TicketTypeRow>((t) => t.ticketTypeId))) {
    if (!row.sectorId) continue;
    const list = typesBySector.get(row.sectorId) ?? [];
    list.push(row);
    typesBySector.set(row.sectorId, list);
  }
  return { event, typesBySector, availability };
}

/**
 * A sector of the contract. Seated: capacity is its seats, available its free seats. Standing: capacity is
 * its own, available what is left of it after the units its ticket types have sold or hold, never more than
 * those ticket types still have on sale. A sector none of the event's ticket types sells has nothing on sale.
 */
function sectorOut(
  row: SectorRow,
  sectorSeats: SeatRow[],
  states: Map<string, SeatStatus>,
  ctx: SectorContext,
  locale: ServiceLocale,
): Sector {
  const types = ctx.typesBySector.get(row.sectorId) ?? [];
  let capacity: number;
  let available: number;
  if (row.kind === "seated") {
    capacity = sectorSeats.length;
    available = sectorSeats.filter((s) => (states.get(s.seatId)?.state ?? "free") === "free").length;
  } else {
    capacity = row.capacity ?? 0;
    const left = types.map((t) => ctx.availability.get(t.ticketTypeId) ?? 0);
    const used = types.reduce((sum, t, i) => sum + Math.max(0, t.capacity - (left[i] ?? 0)), 0);
    available = Math.min(
      capacity - used,
      left.reduce((sum, n) => sum + n, 0),
    );
  }
  if (types.length === 0) available = 0;
  return {
    sectorId: row.sectorId,
    venueId: row.venueId,
    eventId: ctx.event.eventId,
    name: loc(row.name, locale),
    kind: row.kind,
    capacity,
    available: Math.max(0, available),
    displayOrder: row.displayOrder,
    ticketTypeIds: types.map((t) => t.ticketTypeId),
    layout: row.layout,
  };
}

/** Seats of the contract, in row and number order, with their state for the event. */
function seatsOut(sectorSeats: SeatRow[], states: Map<string, SeatStatus>, ctx: SectorContext): Seat[] {
  const categories = new Set(
    (ctx.typesBySector.get(sectorSeats[0]?.sectorId ?? "") ?? []).map((t) => t.reservationCategoryId),
  );
  const category = categories.size === 1 ? ([...categories][0] ?? null) : null;
  return [...sectorSeats].sort(compareSeats).map((s) => {
    const status = states.get(s.seatId) ?? { state: "free" as const, ticketTypeId: null };
    return {
      seatId: s.seatId,
      sectorId: s.sectorId,
      row: s.row,
      number: s.number,
      x: s.x,
      y: s.y,
      state: status.state,
      ticketTypeId: status.ticketTypeId,
      reservationCategoryId: category,
    };
  });
}

/** Sectors of an event's venue, in display order, with availability for the event; 404 for an unknown event. */
export async function sectorsOfEvent(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<Sector[]> {
  const event = await eventBasics(db, eventId);
  if (!event.venueId) return [];
  const rows = await db
    .select()
    .from(sectors)
    .where(eq(sectors.venueId, event.venueId))
    .orderBy(asc(sectors.displayOrder), asc(sectors.sectorId));
  if (rows.length === 0) return [];
  const seatedIds = rows.filter((r) => r.kind === "seated").map((r) => r.sectorId);
  const [ctx, seatRows, states] = await Promise.all([
    sectorContext(db, event, now),
    seatedIds.length === 0 ? [] : db.select().from(seats).where(inArray(seats.sectorId, seatedIds)),
    seatStates(db, seatedIds, eventId, now),
  ]);
  return rows.map((row) =>
    sectorOut(
      row,
      seatRows.filter((s) => s.sectorId === row.sectorId),
      states,
      ctx,
      locale,
    ),
  );
}

/**
 * One sector of an event's venue with its seats (none for a standing sector) and their states; 404 when
 * the event is unknown or the sector is not in its venue.
 */
export async function sectorOfEvent(
  db: Db,
  sectorId: string,
  eventId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<{ sector: Sector; seats: Seat[] }> {
  const event = await eventBasics(db, eventId);
  const rows = await db.select().from(sectors).where(eq(sectors.sectorId, sectorId));
  const row = rows[0];
  if (!row || row.venueId !== event.venueId) throw notFound("Sector", sectorId);
  const [ctx, seatRows, states] = await Promise.all([
    sectorContext(db, event, now),
    db.select().from(seats).where(eq(seats.sectorId, sectorId)),
    seatStates(db, sectorId, eventId, now),
  ]);
  return { sector: sectorOut(row, seatRows, states, ctx, locale), seats: seatsOut(seatRows, states, ctx) };
}
