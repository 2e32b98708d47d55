/**
 * The edges of paying an order: what a new payment keeps (the order's expiry and status for a gateway
 * method, the return page of the last payment that named one), a transfer's instructions mailed once, the
 * refusals of a new payment (also inside its own transaction, where the order's time can run out between
 * reading and locking it), approvals that must not pay (of a declined payment, after a cancel, a refund's
 * first reason kept) with the refusals' messages, and how a bank transfer is recorded.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { mailOutbox, orders, paymentEvents } from "../../src/pass-service/db/schema.ts";
import { ServiceError } from "../../src/pass-service/errors.ts";
import { startNewPayment } from "../../src/pass-service/services/orders/payment-start.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  BANK,
  CARD,
  callbackFor,
  cancelOrder,
  createOrder,
  expectError,
  notifyBank,
  openGateway,
  orderById,
  paymentRowsOf,
  postPay,
  postPayOk,
  postSigned,
  RETURN_URL,
  sendCallback,
  submitGateway,
  ticketsOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const WALLET = 3;
const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const OTHER_PAGE = "http://storefront.test/objednavka/{orderId}/znovu";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

/** A card order of one festival day ticket. */
const cardOrder = () => createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });

const pay = (orderId: string, paymentMethodId: number, returnUrl?: string | null) =>
  postPay(svc, orderId, paymentMethodId, returnUrl);
const payOk = (orderId: string, paymentMethodId: number, returnUrl?: string | null) =>
  postPayOk(svc, orderId, paymentMethodId, returnUrl);

/** Transfer instructions mailed for an order. */
async function transferMails(orderId: string): Promise<number> {
  const rows = await svc.database.db
    .select({ id: mailOutbox.mailId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "bankTransfer"), sql`${mailOutbox.data}->>'orderId' = ${orderId}`));
  return rows.length;
}

/** The order's row as stored. */
async function orderRow(orderId: string) {
  const [row] = await svc.database.db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** Runs startNewPayment in a transaction of its own at `now`; answers its refusal. */
async function refusalOfNewPayment(orderId: string, now: Date): Promise<ServiceError> {
  try {
    await svc.database.db.transaction((tx) =>
      startNewPayment(tx, {
        orderId,
        paymentMethodId: CARD,
        returnUrl: RETURN_URL,
        now,
        bankTransferDays: 3,
        paymentProviders: ["test"],
      }),
    );
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("the new payment was not refused");
}

describe("a new payment of an order", () => {
  it("by a gateway method keeps the order created and its expiry: only the gateway's page moves it on", async () => {
    const order = await cardOrder();
    const byWallet = await payOk(order.orderId, WALLET);
    expect(byWallet).toMatchObject({
      status: "created",
      paymentMethodId: WALLET,
      expiresAt: order.expiresAt,
    });
  });

  it("sends the buyer back to the page the last payment that named one asked for", async () => {
    const order = await cardOrder();
    await payOk(order.orderId, CARD, OTHER_PAGE);
    const byWallet = await payOk(order.orderId, WALLET, null);
    await openGateway(svc, byWallet);
    const approved = await submitGateway(svc, byWallet, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(OTHER_PAGE.replace("{orderId}", order.orderId));
  });

  it("mails a transfer's instructions when a transfer replaces a card payment, not again for another transfer", async () => {
    const order = await cardOrder();
    expect(await transferMails(order.orderId)).toBe(0);
    await payOk(order.orderId, BANK);
    expect(await transferMails(order.orderId)).toBe(1);
    await payOk(order.orderId, BANK);
    expect(await transferMails(order.orderId)).toBe(1);
  });

  it("is refused for a method the event does not offer, saying so", async () => {
    const order = await createOrder(svc, {
      eventId: EVENT.tourBratislava,
      items: [{ ticketTypeId: ticketTypeId("tourBratislava", "stani"), count: 1 }],
    });
    const refused = expectError(await pay(order.orderId, BANK), 400, "PAYMENT_METHOD_NOT_OFFERED");
    expect(refused).toMatchObject({
      field: "paymentMethodId",
      message: "This payment method is not offered for the event",
    });
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("is refused for a canceled order, saying so", async () => {
    const order = await cardOrder();
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    const refused = expectError(await pay(order.orderId, CARD), 409, "ORDER_CLOSED", "orderId");
    expect(refused.message).toBe("This order is canceled; it cannot be paid any more");
  });
});

describe("a new payment in its own transaction", () => {
  it("is refused for an unknown order with 404", async () => {
    const error = await refusalOfNewPayment(UNKNOWN_ID, new Date());
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", field: "orderId" });
    expect(error.message).toBe(`Order "${UNKNOWN_ID}" was not found`);
  });

  it("is refused from the instant the order's time is up, though nobody has marked it expired yet", async () => {
    const order = await cardOrder();
    const expiresAt = new Date(order.expiresAt ?? "");
    const error = await refusalOfNewPayment(order.orderId, expiresAt);
    expect(error).toMatchObject({ status: 409, code: "ORDER_CLOSED", field: "orderId" });
    expect(error.message).toBe("This order is expired; it cannot be paid any more");
    // Refused, it changed nothing: the order is as it was, and a moment earlier it could still be paid.
    expect(await orderRow(order.orderId)).toMatchObject({ status: "created", paymentMethodId: CARD });
    await svc.database.db.transaction((tx) =>
      startNewPayment(tx, {
        orderId: order.orderId,
        paymentMethodId: WALLET,
        returnUrl: RETURN_URL,
        now: new Date(expiresAt.getTime() - 1),
        bankTransferDays: 3,
        paymentProviders: ["test"],
      }),
    );
    expect(await orderRow(order.orderId)).toMatchObject({ status: "created", paymentMethodId: WALLET });
  });
});

describe("gateway callbacks that must not pay", () => {
  it("a decline answers declined; a later approval of the declined payment changes nothing", async () => {
    const order = await cardOrder();
    await openGateway(svc, order);
    expect(await sendCallback(svc, callbackFor(order, "declined"))).toMatchObject({
      result: "declined",
      orderId: order.orderId,
    });
    expect(await sendCallback(svc, callbackFor(order, "approved"))).toMatchObject({
      result: "ignored",
      orderId: order.orderId,
    });
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { status: "declined", declineReason: null },
    ]);
    expect(await orderById(svc, order.orderId)).toMatchObject({ status: "pendingPayment", paidAmount: 0 });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
  });

  it("an approval after the buyer canceled the order is recorded for refund as order_closed", async () => {
    const order = await cardOrder();
    await openGateway(svc, order);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("ignored");
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { status: "superseded", declineReason: "order_closed" },
    ]);
    expect(await orderById(svc, order.orderId)).toMatchObject({ status: "canceled", paidAmount: 0 });
  });

  it("a payment marked for refund keeps the reason of its first approval", async () => {
    const card = await cardOrder();
    await openGateway(svc, card);
    await payOk(card.orderId, BANK);
    expect((await sendCallback(svc, callbackFor(card, "approved"))).result).toBe("ignored");
    expect((await cancelOrder(svc, card.orderId)).status).toBe(200);
    expect((await sendCallback(svc, callbackFor(card, "approved"))).result).toBe("ignored");
    expect((await paymentRowsOf(svc, card.orderId))[0]).toMatchObject({
      status: "superseded",
      declineReason: "superseded_payment",
    });
  });
});

describe("refusals of notifications say what is wrong", () => {
  it("an unknown payment, an amount that differs, a signature that does not match", async () => {
    const order = await cardOrder();
    const unknown = await postSigned(svc, "/api/payment-callback", {
      ...callbackFor(order, "approved"),
      paymentId: UNKNOWN_ID,
    });
    expect(expectError(unknown, 404, "NOT_FOUND").message).toBe(`Payment "${UNKNOWN_ID}" was not found`);
    const mismatch = await postSigned(svc, "/api/payment-callback", {
      ...callbackFor(order, "approved"),
      amount: order.amount + 1,
    });
    expect(expectError(mismatch, 400, "AMOUNT_MISMATCH").message).toBe(
      "The callback's amount differs from the payment's",
    );
    const forged = await postSigned(
      svc,
      "/api/payment-callback",
      callbackFor(order, "approved"),
      "sha256=00",
    );
    expect(expectError(forged, 401, "BAD_SIGNATURE").message).toBe(
      "The signature of this notification does not match its body",
    );
  });
});

describe("bank transfers", () => {
  it("are recorded under their transaction with their order, as transfers", async () => {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      paymentMethodId: BANK,
    });
    const transactionId = `tx-${randomUUID()}`;
    expect(await notifyBank(svc, order, { transactionId })).toMatchObject({ result: "paid" });
    const [recorded] = await svc.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventKey, `bank:${transactionId}`));
    expect(recorded).toMatchObject({
      kind: "bankTransfer",
      orderId: order.orderId,
      result: "paid",
      amount: order.amount,
      variableSymbol: String(order.orderNumber),
    });
  });
});
