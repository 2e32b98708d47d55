/**
 * The codes of an order being created: each is checked as the code checks do (`../codes.ts`) and counted
 * under a conditional update, so a limited code is never over-used. What each takes off is decided by the
 * core's pricing rules (`src/lib/pricing`), which the cart's estimate uses too.
 */
import { and, eq, sql } from "drizzle-orm";
import { discountAmount, supercouponCover } from "../../../lib/pricing/discounts.ts";
import type { PricedLine } from "../../../lib/pricing/totals.ts";
import type { Db } from "../../db/index.ts";
import { coupons, discountCodes, type StoredDiscount, supercoupons } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import { type DiscountRow, discountRefusal, normalizeCode } from "../codes.ts";

/** The codes an order is created with, as sent. */
export interface OrderCodes {
  couponCode?: string | undefined;
  discountCode?: string | undefined;
  supercouponCode?: string | undefined;
}

/** 400 for a code that cannot be used, naming the field and the reason. */
function invalidCode(field: string, code: string, reason: string): ServiceError {
  return new ServiceError(400, "INVALID_CODE", `The code "${code}" cannot be used: ${reason}`, {
    field,
    details: { reason },
  });
}

/**
 * Takes the order's codes in turn (coupon, discount code, supercoupon) on its priced lines and returns the
 * discount each gives; a code that cannot be used is a 400 INVALID_CODE naming its field and reason.
 */
export async function takeCodes(
  tx: Db,
  codes: OrderCodes,
  event: { eventId: string; organizerId: string },
  priced: PricedLine[],
  now: Date,
): Promise<StoredDiscount[]> {
  const discounts: StoredDiscount[] = [];
  if (codes.couponCode) {
    const code = normalizeCode(codes.couponCode);
    const rows = await tx.select().from(coupons).where(sql`upper(${coupons.code}) = ${code}`);
    const own = rows.find((r) => r.eventId === event.eventId);
    if (!own && rows.length > 0) throw invalidCode("couponCode", code, "wrongEvent");
    discounts.push(await takeDiscount(tx, "coupon", "couponCode", code, own, priced, now));
  }
  if (codes.discountCode) {
    const code = normalizeCode(codes.discountCode);
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(
        and(eq(discountCodes.organizerId, event.organizerId), sql`upper(${discountCodes.code}) = ${code}`),
      );
    if (row && row.eventIds.length > 0 && !row.eventIds.includes(event.eventId)) {
      throw invalidCode("discountCode", code, "wrongEvent");
    }
    discounts.push(await takeDiscount(tx, "discountCode", "discountCode", code, row, priced, now));
  }
  if (codes.supercouponCode) {
    discounts.push(await takeSupercoupon(tx, normalizeCode(codes.supercouponCode), event, priced, now));
  }
  return discounts;
}

/** Checks a coupon or discount code row and counts one use of it; returns the discount it gives. */
async function takeDiscount(
  tx: Db,
  source: "coupon" | "discountCode",
  field: string,
  code: string,
  row: (DiscountRow & { couponId?: string; discountCodeId?: string }) | undefined,
  priced: PricedLine[],
  now: Date,
): Promise<StoredDiscount> {
  if (!row) throw invalidCode(field, code, "notFound");
  const refusal = discountRefusal(row, now);
  if (refusal) throw invalidCode(field, code, refusal);
  const amount = discountAmount(row, priced);
  if (amount === 0) throw invalidCode(field, code, "notApplicable");
  const id = source === "coupon" ? (row.couponId ?? "") : (row.discountCodeId ?? "");
  const table = source === "coupon" ? coupons : discountCodes;
  const idColumn = source === "coupon" ? coupons.couponId : discountCodes.discountCodeId;
  const counted = await tx
    .update(table)
    .set({ uses: sql`${table.uses} + 1` })
    .where(and(eq(idColumn, id), sql`(${table.maxUses} is null or ${table.uses} < ${table.maxUses})`))
    .returning({ uses: table.uses });
  if (counted.length === 0) throw invalidCode(field, code, "exhausted");
  return { source, id, code: row.code, amount, kind: row.kind, value: row.value };
}

/** Checks a supercoupon and takes its tickets: the dearest covered tickets of the order become free. */
async function takeSupercoupon(
  tx: Db,
  code: string,
  event: { eventId: string; organizerId: string },
  priced: PricedLine[],
  now: Date,
): Promise<StoredDiscount> {
  const field = "supercouponCode";
  const [row] = await tx.select().from(supercoupons).where(sql`upper(${supercoupons.code}) = ${code}`);
  if (!row) throw invalidCode(field, code, "notFound");
  if (
    row.organizerId !== event.organizerId ||
    (row.eventIds.length > 0 && !row.eventIds.includes(event.eventId))
  ) {
    throw invalidCode(field, code, "wrongEvent");
  }
  if (row.validTo && row.validTo <= now) throw invalidCode(field, code, "expired");
  const remaining = row.maxTickets - row.usedTickets;
  const cover = supercouponCover({ ticketTypeIds: row.ticketTypeIds, remainingTickets: remaining }, priced);
  if (cover.covered === 0) throw invalidCode(field, code, "notApplicable");
  if (remaining <= 0) throw invalidCode(field, code, "exhausted");
  const counted = await tx
    .update(supercoupons)
    .set({ usedTickets: sql`${supercoupons.usedTickets} + ${cover.tickets}` })
    .where(
      and(
        eq(supercoupons.supercouponId, row.supercouponId),
        sql`${supercoupons.usedTickets} + ${cover.tickets} <= ${supercoupons.maxTickets}`,
      ),
    )
    .returning({ used: supercoupons.usedTickets });
  if (counted.length === 0) throw invalidCode(field, code, "exhausted");
  return {
    source: "supercoupon",
    id: row.supercouponId,
    code: row.code,
    amount: cover.amount,
    tickets: cover.tickets,
  };
}
