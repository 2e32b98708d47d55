/**
 * Extra products of an event as the buyer reads them: the products with their variants and values, the
 * product groups, and the chip top-ups. Availability comes from `./inventory.ts`.
 */
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { ProductGroup, Variant, VariantValue } from "../../contract/product.ts";
import type { ChipProduct, ExtraProduct } from "../../contract/ticket.ts";
import type { Db } from "../db/index.ts";
import { anyOf, preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { chipProducts, events, extraProducts, productGroups, variants, variantValues } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import type { EventBasics } from "./event-basics.ts";
import { extraProductAvailability, variantValueAvailable } from "./inventory.ts";
import { imageOut, loc, locOrNull } from "./localize.ts";
import { byDisplayOrder, compareText } from "./rows.ts";

type ExtraProductRow = typeof extraProducts.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
type VariantValueRow = typeof variantValues.$inferSelect;

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

const variantRowsOf = preparedRead("variantsOfProducts", ["productIds"], (db, p) =>
  db.select().from(variants).where(anyOf(variants.ticketProductId, p.productIds)),
);

const variantValueRowsOf = preparedRead("valuesOfVariants", ["variantIds"], (db, p) =>
  db.select().from(variantValues).where(anyOf(variantValues.variantId, p.variantIds)),
);

/** Variants (with their values, in display order) of the given products, keyed by product id. */
async function variantsOfProducts(
  db: Db,
  products: { row: ExtraProductRow; available: number; currencyId: number }[],
  locale: ServiceLocale,
): Promise<Map<string, Variant[]>> {
  const out = new Map<string, Variant[]>();
  if (products.length === 0) return out;
  const productById = new Map(products.map((p) => [p.row.ticketProductId, p]));
  const productIds = [...productById.keys()];
  const variantRows = await rememberedRead(db, `variants:${productIds.join(",")}`, () =>
    variantRowsOf(db, { productIds }),
  );
  const variantIds = variantRows.map((v) => v.variantId);
  const valueRows =
    variantIds.length === 0
      ? []
      : await rememberedRead(db, `variantValues:${variantIds.join(",")}`, () =>
          variantValueRowsOf(db, { variantIds }),
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

/** Extra products with their event's currency (then narrowed by a `where`). */
const extraProductRows = (db: Db) =>
  db
    .select({ row: extraProducts, currencyId: events.currencyId })
    .from(extraProducts)
    .innerJoin(events, eq(events.eventId, extraProducts.eventId));

const extraProductRowsOfEvent = preparedRead("extraProductsOfEvent", ["eventId"], (db, p) =>
  extraProductRows(db).where(eq(extraProducts.eventId, p.eventId)),
);

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
  const conditions: SQL[] = [];
  const eventId = filter.eventId;
  if (eventId !== undefined) conditions.push(eq(extraProducts.eventId, eventId));
  if (filter.ticketProductIds !== undefined) {
    if (filter.ticketProductIds.length === 0) return [];
    conditions.push(inArray(extraProducts.ticketProductId, filter.ticketProductIds));
  }
  if (conditions.length === 0) return [];
  const rows = await rememberedRead(
    db,
    `extraProducts:${filter.eventId ?? ""}:${filter.ticketProductIds?.join(",") ?? ""}`,
    () =>
      eventId !== undefined && filter.ticketProductIds === undefined
        ? extraProductRowsOfEvent(db, { eventId })
        : extraProductRows(db).where(and(...conditions)),
  );
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

/**
 * Every variant value an extra product can be bought in (variant order, then value order); 404 when unknown.
 */
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

const productGroupRowsOfEvent = preparedRead("productGroupsOfEvent", ["id"], (db, p) =>
  db.select().from(productGroups).where(eq(productGroups.eventId, p.id)),
);

const productGroupRowById = preparedRead("productGroupById", ["id"], (db, p) =>
  db.select().from(productGroups).where(eq(productGroups.productGroupId, p.id)),
);

const groupMemberRows = preparedRead("productGroupMembers", ["groupIds"], (db, p) =>
  db
    .select({
      ticketProductId: extraProducts.ticketProductId,
      productGroupId: extraProducts.productGroupId,
      displayOrder: extraProducts.displayOrder,
    })
    .from(extraProducts)
    .where(anyOf(extraProducts.productGroupId, p.groupIds)),
);

/** Product groups of an event (display order) with the ids of their products (display order). */
export async function productGroupsOf(
  db: Db,
  filter: { eventId: string } | { productGroupId: string },
  locale: ServiceLocale,
): Promise<ProductGroup[]> {
  const key = "eventId" in filter ? `event:${filter.eventId}` : `group:${filter.productGroupId}`;
  // Copies: the remembered rows are shared, and both lists are sorted in place below.
  const groups = [
    ...(await rememberedRead(db, `productGroups:${key}`, () =>
      "eventId" in filter
        ? productGroupRowsOfEvent(db, { id: filter.eventId })
        : productGroupRowById(db, { id: filter.productGroupId }),
    )),
  ];
  if (groups.length === 0) return [];
  const groupIds = groups.map((g) => g.productGroupId);
  const members = [
    ...(await rememberedRead(db, `productGroupMembers:${groupIds.join(",")}`, () =>
      groupMemberRows(db, { groupIds }),
    )),
  ];
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

const chipProductRows = preparedRead("chipProducts", ["eventId"], (db, p) =>
  db
    .select()
    .from(chipProducts)
    .where(eq(chipProducts.eventId, p.eventId))
    .orderBy(asc(chipProducts.displayOrder), asc(chipProducts.productItemId)),
);

/** Chip top-up products of an event, in display order. */
export async function chipProductsOf(
  db: Db,
  event: Pick<EventBasics, "eventId" | "currencyId">,
  locale: ServiceLocale,
): Promise<ChipProduct[]> {
  const rows = await rememberedRead(db, `chipProducts:${event.eventId}`, () =>
    chipProductRows(db, { eventId: event.eventId }),
  );
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
