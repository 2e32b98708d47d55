/**
 * The sale itself, last in an order's transaction (see inventory.ts for the lock order): the catalog rows an
 * order names, read without locks first, and then its units taken under locks.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { extraProducts, type LocalizedText, ticketTypes, variantValues } from "../../db/schema.ts";
import {
  activeHolds,
  addSold,
  lockExtraProducts,
  lockTicketTypes,
  lockVariantValues,
  type SaleUnits,
} from "../inventory.ts";
import { assertTicketsLeft, soldOut } from "../sale-rules.ts";
import { assertSectorRoom, withSectorTypes } from "../sector-room.ts";

/** Ticket types, extra products and variant values by id, read without locks. */
export async function readCatalog(tx: Db, typeIds: string[], productIds: string[], valueIds: string[]) {
  // Stryker disable ConditionalExpression,ArrayDeclaration: an empty list finds no rows either way; this spares the query
  const [types, products, values] = await Promise.all([
    typeIds.length === 0
      ? []
      : tx.select().from(ticketTypes).where(inArray(ticketTypes.ticketTypeId, typeIds)),
    productIds.length === 0
      ? []
      : tx.select().from(extraProducts).where(inArray(extraProducts.ticketProductId, productIds)),
    valueIds.length === 0
      ? []
      : tx.select().from(variantValues).where(inArray(variantValues.variantValueId, valueIds)),
  ]);
  // Stryker restore ConditionalExpression,ArrayDeclaration
  return {
    types: new Map(types.map((r) => [r.ticketTypeId, r])),
    products: new Map(products.map((r) => [r.ticketProductId, r])),
    values: new Map(values.map((r) => [r.variantValueId, r])),
  };
}

/** Where a refused unit came from, for the refusal's `field` and message. */
export interface TakeContext {
  eventId: string;
  reservationId: string | undefined;
  fromHold: Map<string, number>;
  now: Date;
  nameOf: (name: LocalizedText) => string;
  ticketField: (ticketTypeId: string) => string;
  productField: (ticketProductId: string) => string;
  valueField: (variantValueId: string) => string;
}

/**
 * The sale itself, last in the order's transaction: locks the inventory rows (global lock order), checks
 * that capacity − sold − other unexpired holds covers the order, per ticket type and per sector with a
 * capacity of its own, and adds the units to `sold`. A refusal throws and rolls the whole order back.
 */
export async function takeUnits(tx: Db, units: SaleUnits, ctx: TakeContext): Promise<void> {
  const typeIds = [...units.tickets.keys()];
  // Every ticket type sharing a sector with the order's is locked, since the sector's capacity is shared.
  const types = await lockTicketTypes(tx, await withSectorTypes(tx, ctx.eventId, typeIds));
  const held = await activeHolds(tx, [...types.keys()], ctx.now, ctx.reservationId);
  for (const [ticketTypeId, count] of units.tickets) {
    const row = types.get(ticketTypeId);
    // Stryker disable next-line ConditionalExpression: the order's lines were checked against the catalog before
    if (!row) continue;
    assertTicketsLeft(
      row,
      count,
      { others: held, own: ctx.fromHold },
      ctx.ticketField(ticketTypeId),
      ctx.nameOf(row.name),
    );
  }
  const demand = { wanted: units.tickets, checked: typeIds, fieldOf: ctx.ticketField, nameOf: ctx.nameOf };
  await assertSectorRoom(tx, demand, types, held);
  const products = await lockExtraProducts(tx, [...units.products.keys()]);
  for (const [id, count] of units.products) {
    const row = products.get(id);
    if (row && count > row.capacity - row.sold) {
      throw soldOut(ctx.productField(id), ctx.nameOf(row.name), Math.max(0, row.capacity - row.sold));
    }
  }
  const values = await lockVariantValues(tx, [...units.variantValues.keys()]);
  for (const [id, count] of units.variantValues) {
    const row = values.get(id);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: saleUnits takes only values with a capacity of their own, all read before
    if (row && row.capacity !== null && count > row.capacity - row.sold) {
      throw soldOut(ctx.valueField(id), ctx.nameOf(row.name), Math.max(0, row.capacity - row.sold));
    }
  }
  await addSold(tx, units, 1);
}
