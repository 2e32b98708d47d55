/**
 * Sets every `sold` counter from the orders that hold units (created, pending payment, paid). Used after a
 * catalog import, which rewrites the catalog rows but keeps the orders. (Sales and holds change them only
 * through ./inventory.ts.)
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { extraProducts, orderLines, orders, ticketTypes, variantValues } from "../db/schema.ts";

/** Recounts the `sold` of every ticket type, extra product and variant value, in the caller's transaction. */
export async function recountSold(tx: Db): Promise<void> {
  const live = sql`(select ${orders.orderId} from ${orders} where ${orders.status} in ('created', 'pendingPayment', 'paid'))`;
  await tx.execute(sql`update ${ticketTypes} set sold = coalesce((
    select sum(l.count) from ${orderLines} l
    where l.ticket_type_id = ${ticketTypes.ticketTypeId} and l.kind = 'ticket' and l.order_id in ${live}), 0)`);
  await tx.execute(sql`update ${extraProducts} set sold = coalesce((
    select sum(l.count) from ${orderLines} l
    where l.ticket_product_id = ${extraProducts.ticketProductId} and l.kind = 'product' and l.order_id in ${live}), 0)`);
  await tx.execute(sql`update ${variantValues} set sold = coalesce((
    select sum(l.count) from ${orderLines} l
    where l.variant_value_id = ${variantValues.variantValueId} and l.kind = 'product' and l.order_id in ${live}), 0)`);
}
