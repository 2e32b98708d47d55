/**
 * Prices decided by the service: coupons, discount codes and the supercoupon on real orders (amounts,
 * rounding, scope, validity on the service's clock, use limits and uses given back), the supercoupon's
 * redemption, and the receipts of paid orders with their VAT table.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Order, orderCalls } from "../../src/contract/order.ts";
import type { Receipt } from "../../src/contract/receipt.ts";
import { receiptCalls } from "../../src/contract/receipt.ts";
import { ticketCalls } from "../../src/contract/ticket.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { EVENT, productId, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { coupons, discountCodes, supercoupons, ticketTypes } from "../../src/pass-service/db/schema.ts";
import { discountName } from "../../src/pass-service/services/code-kinds.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  BANK,
  BUYER,
  cancelOrder,
  cartOf,
  createOrder,
  expectError,
  orderBody,
  orderById,
  orderCheck,
  payByCard,
  postOrder,
  postSigned,
  ticketsOf,
  ticketTypeOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const DAY = 86_400_000;
/** VAT rates of the demo catalog's defaults: admission, extra products, chip credit. */
const TICKET_VAT = 12;
const EXTRA_VAT = 21;
const CREDIT_VAT = 0;

const PRAHA = EVENT.tourPraha;
const FESTIVAL = EVENT.festival;
const PRAHA_STANDING = ticketTypeId("tourPraha", "stani");
const PRAHA_VIP = ticketTypeId("tourPraha", "vip");
const PRAHA_PARKING = productId("tourPraha", "parkovani");
const PACKAGE = ticketTypeId("festival", "balicek");
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
const SHIRT = productId("festival", "tricko");
const FESTIVAL_PARKING = productId("festival", "parkovani");
const BRNO_STANDING = ticketTypeId("tourBrno", "stani");
const BRNO_VIP = ticketTypeId("tourBrno", "vip");
const OSTRAVA_STANDING = ticketTypeId("tourOstrava", "stani");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

/** The nearest whole minor unit of a positive amount (halves up). */
const nearest = (x: number) => Math.floor(x + 0.5);

/** A percentage of an amount in minor units, exactly (may be fractional). */
const percentOf = (amount: number, percent: number) => (amount * percent) / 100;

async function couponCheck(eventId: string, code: string) {
  const res = await svc.request(`/api/coupon?eventId=${eventId}&code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(200);
  return ticketCalls.coupon.response.parse(res.body).coupon;
}

async function discountCheck(eventId: string, code: string) {
  const res = await svc.request(`/api/v2/check-discount-code/${encodeURIComponent(code)}`, {
    method: "POST",
    json: { eventId },
  });
  expect(res.status).toBe(200);
  return v2Calls.checkDiscountCode.response.parse(res.body).discount;
}

async function supercouponCheck(code: string) {
  const res = await svc.request(`/api/supercoupon?code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(200);
  return ticketCalls.supercoupon.response.parse(res.body).supercoupon;
}

async function priceOf(eventId: string, id: string): Promise<number> {
  return (await ticketTypeOf(svc, eventId, id)).price;
}

async function cancel(orderId: string) {
  const res = await cancelOrder(svc, orderId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Sets a ticket type's price in the database for the duration of `body`. */
async function withPrice(id: string, price: number, body: () => Promise<void>) {
  const [row] = await svc.database.db.select().from(ticketTypes).where(eq(ticketTypes.ticketTypeId, id));
  if (!row) throw new Error(`No ticket type ${id}`);
  await svc.database.db.update(ticketTypes).set({ price }).where(eq(ticketTypes.ticketTypeId, id));
  try {
    await body();
  } finally {
    await svc.database.db
      .update(ticketTypes)
      .set({ price: row.price })
      .where(eq(ticketTypes.ticketTypeId, id));
  }
}

describe("coupons", () => {
  it("JARO10 takes 10 % off the tickets of its event and nothing off extra products", async () => {
    const coupon = await couponCheck(PRAHA, "JARO10");
    expect(coupon).toMatchObject({ valid: true, kind: "percent", ticketTypeIds: [], ticketProductIds: [] });
    const standing = await priceOf(PRAHA, PRAHA_STANDING);
    const parking = (await cartOf(svc, PRAHA)).extraProducts.find((p) => p.ticketProductId === PRAHA_PARKING);
    if (!parking) throw new Error("no parking at the Prague stop");

    const order = await createOrder(svc, {
      eventId: PRAHA,
      items: [{ ticketTypeId: PRAHA_STANDING, count: 2 }],
      extraProducts: [{ ticketProductId: PRAHA_PARKING, count: 1 }],
      couponCode: " jaro10 ",
    });
    const off = nearest(percentOf(2 * standing, coupon.value ?? 0));
    expect(order.discounts).toEqual([
      { source: "coupon", code: "JARO10", amount: off, basis: { kind: "percent", percent: 10 } },
    ]);
    expect(order.value).toBe(2 * standing + parking.price - off);
    await cancel(order.orderId);
  });

  it("rounds a percentage to the nearest minor unit", async () => {
    const coupon = await couponCheck(PRAHA, "JARO10");
    const percent = coupon.value ?? 0;
    // Prices whose 10 % ends in .7 and .3 of a minor unit: the nearest unit is up once and down once.
    for (const [price, fraction] of [
      [249_007, 0.7],
      [249_003, 0.3],
    ] as const) {
      await withPrice(PRAHA_VIP, price, async () => {
        expect(await priceOf(PRAHA, PRAHA_VIP)).toBe(price);
        const exact = percentOf(price, percent);
        expect(exact - Math.floor(exact)).toBeCloseTo(fraction, 6);
        const order = await createOrder(svc, {
          eventId: PRAHA,
          items: [{ ticketTypeId: PRAHA_VIP, count: 1 }],
          couponCode: "JARO10",
        });
        const off = fraction > 0.5 ? Math.ceil(exact) : Math.floor(exact);
        expect(order.discounts[0]?.amount).toBe(off);
        expect(order.value).toBe(price - off);
        await cancel(order.orderId);
      });
    }
  });

  it("LOUKA-200 takes its fixed amount once per order, only when its ticket types are bought", async () => {
    const coupon = await couponCheck(FESTIVAL, "LOUKA-200");
    expect(coupon).toMatchObject({ valid: true, kind: "fixed" });
    expect(coupon.ticketTypeIds.sort()).toEqual([PACKAGE, THREE_DAY].sort());
    const fixed = coupon.value ?? 0;
    const [pkg, three, camping] = await Promise.all([
      priceOf(FESTIVAL, PACKAGE),
      priceOf(FESTIVAL, THREE_DAY),
      priceOf(FESTIVAL, CAMPING),
    ]);
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [
        { ticketTypeId: PACKAGE, count: 1 },
        { ticketTypeId: THREE_DAY, count: 1 },
        { ticketTypeId: CAMPING, count: 2 },
      ],
      couponCode: "LOUKA-200",
    });
    expect(order.discounts).toEqual([
      { source: "coupon", code: "LOUKA-200", amount: fixed, basis: { kind: "fixed", amount: 20000 } },
    ]);
    expect(order.value).toBe(pkg + three + 2 * camping - fixed);
    await cancel(order.orderId);

    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [{ ticketTypeId: CAMPING, count: 1 }],
          couponCode: "LOUKA-200",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(refused).toMatchObject({ field: "couponCode", reason: "notApplicable" });
  });

  it("LOUKA-200 never takes more than its ticket types cost", async () => {
    const fixed = (await couponCheck(FESTIVAL, "LOUKA-200")).value ?? 0;
    const cheap = fixed - 5_000;
    const camping = await priceOf(FESTIVAL, CAMPING);
    await withPrice(THREE_DAY, cheap, async () => {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [
          { ticketTypeId: THREE_DAY, count: 1 },
          { ticketTypeId: CAMPING, count: 1 },
        ],
        couponCode: "LOUKA-200",
      });
      expect(order.discounts).toEqual([
        { source: "coupon", code: "LOUKA-200", amount: cheap, basis: { kind: "fixed", amount: 20000 } },
      ]);
      expect(order.value).toBe(camping);
      await cancel(order.orderId);
    });
  });

  it("refuses an unknown coupon, a coupon of another event and an expired coupon with INVALID_CODE", async () => {
    const unknown = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: PRAHA,
          items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
          couponCode: "NO-SUCH",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(unknown).toMatchObject({ field: "couponCode", reason: "notFound" });
    const otherEvent = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: EVENT.tourBrno,
          items: [{ ticketTypeId: BRNO_STANDING, count: 1 }],
          couponCode: "JARO10",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(otherEvent).toMatchObject({ field: "couponCode", reason: "wrongEvent" });

    const coupon = await couponCheck(PRAHA, "JARO10");
    expect(coupon.validTo).not.toBeNull();
    svc.clock.offsetMs = Date.parse(coupon.validTo ?? "") - Date.now() + 60_000;
    const expired = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: PRAHA,
          items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
          couponCode: "JARO10",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(expired.reason).toBe("expired");
    // Without the code the order goes through: it was the code that was refused.
    const order = await createOrder(svc, {
      eventId: PRAHA,
      items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
    });
    await cancel(order.orderId);
  });

  it("stops at maxUses and gets a use back when an order with it is canceled", async () => {
    const [row] = await svc.database.db.select().from(coupons).where(eq(coupons.code, "JARO10"));
    if (!row || row.maxUses === null) throw new Error("JARO10 has no use limit");
    const body = orderBody({
      eventId: PRAHA,
      items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
      couponCode: "JARO10",
    });
    await svc.database.db
      .update(coupons)
      .set({ uses: row.maxUses - 1 })
      .where(eq(coupons.couponId, row.couponId));
    try {
      const last = await postOrder(svc, body, { key: randomUUID() });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      const lastOrder = orderCalls.create.response.parse(last.body).order;
      expect(await couponCheck(PRAHA, "JARO10")).toMatchObject({ valid: false, reason: "exhausted" });
      const refused = expectError(await postOrder(svc, body, { key: randomUUID() }), 400, "INVALID_CODE");
      expect(refused).toMatchObject({ field: "couponCode", reason: "exhausted" });

      await cancel(lastOrder.orderId);
      expect(await couponCheck(PRAHA, "JARO10")).toMatchObject({ valid: true, reason: null });
      const again = await postOrder(svc, body, { key: randomUUID() });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      // Canceling twice gives the use back once.
      const id = orderCalls.create.response.parse(again.body).order.orderId;
      await cancel(id);
      await cancel(id);
      const [after] = await svc.database.db.select().from(coupons).where(eq(coupons.couponId, row.couponId));
      expect(after?.uses).toBe(row.maxUses - 1);
    } finally {
      await svc.database.db.update(coupons).set({ uses: row.uses }).where(eq(coupons.couponId, row.couponId));
    }
  });
});

describe("discount codes", () => {
  it("STUDENT15 takes its percentage off the tickets of any event of its organizer", async () => {
    const check = await discountCheck(EVENT.tourOstrava, "STUDENT15");
    expect(check).toMatchObject({ valid: true, kind: "percent" });
    const price = await priceOf(EVENT.tourOstrava, OSTRAVA_STANDING);
    const order = await createOrder(svc, {
      eventId: EVENT.tourOstrava,
      items: [{ ticketTypeId: OSTRAVA_STANDING, count: 3 }],
      discountCode: "student15",
    });
    const off = nearest(percentOf(3 * price, check.value ?? 0));
    expect(order.discounts).toEqual([
      { source: "discountCode", code: "STUDENT15", amount: off, basis: { kind: "percent", percent: 15 } },
    ]);
    expect(order.value).toBe(3 * price - off);
    await cancel(order.orderId);

    // Another organizer's event does not know the code.
    const foreign = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [{ ticketTypeId: CAMPING, count: 1 }],
          discountCode: "STUDENT15",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(foreign).toMatchObject({ field: "discountCode", reason: "notFound" });
  });

  it("SEVER20 applies on the events it lists and is refused with wrongEvent on the others", async () => {
    const check = await discountCheck(EVENT.tourBrno, "SEVER20");
    expect(check).toMatchObject({ valid: true, kind: "percent" });
    const price = await priceOf(EVENT.tourBrno, BRNO_STANDING);
    const order = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_STANDING, count: 1 }],
      discountCode: "SEVER20",
    });
    const off = nearest(percentOf(price, check.value ?? 0));
    expect(order.discounts).toEqual([
      { source: "discountCode", code: "SEVER20", amount: off, basis: { kind: "percent", percent: 20 } },
    ]);
    expect(order.value).toBe(price - off);
    await cancel(order.orderId);

    expect((await discountCheck(EVENT.tourBratislava, "SEVER20")).reason).toBe("wrongEvent");
    const type = (await cartOf(svc, EVENT.tourBratislava)).ticketTypes[0];
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: EVENT.tourBratislava,
          items: [{ ticketTypeId: type?.ticketTypeId ?? "", count: 1 }],
          discountCode: "SEVER20",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(refused).toMatchObject({ field: "discountCode", reason: "wrongEvent" });
  });

  it("refuses a code before its validity starts with notStarted", async () => {
    const event = EVENT.streetTheatre;
    const check = await discountCheck(event, "LETO5");
    expect(check.validFrom).not.toBeNull();
    const type = (await cartOf(svc, event)).ticketTypes[0];
    if (!type) throw new Error("no ticket type");
    svc.clock.offsetMs = Date.parse(check.validFrom ?? "") - Date.now() - DAY;
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: event,
          items: [{ ticketTypeId: type.ticketTypeId, count: 1 }],
          discountCode: "LETO5",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(refused.reason).toBe("notStarted");
    svc.clock.offsetMs = 0;
    const order = await createOrder(svc, {
      eventId: event,
      items: [{ ticketTypeId: type.ticketTypeId, count: 1 }],
      discountCode: "LETO5",
    });
    expect(order.discounts[0]).toMatchObject({
      code: "LETO5",
      amount: Math.min(check.value ?? 0, type.price),
    });
    await cancel(order.orderId);
  });

  it("counts a use per order and gives it back when the order is canceled or expires", async () => {
    const usesOf = async () =>
      (await svc.database.db.select().from(discountCodes).where(eq(discountCodes.code, "SEVER20")))[0]?.uses;
    const before = await usesOf();
    const first = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_STANDING, count: 1 }],
      discountCode: "SEVER20",
    });
    const second = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_STANDING, count: 1 }],
      discountCode: "SEVER20",
    });
    expect(await usesOf()).toBe((before ?? 0) + 2);
    await cancel(first.orderId);
    expect(await usesOf()).toBe((before ?? 0) + 1);
    svc.clock.offsetMs = Date.parse(second.expiresAt ?? "") - Date.now() + 1_000;
    expect((await orderCheck(svc, second.orderId)).status).toBe("expired");
    expect(await usesOf()).toBe(before);
  });
});

describe("supercoupon TURNE-4", () => {
  it("makes the covered tickets free up to its remaining count, and gives them back on cancel", async () => {
    const start = await supercouponCheck("TURNE-4");
    expect(start.valid).toBe(true);
    expect(start.ticketTypeIds).toContain(BRNO_STANDING);
    expect(start.ticketTypeIds).not.toContain(BRNO_VIP);
    const remaining = start.remainingTickets;
    expect(remaining).toBeGreaterThan(3);
    const [standing, vip] = await Promise.all([
      priceOf(EVENT.tourBrno, BRNO_STANDING),
      priceOf(EVENT.tourBrno, BRNO_VIP),
    ]);

    // Three covered standing tickets are free; the dearer VIP ticket is not covered and is paid.
    const brno = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [
        { ticketTypeId: BRNO_STANDING, count: 3 },
        { ticketTypeId: BRNO_VIP, count: 1 },
      ],
      supercouponCode: "turne-4",
    });
    expect(brno.discounts).toEqual([
      { source: "supercoupon", code: "TURNE-4", amount: 3 * standing, basis: { kind: "tickets", count: 3 } },
    ]);
    expect(brno.value).toBe(vip);
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(remaining - 3);

    // Fewer left than asked for: only that many are free.
    const left = remaining - 3;
    const ostravaPrice = await priceOf(EVENT.tourOstrava, OSTRAVA_STANDING);
    const ostrava = await createOrder(svc, {
      eventId: EVENT.tourOstrava,
      items: [{ ticketTypeId: OSTRAVA_STANDING, count: left + 1 }],
      supercouponCode: "TURNE-4",
    });
    expect(ostrava.discounts).toEqual([
      {
        source: "supercoupon",
        code: "TURNE-4",
        amount: left * ostravaPrice,
        basis: { kind: "tickets", count: left },
      },
    ]);
    expect(ostrava.value).toBe(ostravaPrice);
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(0);

    const exhausted = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: PRAHA,
          items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
          supercouponCode: "TURNE-4",
        }),
      ),
      400,
      "INVALID_CODE",
    );
    expect(exhausted).toMatchObject({ field: "supercouponCode", reason: "exhausted" });

    await cancel(ostrava.orderId);
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(left);
    await cancel(brno.orderId);
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(remaining);
  });

  it("makes the dearest covered tickets free first", async () => {
    const [row] = await svc.database.db.select().from(supercoupons).where(eq(supercoupons.code, "TURNE-4"));
    if (!row) throw new Error("no TURNE-4");
    // The Prague VIP ticket is covered too for this test, and one ticket is left.
    await svc.database.db
      .update(supercoupons)
      .set({ ticketTypeIds: [...row.ticketTypeIds, PRAHA_VIP], usedTickets: row.maxTickets - 1 })
      .where(eq(supercoupons.supercouponId, row.supercouponId));
    try {
      const [standing, vip] = await Promise.all([priceOf(PRAHA, PRAHA_STANDING), priceOf(PRAHA, PRAHA_VIP)]);
      expect(vip).toBeGreaterThan(standing);
      const order = await createOrder(svc, {
        eventId: PRAHA,
        items: [
          { ticketTypeId: PRAHA_STANDING, count: 2 },
          { ticketTypeId: PRAHA_VIP, count: 1 },
        ],
        supercouponCode: "TURNE-4",
      });
      expect(order.discounts).toEqual([
        { source: "supercoupon", code: "TURNE-4", amount: vip, basis: { kind: "tickets", count: 1 } },
      ]);
      expect(order.value).toBe(2 * standing);
      await cancel(order.orderId);
    } finally {
      await svc.database.db
        .update(supercoupons)
        .set({ ticketTypeIds: row.ticketTypeIds, usedTickets: row.usedTickets })
        .where(eq(supercoupons.supercouponId, row.supercouponId));
    }
  });

  it("redeems into a paid order with its tickets, only for covered tickets it still has", async () => {
    const [row] = await svc.database.db.select().from(supercoupons).where(eq(supercoupons.code, "TURNE-4"));
    if (!row) throw new Error("no TURNE-4");
    try {
      await redeemAndCheck();
    } finally {
      // The redeemed tickets stay issued; the code's count is set back so other tests find it as it was.
      await svc.database.db
        .update(supercoupons)
        .set({ usedTickets: row.usedTickets })
        .where(eq(supercoupons.supercouponId, row.supercouponId));
    }
  });

  async function redeemAndCheck() {
    const remaining = (await supercouponCheck("TURNE-4")).remainingTickets;
    const redeem = (items: { ticketTypeId: string; count: number }[], eventId = PRAHA) =>
      svc.request("/api/supercoupon-redeem", {
        method: "POST",
        lang: "en",
        headers: { "Idempotency-Key": randomUUID() },
        json: { code: "TURNE-4", eventId, items, buyer: BUYER, language: "en" },
      });

    const notCovered = expectError(
      await redeem([{ ticketTypeId: PRAHA_VIP, count: 1 }]),
      400,
      "INVALID_CODE",
    );
    expect(notCovered.reason).toBe("notApplicable");
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(remaining);

    const res = await redeem([{ ticketTypeId: PRAHA_STANDING, count: 2 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const redeemed = ticketCalls.supercouponRedeem.response.parse(res.body);
    expect(redeemed.tickets).toHaveLength(2);
    for (const t of redeemed.tickets) expect(t.ticketType.ticketTypeId).toBe(PRAHA_STANDING);
    const order = await orderById(svc, redeemed.orderId);
    expect(order).toMatchObject({ status: "paid", value: 0, orderNumber: redeemed.orderNumber });
    expect(order.discounts[0]).toMatchObject({
      source: "supercoupon",
      amount: 2 * (await priceOf(PRAHA, PRAHA_STANDING)),
      basis: { kind: "tickets", count: 2 },
    });
    expect((await ticketsOf(svc, redeemed.orderId)).map((t) => t.ticketId)).toEqual(
      redeemed.tickets.map((t) => t.ticketId),
    );
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(remaining - 2);

    // More tickets than it has left would not be free: nothing is redeemed.
    const tooMany = expectError(
      await redeem([{ ticketTypeId: BRNO_STANDING, count: remaining - 1 }], EVENT.tourBrno),
      400,
      "INVALID_CODE",
    );
    expect(tooMany.field).toBe("items");
    expect((await supercouponCheck("TURNE-4")).remainingTickets).toBe(remaining - 2);
  }
});

/** Expected receipt rows (rate, total) of lines, and the VAT table computed from them independently. */
function expectedVatTable(lines: { vatRate: number; total: number }[]) {
  const totals = new Map<number, number>();
  for (const l of lines) totals.set(l.vatRate, (totals.get(l.vatRate) ?? 0) + l.total);
  return [...totals.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, total]) => {
      const vat = Math.sign(total) * nearest((Math.abs(total) * rate) / (100 + rate));
      return { rate, base: total - vat, vat, total };
    });
}

/** What the receipt of an order must hold: its lines at their rates, discounts at the rate of what they lower. */
function expectedLines(order: Order, discountRate: number) {
  return [
    ...order.tickets.map((t) => ({ vatRate: TICKET_VAT, total: t.price * t.count })),
    ...order.extraProducts.map((p) => ({ vatRate: EXTRA_VAT, total: p.price * p.count })),
    ...order.chips.map((c) => ({ vatRate: CREDIT_VAT, total: c.price })),
    ...order.discounts.map((d) => ({ vatRate: discountRate, total: -d.amount })),
  ];
}

const byRateAndTotal = (a: { vatRate: number; total: number }, b: { vatRate: number; total: number }) =>
  a.vatRate - b.vatRate || a.total - b.total;

async function receiptsOf(orderId: string): Promise<Receipt[]> {
  const res = await svc.request(`/api/order-receipts?orderId=${orderId}`, { lang: "en" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.receipts.response.parse(res.body).receipts;
}

/** Checks a receipt against its order: lines, the fee, and a VAT table that adds up. */
function expectReceiptOf(receipt: Receipt, order: Order, discountRate: number) {
  expect(receipt).toMatchObject({ orderId: order.orderId, currencyId: order.currencyId, total: order.value });
  const lines = receipt.lines.map((l) => ({ vatRate: l.vatRate, total: l.total }));
  for (const l of receipt.lines) expect(l.total).toBe(l.unitPrice * l.count);
  const fee = receipt.lines.filter((l) => l.itemTypeId === null && l.total > 0);
  expect(fee.reduce((s, l) => s + l.total, 0)).toBe(order.feeAmount);
  const withoutFee = lines.filter((l) => !fee.some((f) => f.total === l.total && f.vatRate === l.vatRate));
  expect(withoutFee.sort(byRateAndTotal)).toEqual(expectedLines(order, discountRate).sort(byRateAndTotal));
  expect(lines.reduce((s, l) => s + l.total, 0)).toBe(order.value);

  expect(receipt.vatTable).toEqual(expectedVatTable(lines));
  for (const row of receipt.vatTable) expect(row.base + row.vat).toBe(row.total);
  expect(receipt.vatTable.reduce((s, r) => s + r.total, 0)).toBe(order.value);
}

describe("receipts", () => {
  it("are issued when an order is paid: lines at their VAT rates, a discount at its tickets' rate, the fee", async () => {
    const chip = (await cartOf(svc, FESTIVAL)).chipProducts[0];
    const shirt = (await cartOf(svc, FESTIVAL)).extraProducts.find((p) => p.ticketProductId === SHIRT);
    const size = shirt?.variants[0]?.values.find((v) => v.priceDelta === 0);
    if (!chip || !size) throw new Error("the festival sells no chip credit or shirt");
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [
        { ticketTypeId: PACKAGE, count: 1 },
        { ticketTypeId: CAMPING, count: 2 },
      ],
      extraProducts: [
        { ticketProductId: SHIRT, variantValueId: size.variantValueId, count: 1 },
        { ticketProductId: FESTIVAL_PARKING, count: 1 },
      ],
      chips: [{ productItemId: chip.productItemId, amount: chip.amount }],
      couponCode: "LOUKA-200",
      paymentMethodId: BANK,
    });
    expect(order.feeAmount).toBeGreaterThan(0);
    expect(await receiptsOf(order.orderId)).toEqual([]);

    const paid = await postSigned(svc, "/api/bank-notification", {
      transactionId: `tx-${randomUUID()}`,
      variableSymbol: String(order.orderNumber),
      amount: order.amount,
      currencyId: order.currencyId,
      receivedAt: new Date().toISOString(),
    });
    expect(paid.body.result).toBe("paid");

    const receipts = await receiptsOf(order.orderId);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0] as Receipt;
    expectReceiptOf(receipt, order, TICKET_VAT);
    // A discount line is named as the cart and the order page name it: the code's kind, then the code.
    const discountLines = receipt.lines.filter((l) => l.total < 0);
    expect(discountLines.length).toBeGreaterThan(0);
    for (const l of discountLines) expect(l.name).toBe(discountName("en", "coupon", "LOUKA-200"));
    expect(receipt.vatTable.map((r) => r.rate)).toEqual([EXTRA_VAT, TICKET_VAT, CREDIT_VAT]);
    expect(receipt.buyerName).toBe(`${BUYER.firstName} ${BUYER.lastName}`);

    const products = await svc.request(`/api/receipt-products?receiptId=${receipt.receiptId}`, {
      lang: "en",
    });
    expect(receiptCalls.products.response.parse(products.body)).toEqual({
      errorText: "OK",
      receiptId: receipt.receiptId,
      currencyId: receipt.currencyId,
      lines: receipt.lines,
    });
    const vat = await svc.request(`/api/receipt-vat-table?receiptId=${receipt.receiptId}`);
    expect(receiptCalls.vatTable.response.parse(vat.body)).toEqual({
      errorText: "OK",
      receiptId: receipt.receiptId,
      currencyId: receipt.currencyId,
      vatTable: receipt.vatTable,
    });
    const v2 = await svc.request(`/api/order-receipts-v2?orderId=${order.orderId}`, { lang: "en" });
    expect(orderCalls.receiptsV2.response.parse(v2.body).receipts).toEqual(receipts);
  });

  it("put a percentage off tickets at the tickets' rate, even with extra products in the order", async () => {
    const order = await createOrder(svc, {
      eventId: PRAHA,
      items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }],
      extraProducts: [{ ticketProductId: PRAHA_PARKING, count: 1 }],
      discountCode: "STUDENT15",
    });
    await payByCard(svc, order);
    const [receipt] = await receiptsOf(order.orderId);
    if (!receipt) throw new Error("no receipt");
    expectReceiptOf(receipt, order, TICKET_VAT);
  });

  it("answer 404 for an unknown receipt", async () => {
    expectError(await svc.request(`/api/receipt-products?receiptId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await svc.request(`/api/receipt-vat-table?receiptId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await svc.request("/api/receipt-vat-table?receiptId=x"), 400, "VALIDATION");
  });
});
