/** Import step: extra products with their groups and variants, and chip credit products. */
import * as t from "../../db/schema.ts";
import { type ImportContext, insertRows } from "./context.ts";

/** Inserts the product groups, chip products, extra products, variants and variant values. */
export async function importExtras(ctx: ImportContext): Promise<void> {
  const { tx, catalog, stored } = ctx;
  await insertRows(
    tx,
    t.productGroups,
    catalog.productGroups.map((g) => ({
      productGroupId: g.productGroupId,
      eventId: g.eventId,
      name: g.name,
      description: g.description ?? null,
      image: stored(g.image),
      displayOrder: g.displayOrder,
    })),
  );
  await insertRows(
    tx,
    t.chipProducts,
    catalog.chipProducts.map((c) => ({
      productItemId: c.productItemId,
      eventId: c.eventId,
      name: c.name,
      description: c.description ?? null,
      amount: c.amount,
      price: c.price,
      chipTypeId: c.chipTypeId,
      displayOrder: c.displayOrder,
      ...(c.vatRate === undefined ? {} : { vatRate: c.vatRate }),
    })),
  );
  await insertRows(
    tx,
    t.extraProducts,
    catalog.extraProducts.map((p) => ({
      ticketProductId: p.ticketProductId,
      eventId: p.eventId,
      productGroupId: p.productGroupId ?? null,
      name: p.name,
      description: p.description ?? null,
      price: p.price,
      capacity: p.capacity,
      maxPerOrder: p.maxPerOrder,
      itemTypeId: p.itemTypeId,
      productCategoryId: p.productCategoryId ?? null,
      displayOrder: p.displayOrder,
      image: stored(p.image),
      chips: p.chips,
      ...(p.vatRate === undefined ? {} : { vatRate: p.vatRate }),
    })),
  );
  await insertRows(
    tx,
    t.variants,
    catalog.extraProducts.flatMap((p) =>
      p.variants.map((v) => ({
        variantId: v.variantId,
        ticketProductId: p.ticketProductId,
        name: v.name,
        displayOrder: v.displayOrder,
      })),
    ),
  );
  await insertRows(
    tx,
    t.variantValues,
    catalog.extraProducts.flatMap((p) =>
      p.variants.flatMap((v) =>
        v.values.map((x) => ({
          variantValueId: x.variantValueId,
          variantId: v.variantId,
          name: x.name,
          priceDelta: x.priceDelta,
          capacity: x.capacity ?? null,
          displayOrder: x.displayOrder,
        })),
      ),
    ),
  );
}
