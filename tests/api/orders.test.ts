/**
 * Orders against the demo catalog: creating them from a hold or from items (prices, extras with variants,
 * chip credit, fees decided by the service), the refusals, the lifecycle created → pendingPayment → paid |
 * canceled | expired on the service's clock, idempotency keys (also under concurrent duplicates), and the
 * order reads.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderCalls } from "../../src/contract/order.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  availability,
  availableOf,
  BANK,
  CARD,
  callbackFor,
  cancelOrder,
  cartOf,
  createOrder,
  expectError,
  feeOf,
  openGateway,
  orderBody,
  orderById,
  orderCheck,
  postOrder,
  RETURN_URL,
  sendCallback,
  submitGateway,
  ticketsOf,
  ticketTypeOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const MINUTE = 60_000;
/** How long an unpaid gateway order keeps its units by default (ORDER_PAYMENT_MINUTES). */
const ORDER_PAYMENT_MS = 20 * MINUTE;

const FESTIVAL = EVENT.festival;
const PRAHA = EVENT.tourPraha;
const PACKAGE = ticketTypeId("festival", "balicek");
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
const FESTIVAL_VIP = ticketTypeId("festival", "vip");
const FAMILY = ticketTypeId("festival", "rodinna");
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const MEET_AND_GREET = ticketTypeId("tourPraha", "setkani-s-kapelou");
const EARLY_BIRD = ticketTypeId("tourPraha", "stani-prvni-vlna");
const PRAHA_STANDING = ticketTypeId("tourPraha", "stani");
const PRAHA_VIP = ticketTypeId("tourPraha", "vip");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

async function canceled(orderId: string) {
  const res = await cancelOrder(svc, orderId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.cancel.response.parse(res.body).orderStatus;
}

async function holdOk(
  eventId: string,
  items: { ticketTypeId: string; count: number }[],
  reservationId?: string,
) {
  const res = await svc.request("/api/reservation", {
    method: "POST",
    json: { eventId, items, ...(reservationId ? { reservationId } : {}) },
  });
  return res;
}

/** The variant values of an extra product of an event, as the cart lists them. */
async function productOf(eventId: string, ticketProductId: string) {
  const product = (await cartOf(svc, eventId)).extraProducts.find(
    (p) => p.ticketProductId === ticketProductId,
  );
  if (!product) throw new Error(`Extra product ${ticketProductId} is not sold for ${eventId}`);
  return product;
}

async function variantAvailable(eventId: string, ticketProductId: string, variantValueId: string) {
  const product = await productOf(eventId, ticketProductId);
  const value = product.variants.flatMap((v) => v.values).find((v) => v.variantValueId === variantValueId);
  if (!value) throw new Error(`No variant value ${variantValueId}`);
  return value.available;
}

describe("order.create", () => {
  it("takes over a hold's units: availability does not move, the hold becomes ordered and stops counting", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, THREE_DAY);
    const before = type.available;
    const held = await holdOk(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 2 }]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const reservationId = reservationCalls.create.response.parse(held.body).reservation.reservationId;
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - 2);

    const order = await createOrder(svc, { eventId: FESTIVAL, reservationId });
    expect(order.status).toBe("created");
    expect(order.tickets).toEqual([expect.objectContaining({ count: 2, price: type.price, seats: [] })]);
    expect(order.tickets[0]?.ticketType).toMatchObject({ ticketTypeId: THREE_DAY, price: type.price });
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - 2);

    // The hold is an order now: it cannot be changed or ordered again, and releasing it frees nothing.
    const changed = expectError(
      await holdOk(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 1 }], reservationId),
      409,
      "HOLD_EXPIRED",
    );
    expect(changed.field).toBe("reservationId");
    expectError(await postOrder(svc, orderBody({ eventId: FESTIVAL, reservationId })), 409, "HOLD_EXPIRED");
    const released = await svc.request(`/api/reservation?reservationId=${reservationId}`, {
      method: "DELETE",
    });
    expect(released.status).toBe(200);
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - 2);

    // Canceling gives back exactly the two units: the ordered hold does not count on top of the sale.
    await canceled(order.orderId);
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before);
  });

  it("adds standing items to a hold's tickets, within the per-order limits of the whole order", async () => {
    const type = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const held = await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: 1 }]);
    const reservationId = reservationCalls.create.response.parse(held.body).reservation.reservationId;
    const over = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: PRAHA,
          reservationId,
          items: [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder }],
        }),
      ),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(over.max).toBe(type.maxPerOrder);
    const order = await createOrder(svc, {
      eventId: PRAHA,
      reservationId,
      items: [{ ticketTypeId: MEET_AND_GREET, count: type.maxPerOrder - 1 }],
    });
    expect(order.tickets.map((t) => [t.ticketType.ticketTypeId, t.count])).toEqual([
      [MEET_AND_GREET, type.maxPerOrder],
    ]);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(type.available - type.maxPerOrder);
    await canceled(order.orderId);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(type.available);
  });

  it("prices items, extras with a variant value and parking from the catalog, and takes their units", async () => {
    const cart = await cartOf(svc, FESTIVAL);
    const camping = cart.ticketTypes.find((t) => t.ticketTypeId === CAMPING);
    const shirt = cart.extraProducts.find((p) =>
      p.variants.some((v) => v.values.some((x) => x.priceDelta > 0)),
    );
    const plain = cart.extraProducts.find((p) => p.variants.length === 0 && p.chips.length === 0);
    if (!camping || !shirt || !plain) throw new Error("the festival lacks camping, a sized shirt or parking");
    const value = shirt.variants.flatMap((v) => v.values).find((x) => x.priceDelta > 0);
    if (!value) throw new Error("no variant value with a price delta");
    const fee = await feeOf(svc, FESTIVAL, CARD);
    const before = await availability(svc, FESTIVAL);
    const valueBefore = value.available;

    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: CAMPING, count: 2 }],
      extraProducts: [
        { ticketProductId: shirt.ticketProductId, variantValueId: value.variantValueId, count: 1 },
        { ticketProductId: plain.ticketProductId, count: 1 },
      ],
    });
    expect(order.tickets.map((t) => [t.ticketType.ticketTypeId, t.count, t.price])).toEqual([
      [CAMPING, 2, camping.price],
    ]);
    const shirtLine = order.extraProducts.find((p) => p.ticketProductId === shirt.ticketProductId);
    expect(shirtLine).toMatchObject({
      price: shirt.price + value.priceDelta,
      count: 1,
      variantValueId: value.variantValueId,
      variantName: value.name,
      currencyId: camping.currencyId,
    });
    expect(order.extraProducts.find((p) => p.ticketProductId === plain.ticketProductId)).toMatchObject({
      price: plain.price,
      count: 1,
      variantValueId: null,
    });
    const lines = 2 * camping.price + shirt.price + value.priceDelta + plain.price;
    expect(order).toMatchObject({
      value: lines + fee,
      amount: lines + fee,
      feeAmount: fee,
      paidAmount: 0,
      currencyId: camping.currencyId,
      discounts: [],
      paymentMethodId: CARD,
    });

    const after = await availability(svc, FESTIVAL);
    expect(after.types.get(CAMPING)).toBe((before.types.get(CAMPING) ?? 0) - 2);
    expect(after.products.get(shirt.ticketProductId)).toBe(
      (before.products.get(shirt.ticketProductId) ?? 0) - 1,
    );
    expect(after.products.get(plain.ticketProductId)).toBe(
      (before.products.get(plain.ticketProductId) ?? 0) - 1,
    );
    expect(await variantAvailable(FESTIVAL, shirt.ticketProductId, value.variantValueId)).toBe(
      valueBefore - 1,
    );

    await canceled(order.orderId);
    const back = await availability(svc, FESTIVAL);
    expect(back.types).toEqual(before.types);
    expect(back.products).toEqual(before.products);
    expect(await variantAvailable(FESTIVAL, shirt.ticketProductId, value.variantValueId)).toBe(valueBefore);
  });

  it("sells chip credit in multiples of a top-up's amount, at the top-up's price per multiple", async () => {
    const event = EVENT.festivalCredit;
    const chips = (await cartOf(svc, event)).chipProducts;
    const topUp = chips.find((c) => c.price !== c.amount) ?? chips[0];
    if (!topUp) throw new Error("The credit event sells no chip top-ups");
    const fee = await feeOf(svc, event, CARD);

    const order = await createOrder(svc, {
      eventId: event,
      chips: [{ productItemId: topUp.productItemId, amount: 3 * topUp.amount }],
    });
    expect(order.chips).toEqual([
      {
        productItemId: topUp.productItemId,
        amount: 3 * topUp.amount,
        name: topUp.name,
        price: 3 * topUp.price,
        chipId: null,
      },
    ]);
    expect(order.tickets).toEqual([]);
    expect(order.value).toBe(3 * topUp.price + fee);

    const odd = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: event,
          chips: [{ productItemId: topUp.productItemId, amount: topUp.amount + 1 }],
        }),
      ),
      400,
      "VALIDATION",
    );
    expect(odd.field).toBe("chips.0.amount");
    expectError(
      await postOrder(
        svc,
        orderBody({ eventId: event, chips: [{ productItemId: UNKNOWN_ID, amount: 100 }] }),
      ),
      404,
      "NOT_FOUND",
    );
    await canceled(order.orderId);
  });

  it("adds the payment method's fee: value = lines − discounts + fee", async () => {
    const fee = await feeOf(svc, FESTIVAL, BANK);
    expect(fee).toBeGreaterThan(0);
    const type = await ticketTypeOf(svc, FESTIVAL, PACKAGE);
    const coupon = await svc.request(`/api/coupon?eventId=${FESTIVAL}&code=LOUKA-200`);
    expect(coupon.body.coupon.valid).toBe(true);
    expect(coupon.body.coupon.ticketTypeIds).toContain(PACKAGE);
    const off = Math.min(coupon.body.coupon.value as number, type.price);

    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: PACKAGE, count: 1 }],
      couponCode: "LOUKA-200",
      paymentMethodId: BANK,
    });
    expect(order.discounts).toEqual([
      { source: "coupon", code: "LOUKA-200", amount: off, basis: { kind: "fixed", amount: 20000 } },
    ]);
    expect(order.feeAmount).toBe(fee);
    expect(order.value).toBe(type.price - off + fee);
    expect(order.amount).toBe(order.value);
    await canceled(order.orderId);
  });

  it("refuses counts over a ticket type's or an extra product's maximum", async () => {
    const mg = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const over = expectError(
      await postOrder(
        svc,
        orderBody({ eventId: PRAHA, items: [{ ticketTypeId: MEET_AND_GREET, count: mg.maxPerOrder + 1 }] }),
      ),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(over).toMatchObject({ field: "items.0", max: mg.maxPerOrder, min: mg.minPerOrder });

    const parking = (await cartOf(svc, FESTIVAL)).extraProducts.find((p) => p.variants.length === 0);
    if (!parking) throw new Error("no extra product without variants");
    const extra = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          extraProducts: [{ ticketProductId: parking.ticketProductId, count: parking.maxPerOrder + 1 }],
        }),
      ),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(extra).toMatchObject({ field: "extraProducts.0", max: parking.maxPerOrder });

    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available);
  });

  it("refuses more tickets than are left with SOLD_OUT and how many are left", async () => {
    const mg = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const orders: string[] = [];
    let left = mg.available;
    while (left >= mg.maxPerOrder) {
      orders.push(
        (
          await createOrder(svc, {
            eventId: PRAHA,
            items: [{ ticketTypeId: MEET_AND_GREET, count: mg.maxPerOrder }],
          })
        ).orderId,
      );
      left -= mg.maxPerOrder;
    }
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(left);
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({ eventId: PRAHA, items: [{ ticketTypeId: MEET_AND_GREET, count: left + 1 }] }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(refused).toMatchObject({ field: "items.0", available: left });
    for (const id of orders) await canceled(id);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available);
  });

  it("sells the last units once when buyers race for them", async () => {
    const mg = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const winners = Math.floor(mg.available / mg.maxPerOrder);
    const answers = await Promise.all(
      Array.from({ length: winners + 3 }, () =>
        postOrder(
          svc,
          orderBody({ eventId: PRAHA, items: [{ ticketTypeId: MEET_AND_GREET, count: mg.maxPerOrder }] }),
          {
            key: randomUUID(),
          },
        ),
      ),
    );
    const sold = answers.filter((res) => res.status === 200);
    expect(sold).toHaveLength(winners);
    for (const res of answers.filter((r) => r.status !== 200)) expectError(res, 409, "SOLD_OUT");
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available - winners * mg.maxPerOrder);
    for (const res of sold) await canceled(orderCalls.create.response.parse(res.body).order.orderId);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available);
  });

  it("refuses more of a variant value than is left with SOLD_OUT", async () => {
    const product = (await cartOf(svc, FESTIVAL)).extraProducts.find((p) => p.variants.length > 0);
    const value = product?.variants
      .flatMap((v) => v.values)
      .filter((v) => v.available < (product?.available ?? 0))
      .sort((a, b) => a.available - b.available)[0];
    if (!product || !value) throw new Error("no variant value with its own capacity");
    const orders: string[] = [];
    let left = value.available;
    while (left > 0) {
      const count = Math.min(left, product.maxPerOrder);
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        extraProducts: [
          { ticketProductId: product.ticketProductId, variantValueId: value.variantValueId, count },
        ],
      });
      orders.push(order.orderId);
      left -= count;
    }
    expect(await variantAvailable(FESTIVAL, product.ticketProductId, value.variantValueId)).toBe(0);
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          extraProducts: [
            { ticketProductId: product.ticketProductId, variantValueId: value.variantValueId, count: 1 },
          ],
        }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(refused.available).toBe(0);
    expect(refused.field).toBe("extraProducts.0");
    for (const id of orders) await canceled(id);
    expect(await variantAvailable(FESTIVAL, product.ticketProductId, value.variantValueId)).toBe(
      value.available,
    );
  });

  it("refuses more of an extra product than is left with SOLD_OUT", async () => {
    const products = (await cartOf(svc, FESTIVAL)).extraProducts.filter((p) => p.variants.length === 0);
    const workshop = [...products].sort((a, b) => a.available - b.available)[0];
    if (!workshop) throw new Error("no extra product");
    const orders: string[] = [];
    let left = workshop.available;
    while (left > 0) {
      const count = Math.min(left, workshop.maxPerOrder);
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        extraProducts: [{ ticketProductId: workshop.ticketProductId, count }],
      });
      orders.push(order.orderId);
      left -= count;
    }
    expect((await availability(svc, FESTIVAL)).products.get(workshop.ticketProductId)).toBe(0);
    expect((await productOf(FESTIVAL, workshop.ticketProductId)).soldOut).toBe(true);
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          extraProducts: [{ ticketProductId: workshop.ticketProductId, count: 1 }],
        }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(refused).toMatchObject({ field: "extraProducts.0", available: 0 });
    for (const id of orders) await canceled(id);
    expect((await availability(svc, FESTIVAL)).products.get(workshop.ticketProductId)).toBe(
      workshop.available,
    );
  });

  it("refuses an event whose sale has not started and a ticket type outside its window with NOT_ON_SALE", async () => {
    const upcoming = (await cartOf(svc, EVENT.anniversary)).ticketTypes[0];
    if (!upcoming) throw new Error("the upcoming event sells no ticket types");
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({ eventId: EVENT.anniversary, items: [{ ticketTypeId: upcoming.ticketTypeId, count: 1 }] }),
      ),
      409,
      "NOT_ON_SALE",
    );
    expect(refused.field).toBe("eventId");

    const early = await ticketTypeOf(svc, PRAHA, EARLY_BIRD);
    svc.clock.offsetMs = Date.parse(early.salesTo ?? "") - Date.now() + MINUTE;
    const late = expectError(
      await postOrder(svc, orderBody({ eventId: PRAHA, items: [{ ticketTypeId: EARLY_BIRD, count: 1 }] })),
      409,
      "NOT_ON_SALE",
    );
    expect(late.field).toBe("items.0");
  });

  it("refuses a payment method the event does not offer", async () => {
    const res = await svc.request(`/api/event/${EVENT.tourBratislava}/payment-method`);
    const offered = (res.body.paymentMethods as { paymentMethodId: number }[]).map((m) => m.paymentMethodId);
    expect(offered).not.toContain(BANK);
    const type = (await cartOf(svc, EVENT.tourBratislava)).ticketTypes[0];
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: EVENT.tourBratislava,
          items: [{ ticketTypeId: type?.ticketTypeId ?? "", count: 1 }],
          paymentMethodId: BANK,
        }),
      ),
      400,
      "PAYMENT_METHOD_NOT_OFFERED",
    );
    expect(refused.field).toBe("paymentMethodId");
    const festival = await svc.request(`/api/event/${FESTIVAL}/payment-method`);
    const festivalMethods = (festival.body.paymentMethods as { paymentMethodId: number }[]).map(
      (m) => m.paymentMethodId,
    );
    const notOffered = [12, 13, 14, 15].find((id) => !festivalMethods.includes(id)) ?? 12;
    expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [{ ticketTypeId: THREE_DAY, count: 1 }],
          paymentMethodId: notOffered,
        }),
      ),
      400,
      "PAYMENT_METHOD_NOT_OFFERED",
    );
  });

  it("refuses seats in order-create-v2 that no hold of the order holds", async () => {
    const res = await postOrder(
      svc,
      orderBody({
        eventId: FESTIVAL,
        items: [{ ticketTypeId: THREE_DAY, count: 1 }],
        seats: [{ sectorId: UNKNOWN_ID, seatId: randomUUID() }],
      } as Parameters<typeof orderBody>[0]),
      { path: "/api/order-create-v2" },
    );
    expect(expectError(res, 400, "SEATS_NOT_HELD").field).toBe("reservationId");
    // Without seats, v2 creates orders as v1 does.
    const ok = await postOrder(
      svc,
      orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: THREE_DAY, count: 1 }] }),
      {
        path: "/api/order-create-v2",
      },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await canceled(orderCalls.createV2.response.parse(ok.body).order.orderId);
  });

  it("refuses an order of nothing, a repeated ticket type, and things the event does not sell", async () => {
    expectError(await postOrder(svc, orderBody({ eventId: FESTIVAL })), 400, "VALIDATION");
    expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [
            { ticketTypeId: THREE_DAY, count: 1 },
            { ticketTypeId: THREE_DAY, count: 1 },
          ],
        }),
      ),
      400,
      "VALIDATION",
    );
    expectError(
      await postOrder(
        svc,
        orderBody({ eventId: UNKNOWN_ID, items: [{ ticketTypeId: THREE_DAY, count: 1 }] }),
      ),
      404,
      "NOT_FOUND",
    );
    expectError(
      await postOrder(
        svc,
        orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: PRAHA_STANDING, count: 1 }] }),
      ),
      404,
      "NOT_FOUND",
    );
    const products = (await cartOf(svc, FESTIVAL)).extraProducts;
    const withVariant = products.find((p) => p.variants.length > 0);
    const other = products.find((p) => p.variants.length === 0);
    const value = withVariant?.variants[0]?.values[0];
    if (!value || !other) throw new Error("no product with a variant");
    const wrongValue = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          extraProducts: [
            { ticketProductId: other.ticketProductId, variantValueId: value.variantValueId, count: 1 },
          ],
        }),
      ),
      404,
      "NOT_FOUND",
    );
    expect(wrongValue.field).toBe("extraProducts.0.variantValueId");
    expectError(
      await postOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: THREE_DAY, count: 1 }] }),
      400,
      "VALIDATION",
    );
  });
});

describe("order lifecycle", () => {
  it("goes created → pendingPayment when the gateway page opens → paid when the gateway approves", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, FESTIVAL_VIP);
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: FESTIVAL_VIP, count: 1 }],
    });
    expect(order.status).toBe("created");
    expect(order.payment).toMatchObject({ paymentMethodId: CARD, status: "pending", bankTransfer: null });
    expect(order.payment.redirectUrl).toMatch(/\/gateway\/[0-9a-f-]{36}$/);
    expect(Date.parse(order.expiresAt ?? "") - Date.parse(order.created)).toBe(ORDER_PAYMENT_MS);
    expect(await orderCheck(svc, order.orderId)).toMatchObject({
      status: "created",
      final: false,
      paid: null,
    });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);

    await openGateway(svc, order);
    const pending = await orderCheck(svc, order.orderId);
    expect(pending).toMatchObject({ status: "pendingPayment", final: false, paymentStatus: "pending" });
    expect(pending.redirectUrl).toBe(order.payment.redirectUrl);

    const res = await submitGateway(svc, order, "approve");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(RETURN_URL);
    const paid = await orderCheck(svc, order.orderId);
    expect(paid).toMatchObject({
      status: "paid",
      final: true,
      paidAmount: order.value,
      paymentStatus: "approved",
      redirectUrl: null,
      expiresAt: null,
    });
    expect(paid.paid).not.toBeNull();
    const v2 = await svc.request(`/api/v2/order/${order.orderId}/status`);
    expect(v2Calls.orderStatus.response.parse(v2.body).orderStatus).toMatchObject({
      status: "paid",
      final: true,
    });
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(1);
    // Paid units stay sold.
    expect(await availableOf(svc, FESTIVAL, FESTIVAL_VIP)).toBe(type.available - 1);
  });

  it("cancels an unpaid order: its units come back once, repeating is harmless, a paid order refuses", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 3 }] });
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - 3);
    await openGateway(svc, order);

    const first = await canceled(order.orderId);
    expect(first).toMatchObject({ status: "canceled", final: true, redirectUrl: null, expiresAt: null });
    expect(first.canceled).not.toBeNull();
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before);
    const again = await canceled(order.orderId);
    expect(again).toMatchObject({ status: "canceled", canceled: first.canceled });
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before);
    // The gateway page of a canceled order takes no payment.
    const page = await svc.request(order.payment.redirectUrl ?? "");
    expect(String(page.body)).not.toContain("<form");
    expect((await orderById(svc, order.orderId)).status).toBe("canceled");

    const paid = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, paid);
    await submitGateway(svc, paid, "approve");
    const refused = expectError(await cancelOrder(svc, paid.orderId), 409, "ORDER_PAID");
    expect(refused.field).toBe("orderId");
    expect((await orderCheck(svc, paid.orderId)).status).toBe("paid");
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - 1);

    expectError(await cancelOrder(svc, UNKNOWN_ID), 404, "NOT_FOUND");
  });

  it("expires an unpaid order after ORDER_PAYMENT_MINUTES: final, and its units are on sale again", async () => {
    const before = await availableOf(svc, FESTIVAL, FAMILY);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: FAMILY, count: 2 }] });
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before - 2);
    const expiresAt = Date.parse(order.expiresAt ?? "");

    svc.clock.offsetMs = expiresAt - Date.now() - 30_000;
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "created", final: false });
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before - 2);

    svc.clock.offsetMs = expiresAt - Date.now() + 1_000;
    expect(await orderCheck(svc, order.orderId)).toMatchObject({
      status: "expired",
      final: true,
      expiresAt: null,
      redirectUrl: null,
      paymentStatus: "none",
    });
    const v2 = await svc.request(`/api/v2/order/${order.orderId}/status`);
    expect(v2.status).toBe(200);
    expect(v2Calls.orderStatus.response.parse(v2.body).orderStatus).toMatchObject({
      status: "expired",
      final: true,
    });
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before);
    // Canceling an expired order changes nothing and gives nothing back twice.
    expect(await canceled(order.orderId)).toMatchObject({ status: "expired", canceled: null });
    expect(await availableOf(svc, FESTIVAL, FAMILY)).toBe(before);
  });

  it("gives an expired order's units to the next hold and order at once, without anyone reading it", async () => {
    const mg = await ticketTypeOf(svc, PRAHA, MEET_AND_GREET);
    const orders = [];
    let left = mg.available;
    while (left >= mg.maxPerOrder) {
      orders.push(
        await createOrder(svc, {
          eventId: PRAHA,
          items: [{ ticketTypeId: MEET_AND_GREET, count: mg.maxPerOrder }],
        }),
      );
      left -= mg.maxPerOrder;
    }
    const last = orders[orders.length - 1];
    if (!last) throw new Error("no order");
    svc.clock.offsetMs = Date.parse(last.expiresAt ?? "") - Date.now() + 1_000;

    const held = await holdOk(PRAHA, [{ ticketTypeId: MEET_AND_GREET, count: mg.maxPerOrder }]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const reservationId = reservationCalls.create.response.parse(held.body).reservation.reservationId;
    const order = await createOrder(svc, { eventId: PRAHA, reservationId });
    expect(order.tickets[0]?.count).toBe(mg.maxPerOrder);
    for (const o of orders) expect((await orderCheck(svc, o.orderId)).status).toBe("expired");
    await canceled(order.orderId);
    expect(await availableOf(svc, PRAHA, MEET_AND_GREET)).toBe(mg.available);
  });

  it("issues no tickets for an approval that comes after the order expired", async () => {
    const before = await availableOf(svc, FESTIVAL, CAMPING);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: CAMPING, count: 1 }] });
    await openGateway(svc, order);
    svc.clock.offsetMs = Date.parse(order.expiresAt ?? "") - Date.now() + 1_000;

    // The buyer approves on the gateway page after the order's time is up.
    const res = await submitGateway(svc, order, "approve");
    expect(res.status).toBe(303);
    const status = await orderCheck(svc, order.orderId);
    expect(status).toMatchObject({ status: "expired", final: true, paid: null, paidAmount: 0 });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    const receipts = await svc.request(`/api/order-receipts?orderId=${order.orderId}`);
    expect(orderCalls.receipts.response.parse(receipts.body).receipts).toEqual([]);

    // A provider's late approval is recorded and ignored.
    const late = await sendCallback(svc, callbackFor(order, "approved"));
    expect(late).toEqual({ errorText: "OK", result: "ignored", orderId: order.orderId });
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "expired", paymentStatus: "none" });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    expect(await availableOf(svc, FESTIVAL, CAMPING)).toBe(before);
  });
});

describe("idempotency keys", () => {
  it("answers a repeat of the same request with the same order, sold once", async () => {
    const before = await availableOf(svc, FESTIVAL, PACKAGE);
    const key = randomUUID();
    const body = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: PACKAGE, count: 2 }] });
    const first = await postOrder(svc, body, { key });
    const second = await postOrder(svc, body, { key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = orderCalls.create.response.parse(first.body).order;
    const b = orderCalls.create.response.parse(second.body).order;
    expect(b.orderId).toBe(a.orderId);
    expect(b.orderNumber).toBe(a.orderNumber);
    expect(await availableOf(svc, FESTIVAL, PACKAGE)).toBe(before - 2);

    // The same key with another body is refused and changes nothing.
    const other = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: PACKAGE, count: 3 }] });
    const reused = expectError(await postOrder(svc, other, { key }), 422, "IDEMPOTENCY_KEY_REUSED");
    expect(reused.field).toBe("headers.Idempotency-Key");
    expect(await availableOf(svc, FESTIVAL, PACKAGE)).toBe(before - 2);

    // The same body under a new key is a new order.
    const third = await postOrder(svc, body, { key: randomUUID() });
    expect(third.status).toBe(200);
    const c = orderCalls.create.response.parse(third.body).order;
    expect(c.orderId).not.toBe(a.orderId);
    expect(await availableOf(svc, FESTIVAL, PACKAGE)).toBe(before - 4);
    await canceled(a.orderId);
    await canceled(c.orderId);
    expect(await availableOf(svc, FESTIVAL, PACKAGE)).toBe(before);
  });

  it("frees a key whose request was refused", async () => {
    const key = randomUUID();
    const max = (await ticketTypeOf(svc, FESTIVAL, PACKAGE)).maxPerOrder;
    expectError(
      await postOrder(
        svc,
        orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: PACKAGE, count: max + 1 }] }),
        { key },
      ),
      400,
      "LIMIT_EXCEEDED",
    );
    const ok = await postOrder(
      svc,
      orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: PACKAGE, count: 1 }] }),
      { key },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await canceled(orderCalls.create.response.parse(ok.body).order.orderId);
  });

  it("creates exactly one order for ten concurrent duplicates", async () => {
    const before = await availableOf(svc, PRAHA, PRAHA_VIP);
    const key = randomUUID();
    const body = orderBody({ eventId: PRAHA, items: [{ ticketTypeId: PRAHA_VIP, count: 3 }] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(svc, body, { key })));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = new Set(answers.map((res) => orderCalls.create.response.parse(res.body).order.orderId));
    expect(ids.size).toBe(1);
    expect(await availableOf(svc, PRAHA, PRAHA_VIP)).toBe(before - 3);
    await canceled([...ids][0] as string);
    expect(await availableOf(svc, PRAHA, PRAHA_VIP)).toBe(before);
  });
});

describe("order reads", () => {
  it("read an order, its contents, tickets and vouchers before and after it is paid", async () => {
    const cart = await cartOf(svc, FESTIVAL);
    const chip = cart.chipProducts[0];
    if (!chip) throw new Error("the festival sells no chip credit");
    const shirt = cart.extraProducts.find((p) => p.variants.length > 0);
    const size = shirt?.variants[0]?.values[0];
    const plain = cart.extraProducts.find((p) => p.variants.length === 0 && p.chips.length === 0);
    if (!shirt || !size || !plain) throw new Error("the festival lacks a sized shirt or parking");
    const type = await ticketTypeOf(svc, FESTIVAL, CAMPING);
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: CAMPING, count: 2 }],
      chips: [{ productItemId: chip.productItemId, amount: chip.amount }],
      extraProducts: [
        { ticketProductId: shirt.ticketProductId, variantValueId: size.variantValueId, count: 2 },
        { ticketProductId: plain.ticketProductId, count: 1 },
      ],
    });

    const byId = await orderById(svc, order.orderId);
    expect(byId).toMatchObject({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      eventId: FESTIVAL,
      eventSlug: "louka-open-air",
      status: "created",
      language: "en",
      buyer: order.buyer,
      value: 2 * type.price + chip.price + 2 * (shirt.price + size.priceDelta) + plain.price,
    });
    expect(byId.trackingContext.eventName).toBe("Louka Open Air");

    const contentPath = `/api/order-content?orderId=${order.orderId}`;
    const content = orderCalls.content.response.parse(
      (await svc.request(contentPath, { lang: "en" })).body,
    ).contents;
    expect(content).toMatchObject({ orderId: order.orderId, status: "created", tickets: [], vouchers: [] });
    expect(content.chips).toEqual(byId.chips);
    const vouchersPath = `/api/order-vouchers?orderId=${order.orderId}`;
    expect(orderCalls.vouchers.response.parse((await svc.request(vouchersPath)).body).vouchers).toEqual([]);
    const bank = await svc.request(`/api/bank-transaction?orderId=${order.orderId}`);
    expect(bank.status).toBe(200);
    expect(orderCalls.bankTransaction.response.parse(bank.body).bankTransaction).toBeNull();

    await openGateway(svc, order);
    await submitGateway(svc, order, "approve");

    const tickets = await ticketsOf(svc, order.orderId);
    expect(tickets).toHaveLength(2);
    for (const t of tickets) {
      expect(t).toMatchObject({ orderId: order.orderId, eventId: FESTIVAL, status: "valid" });
      expect(t.ticketType.ticketTypeId).toBe(CAMPING);
    }
    const vouchers = orderCalls.vouchers.response.parse(
      (await svc.request(vouchersPath, { lang: "en" })).body,
    ).vouchers;
    expect(vouchers).toHaveLength(3);
    const ofKind = (kind: string) => vouchers.filter((v) => v.kind === kind);
    expect(ofKind("chipCredit")).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        name: chip.name,
        detail: null,
        count: 1,
        amount: chip.amount,
        currencyId: chip.currencyId,
        redeemed: false,
      }),
    ]);
    // The extras: one voucher per line, saying its variant and how many, to collect or show at the event.
    const extras = ofKind("extra");
    expect(extras.map((v) => [v.name, v.detail, v.count, v.amount]).sort()).toEqual(
      [
        [shirt.name, size.name, 2, 2 * (shirt.price + size.priceDelta)],
        [plain.name, null, 1, plain.price],
      ].sort(),
    );
    for (const v of extras) {
      expect(v.code).toMatch(/^EXT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(v.qrCode).toMatch(/^VSTE1\./);
      expect(v.redeemed).toBe(false);
    }
    const paidContent = orderCalls.content.response.parse(
      (await svc.request(contentPath, { lang: "en" })).body,
    ).contents;
    expect(paidContent.status).toBe("paid");
    expect(paidContent.tickets.map((t) => t.ticketId)).toEqual(tickets.map((t) => t.ticketId));
    expect(paidContent.vouchers).toEqual(vouchers);
    const v2 = await svc.request(`/api/v2/order/${order.orderId}/contents`, { lang: "en" });
    expect(v2Calls.orderContents.response.parse(v2.body).contents).toEqual(paidContent);
  });

  it("answer 404 for an unknown order and 400 for a malformed id", async () => {
    for (const path of [
      "/api/order-by-id",
      "/api/order-check",
      "/api/order-content",
      "/api/order-tickets",
      "/api/order-vouchers",
      "/api/bank-transaction",
      "/api/order-receipts",
    ]) {
      expectError(await svc.request(`${path}?orderId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
      expectError(await svc.request(`${path}?orderId=123`), 400, "VALIDATION");
    }
    expectError(await svc.request(`/api/v2/order/${UNKNOWN_ID}/status`), 404, "NOT_FOUND");
    expectError(await svc.request(`/api/v2/order/${UNKNOWN_ID}/contents`), 404, "NOT_FOUND");
  });
});
