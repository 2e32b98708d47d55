/**
 * What a refused hold says, and where: each refusal's message and field (a ticket type the event does not
 * sell, an unknown or foreign reservation, the per-order limits, a ticket type outside its window, a hold
 * that expired or became an order, a seated ticket type held by count); a hold as answered (active, its lines
 * in order, expired when a retry comes late) and a released one as stored; an order asking for more than is
 * left, per line; and the recount of every `sold`
 * counter from the live orders after a catalog import.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { extraProducts, reservations, ticketTypes, variantValues } from "../../src/pass-service/db/schema.ts";
import { recountSold } from "../../src/pass-service/services/recount-sold.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  cancelOrder,
  cartOf,
  createOrder,
  expectError,
  type HoldLine,
  orderBody,
  postHold,
  postHoldOk,
  postOrder,
  ticketTypeOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const PRAHA = EVENT.tourPraha;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const THREE_DAY = ticketTypeId("festival", "tridenni");
const VIP = ticketTypeId("festival", "vip");
const EARLY_BIRD = ticketTypeId("tourPraha", "stani-prvni-vlna");
const PRAHA_STANDING = ticketTypeId("tourPraha", "stani");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

type Line = HoldLine;
const hold = (eventId: string, items: Line[], reservationId?: string) =>
  postHold(svc, eventId, items, reservationId);
const holdOk = (eventId: string, items: Line[], reservationId?: string) =>
  postHoldOk(svc, eventId, items, reservationId);

/** A hold's row as stored. */
async function reservationRow(reservationId: string) {
  const [row] = await svc.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.reservationId, reservationId));
  return row;
}

describe("a refused hold says what and where", () => {
  it("a ticket type the event does not sell", async () => {
    const refused = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: UNKNOWN_ID, count: 1 }]),
      404,
      "NOT_FOUND",
    );
    expect(refused).toMatchObject({
      field: "items.0",
      message: `Ticket type "${UNKNOWN_ID}" is not sold for this event`,
    });
  });

  it("an unknown reservation, and one of another event, alike", async () => {
    const other = await holdOk(PRAHA, [{ ticketTypeId: PRAHA_STANDING, count: 1 }]);
    for (const id of [UNKNOWN_ID, other.reservationId]) {
      const refused = expectError(
        await hold(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 1 }], id),
        404,
        "RESERVATION_NOT_FOUND",
      );
      expect(refused).toMatchObject({ field: "reservationId", message: `Reservation "${id}" was not found` });
    }
  });

  it("more than the per-order maximum: at most so many of the ticket type", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, THREE_DAY);
    const refused = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: type.maxPerOrder + 1 }]),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(refused).toMatchObject({
      field: "items.0",
      message: `At most ${type.maxPerOrder} of ${type.namePub} per order`,
    });
    expect((await holdOk(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: type.maxPerOrder }])).items).toEqual([
      expect.objectContaining({ ticketTypeId: THREE_DAY, count: type.maxPerOrder }),
    ]);
  });

  it("fewer than the per-order minimum of a standing ticket type: at least so many", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, THREE_DAY);
    const db = svc.database.db;
    await db.update(ticketTypes).set({ minPerOrder: 2 }).where(eq(ticketTypes.ticketTypeId, THREE_DAY));
    try {
      const refused = expectError(
        await hold(FESTIVAL, [{ ticketTypeId: THREE_DAY, count: 1 }]),
        400,
        "LIMIT_EXCEEDED",
      );
      expect(refused).toMatchObject({
        field: "items.0",
        message: `At least 2 of ${type.namePub} per order`,
        min: 2,
        max: type.maxPerOrder,
      });
    } finally {
      await db
        .update(ticketTypes)
        .set({ minPerOrder: type.minPerOrder })
        .where(eq(ticketTypes.ticketTypeId, THREE_DAY));
    }
  });

  it("a ticket type after its own sales window: it is not on sale now", async () => {
    const early = await ticketTypeOf(svc, PRAHA, EARLY_BIRD);
    svc.clock.offsetMs = Date.parse(early.salesTo ?? "") - Date.now() + 60_000;
    const refused = expectError(
      await hold(PRAHA, [{ ticketTypeId: EARLY_BIRD, count: 1 }]),
      409,
      "NOT_ON_SALE",
    );
    expect(refused).toMatchObject({ field: "items.0", message: `${early.namePub} is not on sale now` });
  });

  it("a hold that expired, and one that became an order, each in its own words", async () => {
    const expiring = await holdOk(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 1 }]);
    svc.clock.offsetMs = Date.parse(expiring.expiresAt) - Date.now() + 1_000;
    const expired = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 2 }], expiring.reservationId),
      409,
      "HOLD_EXPIRED",
    );
    expect(expired.message).toBe("This reservation has expired; hold the tickets again");
    svc.clock.offsetMs = 0;

    const held = await holdOk(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 1 }]);
    const order = await postOrder(svc, orderBody({ eventId: FESTIVAL, reservationId: held.reservationId }));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const ordered = expectError(
      await hold(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 2 }], held.reservationId),
      409,
      "HOLD_EXPIRED",
    );
    expect(ordered).toMatchObject({
      field: "reservationId",
      message: "This reservation has become an order",
    });
  });

  it("a released hold is stored as released", async () => {
    const held = await holdOk(FESTIVAL, [{ ticketTypeId: ONE_DAY, count: 1 }]);
    const res = await svc.request(`/api/reservation?reservationId=${held.reservationId}`, {
      method: "DELETE",
    });
    expect(res.status).toBe(200);
    expect(await reservationRow(held.reservationId)).toMatchObject({ status: "released" });
  });
});

describe("a hold as answered", () => {
  it("is active, its lines in the order of their ticket types' ids", async () => {
    const lines = [
      { ticketTypeId: ONE_DAY, count: 1 },
      { ticketTypeId: THREE_DAY, count: 1 },
    ].sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? 1 : -1));
    const held = await holdOk(FESTIVAL, lines);
    expect(held.status).toBe("active");
    expect(held.items.map((i) => i.ticketTypeId)).toEqual([ONE_DAY, THREE_DAY].sort());
  });

  it("holds a ticket type named twice once, with the counts added", async () => {
    const held = await holdOk(FESTIVAL, [
      { ticketTypeId: ONE_DAY, count: 1 },
      { ticketTypeId: ONE_DAY, count: 2 },
    ]);
    expect(held.items.map((i) => [i.ticketTypeId, i.count])).toEqual([[ONE_DAY, 3]]);
    const type = await ticketTypeOf(svc, FESTIVAL, ONE_DAY);
    const over = type.maxPerOrder - 1;
    expectError(
      await hold(FESTIVAL, [
        { ticketTypeId: ONE_DAY, count: over },
        { ticketTypeId: ONE_DAY, count: 2 },
      ]),
      400,
      "LIMIT_EXCEEDED",
      "items.0",
    );
  });

  it("is answered as expired when a retry under its key comes after its time", async () => {
    const body = { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] };
    const send = () =>
      svc.request("/api/reservation", {
        method: "POST",
        lang: "en",
        json: body,
        headers: { "Idempotency-Key": `hold-${UNKNOWN_ID}` },
      });
    const first = reservationCalls.create.response.parse((await send()).body).reservation;
    svc.clock.offsetMs = Date.parse(first.expiresAt) - Date.now() + 1_000;
    const again = await send();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(reservationCalls.create.response.parse(again.body).reservation).toMatchObject({
      reservationId: first.reservationId,
      status: "expired",
    });
  });

  it("a seated ticket type is refused by count, in the field the call names it", async () => {
    const balcony = await ticketTypeOf(
      svc,
      EVENT.littlePrince,
      ticketTypeId("littlePrince", "rodinna-balkon"),
    );
    const byCount = expectError(
      await hold(EVENT.littlePrince, [{ ticketTypeId: balcony.ticketTypeId, count: 1 }]),
      400,
      "SEATS_REQUIRED",
    );
    expect(byCount.field).toBe("items.0");
    const crowd = await svc.request("/api/reservation-crowd", {
      method: "POST",
      lang: "en",
      json: {
        eventId: EVENT.littlePrince,
        sectorId: balcony.sectorId,
        ticketTypeId: balcony.ticketTypeId,
        count: 1,
      },
    });
    expect(expectError(crowd, 400, "SEATS_REQUIRED").field).toBe("ticketTypeId");
  });
});

describe("an order takes only what is left", () => {
  it("says on the line that asked for more how many of a ticket type, an extra or a size are left", async () => {
    const db = svc.database.db;
    const vip = await ticketTypeOf(svc, FESTIVAL, VIP);
    await db
      .update(ticketTypes)
      .set({ capacity: sql`${ticketTypes.sold} + 2` })
      .where(eq(ticketTypes.ticketTypeId, VIP));
    const tickets = expectError(
      await postOrder(svc, orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: VIP, count: 3 }] })),
      409,
      "SOLD_OUT",
    );
    expect(tickets).toMatchObject({
      field: "items.0",
      available: 2,
      message: `Only 2 of ${vip.namePub} are left`,
    });

    const cart = await cartOf(svc, FESTIVAL);
    const shirt = cart.extraProducts.find((p) => p.variants.length > 0);
    const size = shirt?.variants[0]?.values[0];
    const plain = cart.extraProducts.find((p) => p.variants.length === 0 && p.chips.length === 0);
    if (!shirt || !size || !plain) throw new Error("the festival lacks a sized shirt or a plain extra");
    await db
      .update(extraProducts)
      .set({ capacity: sql`${extraProducts.sold} + 1` })
      .where(eq(extraProducts.ticketProductId, plain.ticketProductId));
    const extra = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [{ ticketTypeId: ONE_DAY, count: 1 }],
          extraProducts: [{ ticketProductId: plain.ticketProductId, count: 2 }],
        }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(extra).toMatchObject({ field: "extraProducts.0", available: 1 });

    await db
      .update(variantValues)
      .set({ capacity: sql`${variantValues.sold} + 1` })
      .where(eq(variantValues.variantValueId, size.variantValueId));
    const sized = expectError(
      await postOrder(
        svc,
        orderBody({
          eventId: FESTIVAL,
          items: [{ ticketTypeId: ONE_DAY, count: 1 }],
          extraProducts: [
            { ticketProductId: plain.ticketProductId, count: 1 },
            { ticketProductId: shirt.ticketProductId, variantValueId: size.variantValueId, count: 2 },
          ],
        }),
      ),
      409,
      "SOLD_OUT",
    );
    expect(sized).toMatchObject({ field: "extraProducts.1", available: 1 });
  });
});

describe("an order of a size without a capacity of its own", () => {
  it("is limited by its product only", async () => {
    const cart = await cartOf(svc, FESTIVAL);
    const shirt = cart.extraProducts.find((p) => p.variants.length > 0);
    // Neither the size the test above caps nor the one the recount counts.
    const size = shirt?.variants[0]?.values[1];
    if (!shirt || !size) throw new Error("the festival sells no sized shirt");
    const db = svc.database.db;
    const [row] = await db
      .select()
      .from(variantValues)
      .where(eq(variantValues.variantValueId, size.variantValueId));
    await db
      .update(variantValues)
      .set({ capacity: null })
      .where(eq(variantValues.variantValueId, size.variantValueId));
    try {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 1 }],
        extraProducts: [
          { ticketProductId: shirt.ticketProductId, variantValueId: size.variantValueId, count: 2 },
        ],
      });
      expect(order.status).toBe("created");
      expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    } finally {
      await db
        .update(variantValues)
        .set({ capacity: row?.capacity ?? null })
        .where(eq(variantValues.variantValueId, size.variantValueId));
    }
  });
});

describe("recountSold", () => {
  it("sets every sold counter from the lines of created, pending and paid orders, and no other", async () => {
    const cart = await cartOf(svc, FESTIVAL);
    const shirt = cart.extraProducts.find((p) => p.variants.length > 0);
    // Not the size the test above caps.
    const size = shirt?.variants[0]?.values.at(-1);
    if (!shirt || !size) throw new Error("the festival sells no sized shirt");
    const lines = {
      items: [{ ticketTypeId: ONE_DAY, count: 2 }],
      extraProducts: [
        { ticketProductId: shirt.ticketProductId, variantValueId: size.variantValueId, count: 1 },
      ],
    };
    await createOrder(svc, { eventId: FESTIVAL, ...lines });
    const canceled = await createOrder(svc, { eventId: FESTIVAL, ...lines });
    expect((await cancelOrder(svc, canceled.orderId)).status).toBe(200);

    const db = svc.database.db;
    const soldOf = async () => ({
      type: (await db.select().from(ticketTypes).where(eq(ticketTypes.ticketTypeId, ONE_DAY)))[0]?.sold,
      product: (
        await db.select().from(extraProducts).where(eq(extraProducts.ticketProductId, shirt.ticketProductId))
      )[0]?.sold,
      value: (
        await db.select().from(variantValues).where(eq(variantValues.variantValueId, size.variantValueId))
      )[0]?.sold,
    });
    const counted = await soldOf();
    // As a catalog import leaves them: counters that no longer say what was sold.
    await db.update(ticketTypes).set({ sold: 999 }).where(eq(ticketTypes.ticketTypeId, ONE_DAY));
    await db
      .update(extraProducts)
      .set({ sold: 999 })
      .where(eq(extraProducts.ticketProductId, shirt.ticketProductId));
    await db
      .update(variantValues)
      .set({ sold: 999 })
      .where(eq(variantValues.variantValueId, size.variantValueId));
    await db.transaction((tx) => recountSold(tx));
    expect(await soldOf()).toEqual(counted);
  });
});
