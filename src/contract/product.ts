/** Product area of spec §7: product groups, their variants and variant values (e.g. T-shirt sizes). */
import { z } from "zod/mini";
import { CurrencyId, DisplayOrder, Image, int32, ok, SignedMinorUnits, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";

/** One value of a variant, e.g. size "L"; its price is the product's price plus `priceDelta`. */
export const VariantValue = z.object({
  variantValueId: Uuid,
  variantId: Uuid,
  name: z.string(),
  priceDelta: SignedMinorUnits.check(
    z.meta({ description: "Added to the product price, minor units of currencyId" }),
  ),
  currencyId: CurrencyId,
  available: int32().check(z.nonnegative(), z.meta({ description: "Units still on sale" })),
  displayOrder: DisplayOrder,
});

/** One value of a variant. */
export type VariantValue = z.infer<typeof VariantValue>;

/** A variant dimension of a product or a product group, e.g. "Size", with its values. */
export const Variant = z.object({
  variantId: Uuid,
  productGroupId: z.nullable(Uuid),
  ticketProductId: z.nullable(Uuid),
  name: z.string(),
  displayOrder: DisplayOrder,
  values: z.array(VariantValue),
});

/** A variant with its values. */
export type Variant = z.infer<typeof Variant>;

/** A group of extra products shown together in the cart, e.g. "Merchandise". */
export const ProductGroup = z.object({
  productGroupId: Uuid,
  eventId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  image: z.nullable(Image),
  displayOrder: DisplayOrder,
  ticketProductIds: z
    .array(Uuid)
    .check(z.meta({ description: "Extra products of the group, in display order" })),
});

/** A group of extra products. */
export type ProductGroup = z.infer<typeof ProductGroup>;

const productGroupParams = z.object({ productGroupId: Uuid });

/** `product.group`: A product group. */
export const productGroup = defineCall({
  id: "product.group",
  area: "product",
  method: "GET",
  path: "/api/product-group/{productGroupId}",
  params: productGroupParams,
  response: ok({ productGroup: ProductGroup }),
  secure: false,
  summary: "A product group",
});

/** `product.groupVariants`: Variants (with values) shared by the products of a group. */
export const productGroupVariants = defineCall({
  id: "product.groupVariants",
  area: "product",
  method: "GET",
  path: "/api/product-group/{productGroupId}/variants",
  params: productGroupParams,
  response: ok({ variants: z.array(Variant) }),
  secure: false,
  summary: "Variants (with values) shared by the products of a group",
});

/** `product.variantValues`: Values of one variant. */
export const productVariantValues = defineCall({
  id: "product.variantValues",
  area: "product",
  method: "GET",
  path: "/api/variant/{variantId}/values",
  params: z.object({ variantId: Uuid }),
  response: ok({ values: z.array(VariantValue) }),
  secure: false,
  summary: "Values of one variant",
});

/** `product.ticketProductValues`: All variant values an extra product can be bought in. */
export const productTicketProductValues = defineCall({
  id: "product.ticketProductValues",
  area: "product",
  method: "GET",
  path: "/api/ticket-product/{ticketProductId}/values",
  params: z.object({ ticketProductId: Uuid }),
  response: ok({ values: z.array(VariantValue) }),
  secure: false,
  summary: "All variant values an extra product can be bought in",
});

/** Calls of the product area. */
export const productCalls = {
  group: productGroup,
  groupVariants: productGroupVariants,
  variantValues: productVariantValues,
  ticketProductValues: productTicketProductValues,
} as const;
