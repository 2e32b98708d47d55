/** Coupons, a supercoupon and discount codes of the demo catalog. */
import { stableId } from "../ids.ts";
import type { DemoPart } from "./common.ts";
import { FESTIVAL_DAY } from "./events-music.ts";
import { EVENT, ORG, ticketTypeId } from "./keys.ts";
import type { DemoContext } from "./time.ts";

/** Coupons of single events: a percentage off the Prague concert, a fixed amount off festival passes. */
export function demoCoupons(ctx: DemoContext): DemoPart<"coupons"> {
  const { day } = ctx;
  return [
    {
      couponId: stableId("coupon", "jaro10"),
      eventId: EVENT.tourPraha,
      code: "JARO10",
      kind: "percent",
      value: 10,
      validFrom: day(-30, 0),
      validTo: day(20, 22),
      maxUses: 200,
    },
    {
      couponId: stableId("coupon", "louka-200"),
      eventId: EVENT.festival,
      code: "LOUKA-200",
      kind: "fixed",
      value: 20000,
      ticketTypeIds: [ticketTypeId("festival", "balicek"), ticketTypeId("festival", "tridenni")],
      validTo: day(FESTIVAL_DAY - 7, 22),
      maxUses: 100,
    },
  ];
}

/** A supercoupon worth four standing tickets on any stop of the tour. */
export function demoSupercoupons(ctx: DemoContext): DemoPart<"supercoupons"> {
  const tour = ["tourPraha", "tourBrno", "tourOstrava", "tourBratislava"] as const;
  return [
    {
      supercouponId: stableId("supercoupon", "turne-4"),
      organizerId: ORG.vltava,
      code: "TURNE-4",
      eventIds: tour.map((e) => EVENT[e]),
      ticketTypeIds: tour.map((e) => ticketTypeId(e, "stani")),
      maxTickets: 4,
      validTo: ctx.day(42, 18),
    },
  ];
}

/** Discount codes of organizers: for all their events, for some events, for some ticket types. */
export function demoDiscountCodes(ctx: DemoContext): DemoPart<"discountCodes"> {
  const { day } = ctx;
  return [
    {
      discountCodeId: stableId("discount-code", "student15"),
      organizerId: ORG.vltava,
      code: "STUDENT15",
      kind: "percent",
      value: 15,
      maxUses: 500,
    },
    {
      discountCodeId: stableId("discount-code", "sever20"),
      organizerId: ORG.vltava,
      eventIds: [EVENT.tourPraha, EVENT.tourBrno, EVENT.tourOstrava],
      code: "SEVER20",
      kind: "percent",
      value: 20,
      validTo: day(20, 22),
      maxUses: 100,
    },
    {
      discountCodeId: stableId("discount-code", "vip-500"),
      organizerId: ORG.vltava,
      code: "VIP-500",
      kind: "fixed",
      value: 50000,
      ticketTypeIds: [
        ticketTypeId("tourPraha", "vip"),
        ticketTypeId("tourBrno", "vip"),
        ticketTypeId("anniversary", "vip"),
      ],
    },
    {
      discountCodeId: stableId("discount-code", "divadlo10"),
      organizerId: ORG.divadlo,
      eventIds: [EVENT.miser, EVENT.littlePrince],
      code: "DIVADLO10",
      kind: "percent",
      value: 10,
    },
    {
      discountCodeId: stableId("discount-code", "leto5"),
      organizerId: ORG.leto,
      code: "LETO5",
      kind: "fixed",
      value: 500,
      validFrom: day(-7, 0),
      validTo: day(60, 0),
    },
  ];
}
