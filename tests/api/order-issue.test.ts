/**
 * What paying an order issues, as stored: tickets with their printed codes, QR strings and holder; at a
 * cashless event a wristband chip per ticket (its own code, the holder as label, bound to the ticket and the
 * order's account, no credit yet), at any other event none; a voucher per chip-credit line with its code;
 * the tax receipt numbered by year and order number. And what closing an order gives back, and how many
 * orders the sweeper expires.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chipType } from "../../src/lib/enums/index.ts";
import { EVENT, productId, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { chips, receipts, tickets, vouchers } from "../../src/pass-service/db/schema.ts";
import { expireDueOrders } from "../../src/pass-service/services/orders/lifecycle.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  availableOf,
  BUYER,
  cancelOrder,
  cartOf,
  createOrder,
  expectError,
  orderCheck,
  payByCard,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const BRNO_STANDING = ticketTypeId("tourBrno", "stani");
const PARKING = productId("festival", "parkovani");
/** A printed code: its prefix, then groups of four letters of the unambiguous alphabet. */
const code = (prefix: string, groups: number) => new RegExp(`^${prefix}(-[2-9A-HJ-NP-Z]{4}){${groups}}$`);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

const ticketRows = (orderId: string) =>
  svc.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));

describe("paying an order issues", () => {
  it("tickets with their codes and holder, and at a cashless festival a chip bound to each", async () => {
    const order = await payByCard(
      svc,
      await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 2 }],
        extraProducts: [{ ticketProductId: PARKING, count: 1 }],
      }),
    );
    // A ticket per unit of a ticket type: the extra comes with a voucher, not a ticket.
    const issued = await ticketRows(order.orderId);
    expect(issued.map((t) => t.ticketTypeId)).toEqual([ONE_DAY, ONE_DAY]);
    for (const ticket of issued) {
      expect(ticket.code).toMatch(code("VST", 4));
      expect(ticket.qrCode).toMatch(/^VSTP1\.[\w-]{24}$/);
      expect(ticket.holderName).toBe(`${BUYER.firstName} ${BUYER.lastName}`);
    }
    const bands = await svc.database.db
      .select()
      .from(chips)
      .where(
        inArray(
          chips.ticketId,
          issued.map((t) => t.ticketId),
        ),
      );
    expect(bands).toHaveLength(2);
    for (const band of bands) {
      expect(band).toMatchObject({
        eventId: FESTIVAL,
        chipTypeId: chipType.id.ONLINE_RECHARGED,
        balance: 0,
        currencyId: order.currencyId,
        label: `${BUYER.firstName} ${BUYER.lastName}`,
        accountId: null,
      });
      expect(band.code).toMatch(code("CHP", 3));
    }
  });

  it("no chips at an event without cashless payment", async () => {
    const order = await payByCard(
      svc,
      await createOrder(svc, { eventId: EVENT.tourBrno, items: [{ ticketTypeId: BRNO_STANDING, count: 1 }] }),
    );
    const [ticket] = await ticketRows(order.orderId);
    if (!ticket) throw new Error("no ticket");
    expect(await svc.database.db.select().from(chips).where(eq(chips.ticketId, ticket.ticketId))).toEqual([]);
  });

  it("a voucher for chip credit bought without a chip, with its own code and QR string", async () => {
    const [topUp] = (await cartOf(svc, FESTIVAL)).chipProducts;
    if (!topUp) throw new Error("the festival sells no chip credit");
    const order = await payByCard(
      svc,
      await createOrder(svc, {
        eventId: FESTIVAL,
        chips: [{ productItemId: topUp.productItemId, amount: topUp.amount }],
      }),
    );
    const [voucher, ...more] = await svc.database.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.orderId, order.orderId));
    expect(more).toEqual([]);
    expect(voucher).toMatchObject({ kind: "chipCredit", amount: topUp.amount, currencyId: order.currencyId });
    expect(voucher?.code).toMatch(code("CRD", 3));
    expect(voucher?.qrCode).toMatch(/^VSTC1\.[\w-]{24}$/);
    expect(await ticketRows(order.orderId)).toEqual([]);
  });

  it("the tax receipt, numbered by the year of payment and the order's number", async () => {
    const order = await payByCard(
      svc,
      await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] }),
    );
    const [receipt] = await svc.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, order.orderId));
    if (!receipt) throw new Error("no receipt");
    const year = receipt.issuedAt.getUTCFullYear();
    expect(receipt.receiptNumber).toBe(`${year}-${String(order.orderNumber).padStart(7, "0")}`);
  });
});

describe("closing an order", () => {
  it("a cancel gives its units back once; a paid order cannot be canceled, saying so", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 3 }] });
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - 3);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before);

    const paid = await payByCard(
      svc,
      await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] }),
    );
    const refused = expectError(await cancelOrder(svc, paid.orderId), 409, "ORDER_PAID", "orderId");
    expect(refused.message).toBe("A paid order cannot be canceled here");
  });

  it("an unknown order is not found, naming it", async () => {
    const res = await svc.request(`/api/order-check?orderId=${UNKNOWN_ID}`);
    const refused = expectError(res, 404, "NOT_FOUND", "orderId");
    expect(refused.message).toBe(`Order "${UNKNOWN_ID}" was not found`);
  });

  it("the sweeper expires the orders whose time is up and counts them", async () => {
    const due = [
      await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] }),
      await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] }),
    ];
    const later = new Date(Date.parse(due[1]?.expiresAt ?? "") + 1_000);
    // The file's other orders are paid or canceled: these two are its only open ones.
    expect(await expireDueOrders(svc.database.db, later)).toBe(2);
    expect(await expireDueOrders(svc.database.db, later)).toBe(0);
    svc.clock.offsetMs = later.getTime() - Date.now();
    for (const order of due) expect((await orderCheck(svc, order.orderId)).status).toBe("expired");
  });
});
