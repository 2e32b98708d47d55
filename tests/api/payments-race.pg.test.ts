/**
 * New payments (order-pay) racing a cancel and racing an approval on a PostgreSQL server (PGlite has one
 * connection, so it cannot show this): whatever the interleaving, a canceled order stays canceled with no
 * pending payment and its units given back once, and a paid order stays paid at the approved amount with one
 * set of tickets. Runs in the api-postgres project only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentCalls } from "../../src/contract/payment.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { ticketTypes } from "../../src/pass-service/db/schema.ts";
import {
  BANK,
  CARD,
  callbackFor,
  cancelOrder,
  createOrder,
  openGateway,
  orderById,
  paymentRowsOf,
  postSigned,
  RETURN_URL,
  ticketsOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const ROUNDS = 10;
/** Concurrent new payments per round, alternately by transfer and by card. */
const PAYS = 12;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** Units of the ticket type counted as sold. */
async function sold(): Promise<number> {
  const [row] = await svc.database.db
    .select({ sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.ticketTypeId, ONE_DAY));
  return row?.sold ?? Number.NaN;
}

/** PAYS new payments of an order at once; each is started or refused as closed, nothing else. */
function pays(orderId: string) {
  return Array.from({ length: PAYS }, async (_, i) => {
    const res = await svc.request("/api/order-pay", {
      method: "POST",
      lang: "en",
      json: { orderId, paymentMethodId: i % 2 === 0 ? BANK : CARD, language: "en", returnUrl: RETURN_URL },
    });
    if (res.status === 200) return "started";
    expect(res.body.errorText, JSON.stringify(res.body)).toBe("ERROR_ORDER_CLOSED");
    return "closed";
  });
}

describe.runIf(process.env.TEST_DB === "postgres")("order-pay races on PostgreSQL", () => {
  it("racing a cancel: the order stays canceled, with no pending payment and its units back once", async () => {
    const before = await sold();
    for (let round = 0; round < ROUNDS; round++) {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      });
      await openGateway(svc, order);
      const [cancel] = await Promise.all([cancelOrder(svc, order.orderId), ...pays(order.orderId)]);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect((await orderById(svc, order.orderId)).status).toBe("canceled");
      const rows = await paymentRowsOf(svc, order.orderId);
      expect(rows.filter((p) => p.status === "pending")).toEqual([]);
      expect(await sold()).toBe(before);
    }
  });

  it("racing an approval: a paid order stays paid at the approved amount, with one set of tickets", async () => {
    const before = await sold();
    let paid = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      });
      await openGateway(svc, order);
      const [approval] = await Promise.all([
        postSigned(svc, "/api/payment-callback", callbackFor(order, "approved")),
        ...pays(order.orderId),
      ]);
      expect(approval.status, JSON.stringify(approval.body)).toBe(200);
      const result = paymentCalls.callback.response.parse(approval.body).result;
      const after = await orderById(svc, order.orderId);
      const rows = await paymentRowsOf(svc, order.orderId);
      const tickets = await ticketsOf(svc, order.orderId);
      if (result === "paid") {
        paid++;
        expect(after).toMatchObject({ status: "paid", paidAmount: order.amount, amount: order.amount });
        expect(rows.filter((p) => p.status === "pending")).toEqual([]);
        expect(rows.filter((p) => p.status === "approved").map((p) => p.amount)).toEqual([order.amount]);
        expect(tickets).toHaveLength(1);
      } else {
        // A new payment came first: the card's approval is money to refund, the order still waits.
        expect(result).toBe("ignored");
        expect(["created", "pendingPayment"]).toContain(after.status);
        expect(after.paidAmount).toBe(0);
        expect(rows.filter((p) => p.status === "pending")).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: "superseded", declineReason: "superseded_payment" });
        expect(tickets).toEqual([]);
        expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
      }
    }
    expect(await sold()).toBe(before + paid);
  });
});
