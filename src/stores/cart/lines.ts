/**
 * The lines of the cart: ticket types by group, extra products by product group with one line per variant
 * value, and the lines of the summary (tickets, one line per picked seat, extra products, chip top-ups) with their amounts in minor units.
 */
import type { ProductGroup } from "../../contract/product.ts";
import type { ExtraProduct, TicketType, TicketTypeGroup } from "../../contract/ticket.ts";
import { variantUnitPrice } from "../../lib/pricing/totals.ts";
import { sortedPicks } from "./seats.ts";
import type { CartCatalog, CartState } from "./state.ts";

/** Ticket types of one group in display order; `group` is null for the ticket types without a group. */
export interface TicketSection {
  group: TicketTypeGroup | null;
  ticketTypes: TicketType[];
}

/** Ticket types by group in the groups' display order; ungrouped ones last, in one section. */
export function ticketSections(
  catalog: Pick<CartCatalog, "ticketTypes" | "ticketTypeGroups">,
): TicketSection[] {
  const sorted = [...catalog.ticketTypes].sort((a, b) => a.displayOrder - b.displayOrder);
  const groups = [...catalog.ticketTypeGroups].sort((a, b) => a.displayOrder - b.displayOrder);
  const sections: TicketSection[] = groups.map((group) => ({
    group,
    ticketTypes: sorted.filter((t) => t.ticketTypeGroup?.ticketTypeGroupId === group.ticketTypeGroupId),
  }));
  const known = new Set(groups.map((g) => g.ticketTypeGroupId));
  const rest = sorted.filter((t) => !t.ticketTypeGroup || !known.has(t.ticketTypeGroup.ticketTypeGroupId));
  if (rest.length > 0) sections.push({ group: null, ticketTypes: rest });
  return sections.filter((s) => s.ticketTypes.length > 0);
}

/** Extra products of one product group in its order; `group` is null for products outside every group. */
export interface ExtraSection {
  group: ProductGroup | null;
  products: ExtraProduct[];
}

/** Extra products by product group (groups in display order); the others last, in one section. */
export function extraSections(catalog: Pick<CartCatalog, "extraProducts" | "productGroups">): ExtraSection[] {
  const byId = new Map(catalog.extraProducts.map((p) => [p.ticketProductId, p]));
  const sections: ExtraSection[] = [...catalog.productGroups]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((group) => ({ group, products: group.ticketProductIds.flatMap((id) => byId.get(id) ?? []) }));
  const placed = new Set(sections.flatMap((s) => s.products.map((p) => p.ticketProductId)));
  const rest = catalog.extraProducts
    .filter((p) => !placed.has(p.ticketProductId))
    .sort((a, b) => a.displayOrder - b.displayOrder);
  if (rest.length > 0) sections.push({ group: null, products: rest });
  return sections.filter((s) => s.products.length > 0);
}

/** The key of an extra product line: the product, or the product and one value of its variant. */
export function extraKey(ticketProductId: string, variantValueId: string | null = null): string {
  return variantValueId ? `${ticketProductId}:${variantValueId}` : ticketProductId;
}

/** The product and the variant value of an extra product line key. */
export function parseExtraKey(key: string): { ticketProductId: string; variantValueId: string | null } {
  const [ticketProductId = "", variantValueId] = key.split(":");
  return { ticketProductId, variantValueId: variantValueId ?? null };
}

/** One line an extra product is bought by: the product itself, or one value of one of its variants. */
export interface ExtraOption {
  key: string;
  product: ExtraProduct;
  variantName: string | null;
  valueName: string | null;
  variantValueId: string | null;
  /** Unit price with the value's price delta. */
  price: number;
  /** Units of this line still on sale. */
  available: number;
}

/** The lines an extra product is bought by: one per variant value (variants and values in order), or itself. */
export function extraOptions(product: ExtraProduct): ExtraOption[] {
  const variants = [...product.variants].sort((a, b) => a.displayOrder - b.displayOrder);
  const options = variants.flatMap((variant) =>
    [...variant.values]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((value) => ({
        key: extraKey(product.ticketProductId, value.variantValueId),
        product,
        variantName: variant.name,
        valueName: value.name,
        variantValueId: value.variantValueId,
        price: variantUnitPrice(product.price, value.priceDelta),
        available: Math.min(value.available, product.available),
      })),
  );
  if (options.length > 0) return options;
  return [
    {
      key: extraKey(product.ticketProductId),
      product,
      variantName: null,
      valueName: null,
      variantValueId: null,
      price: product.price,
      available: product.available,
    },
  ];
}

/** A line of the summary; amounts in minor units. */
export interface SummaryLine {
  key: string;
  kind: "ticket" | "extra" | "chip";
  /** Ticket type id, extra product id or chip product id. */
  id: string;
  name: string;
  /** The ticket type group, or the variant value of an extra product. */
  detail: string | null;
  /** The name of the variant `detail` is a value of (e.g. "Size"). */
  variant: string | null;
  unitPrice: number;
  count: number;
  total: number;
  /** Chip credit loaded by the line (chip lines), minor units. */
  credit: number | null;
  /** For the variant line of an extra product. */
  variantValueId: string | null;
  /** The seat of a seated ticket (one line per seat). */
  seat: { sectorName: string; row: string; number: number } | null;
}

/** The lines of the cart in catalog order: tickets, then extra products, then chip top-ups. */
export function summaryLines(state: CartState, catalog: CartCatalog): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const section of ticketSections(catalog)) {
    for (const t of section.ticketTypes) {
      const count = state.tickets[t.ticketTypeId] ?? 0;
      if (count <= 0) continue;
      lines.push({
        key: t.ticketTypeId,
        kind: "ticket",
        id: t.ticketTypeId,
        name: t.namePub,
        detail: section.group?.namePub ?? null,
        variant: null,
        unitPrice: t.price,
        count,
        total: t.price * count,
        credit: null,
        variantValueId: null,
        seat: null,
      });
    }
  }
  const types = new Map(catalog.ticketTypes.map((t) => [t.ticketTypeId, t]));
  for (const pick of sortedPicks(state.seats)) {
    const type = types.get(pick.ticketTypeId);
    if (!type) continue;
    lines.push({
      key: `seat:${pick.seatId}`,
      kind: "ticket",
      id: pick.ticketTypeId,
      name: type.namePub,
      detail: null,
      variant: null,
      unitPrice: type.price,
      count: 1,
      total: type.price,
      credit: null,
      variantValueId: null,
      seat: { sectorName: pick.sectorName, row: pick.row, number: pick.number },
    });
  }
  for (const section of extraSections(catalog)) {
    for (const product of section.products) {
      for (const option of extraOptions(product)) {
        const count = state.extras[option.key] ?? 0;
        if (count <= 0) continue;
        lines.push({
          key: option.key,
          kind: "extra",
          id: product.ticketProductId,
          name: product.name,
          detail: option.valueName,
          variant: option.variantName,
          unitPrice: option.price,
          count,
          total: option.price * count,
          credit: null,
          variantValueId: option.variantValueId,
          seat: null,
        });
      }
    }
  }
  for (const product of [...catalog.chipProducts].sort((a, b) => a.displayOrder - b.displayOrder)) {
    const count = state.chips[product.productItemId] ?? 0;
    if (count <= 0) continue;
    lines.push({
      key: product.productItemId,
      kind: "chip",
      id: product.productItemId,
      name: product.name,
      detail: null,
      variant: null,
      unitPrice: product.price,
      count,
      total: product.price * count,
      credit: product.amount * count,
      variantValueId: null,
      seat: null,
    });
  }
  return lines;
}
