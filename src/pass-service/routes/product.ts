/** Product area of spec §7: product groups, their variants, and variant values. */
import { productCalls } from "../../contract/product.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { productGroupById, valuesOfProduct, valuesOfVariant, variantsOfGroup } from "../services/extras.ts";

/** Registers the calls of the product area. */
export function registerProductRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(productCalls.group, async ({ params, locale }) => ({
    productGroup: await productGroupById(db, params.productGroupId, locale),
  }));

  table.serve(productCalls.groupVariants, async ({ params, locale }) => ({
    variants: await variantsOfGroup(db, params.productGroupId, locale, deps.clock.now()),
  }));

  table.serve(productCalls.variantValues, async ({ params, locale }) => ({
    values: await valuesOfVariant(db, params.variantId, locale, deps.clock.now()),
  }));

  table.serve(productCalls.ticketProductValues, async ({ params, locale }) => ({
    values: await valuesOfProduct(db, params.ticketProductId, locale, deps.clock.now()),
  }));
}
