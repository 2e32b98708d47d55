/** Import step: discount codes of every kind: coupons, organizer discount codes and supercoupons. */
import * as t from "../../db/schema.ts";
import type { Catalog } from "../schema.ts";
import { type ImportContext, insertRows, optionalDate } from "./context.ts";

/** Inserts the coupons, discount codes and supercoupons. */
export async function importCodes(ctx: ImportContext): Promise<void> {
  const { tx, catalog } = ctx;
  const discount = (d: Catalog["coupons"][number] | Catalog["discountCodes"][number]) => ({
    code: d.code,
    kind: d.kind,
    value: d.value,
    ticketTypeIds: d.ticketTypeIds,
    ticketProductIds: d.ticketProductIds,
    validFrom: optionalDate(d.validFrom),
    validTo: optionalDate(d.validTo),
    maxUses: d.maxUses ?? null,
  });
  await insertRows(
    tx,
    t.coupons,
    catalog.coupons.map((c) => ({ couponId: c.couponId, eventId: c.eventId, ...discount(c) })),
  );
  await insertRows(
    tx,
    t.discountCodes,
    catalog.discountCodes.map((d) => ({
      discountCodeId: d.discountCodeId,
      organizerId: d.organizerId,
      eventIds: d.eventIds,
      ...discount(d),
    })),
  );
  await insertRows(
    tx,
    t.supercoupons,
    catalog.supercoupons.map((s) => ({
      supercouponId: s.supercouponId,
      organizerId: s.organizerId,
      code: s.code,
      eventIds: s.eventIds,
      ticketTypeIds: s.ticketTypeIds,
      maxTickets: s.maxTickets,
      validTo: optionalDate(s.validTo),
    })),
  );
}
