/**
 * A service without payment providers (PAYMENT_PROVIDERS empty, the default outside `npm start` and the
 * tests): the test gateway does not exist, the card, wallet and Click To Pay methods are not offered
 * (listed, ordered or paid with), and bank transfer works as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventCalls } from "../../src/contract/event.ts";
import { GATEWAY_METHOD_IDS } from "../../src/contract/payment.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import {
  BANK,
  CARD,
  createOrder,
  expectError,
  notifyBank,
  orderBody,
  orderById,
  paymentRowsOf,
  postOrder,
  RETURN_URL,
  ticketsOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
/** The wallet of the search engine and Click To Pay (gateway methods without a card number). */
const WALLET = 3;
const CLICK_TO_PAY = 11;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ settings: { paymentProviders: [] } });
});
afterAll(() => svc?.close());

function pay(orderId: string, paymentMethodId: number) {
  return svc.request("/api/order-pay", {
    method: "POST",
    lang: "en",
    json: { orderId, paymentMethodId, language: "en", returnUrl: RETURN_URL },
  });
}

describe("without payment providers", () => {
  it("lists only the event's methods that need no provider: bank transfer stays", async () => {
    const res = await svc.request(`/api/event/${FESTIVAL}/payment-method`, { lang: "en" });
    expect(res.status).toBe(200);
    const ids = eventCalls.paymentMethods.response
      .parse(res.body)
      .paymentMethods.map((m) => m.paymentMethodId);
    expect(ids).toContain(BANK);
    for (const id of GATEWAY_METHOD_IDS) expect(ids).not.toContain(id);
  });

  it("refuses orders by card, wallet or Click To Pay with PAYMENT_METHOD_NOT_OFFERED", async () => {
    for (const paymentMethodId of [CARD, WALLET, CLICK_TO_PAY]) {
      const refused = expectError(
        await postOrder(
          svc,
          orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }], paymentMethodId }),
        ),
        400,
        "PAYMENT_METHOD_NOT_OFFERED",
      );
      expect(refused.field).toBe("paymentMethodId");
    }
  });

  it("sells by bank transfer, refuses a new payment by card, and has no gateway pages", async () => {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      paymentMethodId: BANK,
    });
    expect(order).toMatchObject({ status: "pendingPayment", payment: { redirectUrl: null } });
    expectError(await pay(order.orderId, CARD), 400, "PAYMENT_METHOD_NOT_OFFERED");
    expectError(await pay(order.orderId, WALLET), 400, "PAYMENT_METHOD_NOT_OFFERED");

    // The gateway's page and form do not exist (with it on, this payment's page would answer).
    const [payment] = await paymentRowsOf(svc, order.orderId);
    if (!payment) throw new Error("no payment");
    for (const method of ["GET", "POST"]) {
      const res = await svc.request(`/gateway/${payment.paymentId}`, {
        method,
        ...(method === "POST" ? { body: new URLSearchParams({ decision: "approve" }) } : {}),
      });
      expectError(res, 404, "NO_SUCH_CALL");
    }
    expect((await orderById(svc, order.orderId)).status).toBe("pendingPayment");

    expect(await notifyBank(svc, order)).toMatchObject({ result: "paid" });
    expect((await orderById(svc, order.orderId)).status).toBe("paid");
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(1);
  });
});
