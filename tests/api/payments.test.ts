/**
 * Payments against the demo catalog: the test gateway's page and form, signed callbacks (replays and
 * concurrent approvals issue tickets exactly once), a new payment after a decline, bank transfers with the
 * SPAYD QR and the bank's signed notifications, the tickets' PDF and the ticket reads.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Order, orderCalls } from "../../src/contract/order.ts";
import { paymentCalls } from "../../src/contract/payment.ts";
import { ticketCalls } from "../../src/contract/ticket.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { EVENT, productId, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { signBody } from "../../src/pass-service/services/payments.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  availableOf,
  BANK,
  CARD,
  callbackFor,
  cancelOrder,
  createOrder,
  expectError,
  feeOf,
  openGateway,
  orderBody,
  orderById,
  orderCheck,
  paymentIdOf,
  postOrder,
  postSigned,
  RETURN_URL,
  sendCallback,
  submitGateway,
  ticketsOf,
  ticketTypeOf,
} from "./support/sales.ts";
import { startTestService, TEST_PAYMENT_SECRET, type TestService } from "./support/service.ts";

const DAY = 86_400_000;
/** Days a buyer has to pay by bank transfer by default (BANK_TRANSFER_DAYS). */
const BANK_TRANSFER_DAYS = 3;
/** The wallet of the search engine (a gateway method without a card number). */
const WALLET = 3;
const DECLINED_CARD = "4000 0000 0000 0002";

const FESTIVAL = EVENT.festival;
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
const PACKAGE = ticketTypeId("festival", "balicek");
const FESTIVAL_VIP = ticketTypeId("festival", "vip");
const FAMILY = ticketTypeId("festival", "rodinna");
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const PARKING = productId("festival", "parkovani");
const BRNO_STANDING = ticketTypeId("tourBrno", "stani");
const BRNO_VIP = ticketTypeId("tourBrno", "vip");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

/** Units of an order (tickets of every line). */
const unitsOf = (order: Order) => order.tickets.reduce((s, t) => s + t.count, 0);

/** Expects the tickets of a paid order: one per unit, of the ordered types, with unique codes. */
async function expectIssued(order: Order) {
  const tickets = await ticketsOf(svc, order.orderId);
  expect(tickets).toHaveLength(unitsOf(order));
  const perType = new Map<string, number>();
  for (const t of tickets)
    perType.set(t.ticketType.ticketTypeId, (perType.get(t.ticketType.ticketTypeId) ?? 0) + 1);
  expect(Object.fromEntries(perType)).toEqual(
    Object.fromEntries(order.tickets.map((l) => [l.ticketType.ticketTypeId, l.count])),
  );
  expect(new Set(tickets.map((t) => t.code)).size).toBe(tickets.length);
  expect(new Set(tickets.map((t) => t.qrCode)).size).toBe(tickets.length);
  for (const t of tickets) {
    expect(t).toMatchObject({
      orderId: order.orderId,
      eventId: order.eventId,
      status: "valid",
      usedAt: null,
    });
    expect(t.holderName).toBe(`${order.buyer.firstName} ${order.buyer.lastName}`);
  }
  return tickets;
}

function startPayment(orderId: string, paymentMethodId: number) {
  return svc.request("/api/order-pay", {
    method: "POST",
    lang: "en",
    json: { orderId, paymentMethodId, language: "en", returnUrl: RETURN_URL },
  });
}

function bankNotification(order: Pick<Order, "orderNumber" | "amount" | "currencyId">, extra: object = {}) {
  return {
    transactionId: `tx-${randomUUID()}`,
    variableSymbol: String(order.orderNumber),
    amount: order.amount,
    currencyId: order.currencyId,
    receivedAt: new Date().toISOString(),
    ...extra,
  };
}

async function notifyBank(body: object) {
  const res = await postSigned(svc, "/api/bank-notification", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentCalls.bankNotification.response.parse(res.body);
}

/** ISO 13616 mod-97 check of an IBAN. */
function ibanChecks(iban: string): boolean {
  const value = iban.replace(/\s+/g, "");
  const rearranged = value.slice(4) + value.slice(0, 4);
  const digits = [...rearranged].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join("");
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}

describe("the test gateway", () => {
  it("sends the buyer back to the order page the storefront named, with the order's id filled in", async () => {
    const template = "http://storefront.test/en/event/louka-open-air/louka-open-air/order/%7BorderId%7D/";
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: CAMPING, count: 1 }],
      returnUrl: template,
    });
    await openGateway(svc, order);
    const res = await submitGateway(svc, order, "decline");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(template.replace("%7BorderId%7D", order.orderId));
    await cancelOrder(svc, order.orderId);
  });

  it("pays an approved order: 303 back to the shop, one ticket per unit with unique codes", async () => {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [
        { ticketTypeId: THREE_DAY, count: 2 },
        { ticketTypeId: CAMPING, count: 1 },
      ],
      extraProducts: [{ ticketProductId: PARKING, count: 1 }],
    });
    await openGateway(svc, order);
    const res = await submitGateway(svc, order, "approve");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(RETURN_URL);

    const paid = await orderById(svc, order.orderId);
    expect(paid).toMatchObject({ status: "paid", paidAmount: order.amount, paymentMethodId: CARD });
    expect(paid.payment).toMatchObject({ status: "approved", declineReason: null, redirectUrl: null });
    expect(paid.paid).not.toBeNull();
    await expectIssued(paid);
    // The page of a handled payment offers nothing to pay.
    const page = await svc.request(order.payment.redirectUrl ?? "");
    expect(page.status).toBe(200);
    expect(String(page.body)).not.toContain("<form");
  });

  it("leaves the order open with the payment declined when the buyer declines", async () => {
    const before = await availableOf(svc, FESTIVAL, ONE_DAY);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    const res = await submitGateway(svc, order, "decline");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(RETURN_URL);
    const declined = await orderById(svc, order.orderId);
    expect(declined.status).toBe("pendingPayment");
    expect(declined.payment).toMatchObject({ status: "declined", declineReason: "canceled_by_buyer" });
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ final: false, paymentStatus: "declined" });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    expect(await availableOf(svc, FESTIVAL, ONE_DAY)).toBe(before - 1);
    // A declined payment cannot be approved afterwards.
    const late = await sendCallback(svc, callbackFor(order, "approved"));
    expect(late.result).toBe("ignored");
    expect((await orderById(svc, order.orderId)).status).toBe("pendingPayment");
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("declines the declining test card with the issuer's reason", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    const res = await submitGateway(svc, order, "approve", DECLINED_CARD);
    expect(res.status).toBe(303);
    const declined = await orderById(svc, order.orderId);
    expect(declined.status).toBe("pendingPayment");
    expect(declined.payment).toMatchObject({ status: "declined", declineReason: "card_declined" });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("pays after a decline with a new payment of another method", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: FAMILY, count: 1 }] });
    await openGateway(svc, order);
    await submitGateway(svc, order, "approve", DECLINED_CARD);

    const retry = await startPayment(order.orderId, WALLET);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const again = paymentCalls.start.response.parse(retry.body).order;
    expect(again.payment).toMatchObject({ paymentMethodId: WALLET, status: "pending", declineReason: null });
    expect(again.payment.redirectUrl).not.toBe(order.payment.redirectUrl);
    expect(paymentIdOf(again.payment.redirectUrl)).not.toBe(paymentIdOf(order.payment.redirectUrl));

    await openGateway(svc, again);
    const res = await submitGateway(svc, again, "approve", "");
    expect(res.status).toBe(303);
    const paid = await orderById(svc, order.orderId);
    expect(paid).toMatchObject({ status: "paid", paymentMethodId: WALLET, paidAmount: order.amount });
    await expectIssued(paid);

    expectError(await startPayment(order.orderId, CARD), 409, "ORDER_CLOSED");
  });

  it("refuses a new payment with a method the event does not offer, or for an unknown order", async () => {
    const order = await createOrder(svc, {
      eventId: EVENT.tourBratislava,
      items: [{ ticketTypeId: ticketTypeId("tourBratislava", "stani"), count: 1 }],
    });
    const refused = expectError(await startPayment(order.orderId, BANK), 400, "PAYMENT_METHOD_NOT_OFFERED");
    expect(refused.field).toBe("paymentMethodId");
    expect((await orderById(svc, order.orderId)).payment.redirectUrl).toBe(order.payment.redirectUrl);
    expectError(await startPayment(UNKNOWN_ID, CARD), 404, "NOT_FOUND");
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    expectError(await startPayment(order.orderId, CARD), 409, "ORDER_CLOSED");
  });

  it("sends the buyer back only to the storefront: another return URL is refused", async () => {
    const foreign = "https://shop.example.net/thanks";
    const refused = expectError(
      await postOrder(
        svc,
        orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }], returnUrl: foreign }),
      ),
      400,
      "VALIDATION",
    );
    expect(refused.field).toBe("body.returnUrl");
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    const retry = await svc.request("/api/order-pay", {
      method: "POST",
      json: { orderId: order.orderId, paymentMethodId: CARD, language: "en", returnUrl: foreign },
    });
    expect(expectError(retry, 400, "VALIDATION").field).toBe("body.returnUrl");
    expect((await orderById(svc, order.orderId)).payment.redirectUrl).toBe(order.payment.redirectUrl);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("charges the fee of the method a new payment uses", async () => {
    const bankFee = await feeOf(svc, FESTIVAL, BANK);
    const cardFee = await feeOf(svc, FESTIVAL, CARD);
    expect(bankFee).not.toBe(cardFee);
    const type = await ticketTypeOf(svc, FESTIVAL, CAMPING);
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: CAMPING, count: 1 }] });
    expect(order).toMatchObject({ value: type.price + cardFee, feeAmount: cardFee });

    const byTransfer = paymentCalls.start.response.parse(
      (await startPayment(order.orderId, BANK)).body,
    ).order;
    expect(byTransfer).toMatchObject({
      value: type.price + bankFee,
      amount: type.price + bankFee,
      feeAmount: bankFee,
    });
    expect(byTransfer.payment.bankTransfer?.amount).toBe(type.price + bankFee);

    const byCard = paymentCalls.start.response.parse((await startPayment(order.orderId, CARD)).body).order;
    expect(byCard).toMatchObject({
      value: type.price + cardFee,
      amount: type.price + cardFee,
      feeAmount: cardFee,
    });
    await openGateway(svc, byCard);
    await submitGateway(svc, byCard, "approve");
    expect(await orderById(svc, order.orderId)).toMatchObject({
      status: "paid",
      paidAmount: type.price + cardFee,
    });
  });
});

describe("signed callbacks", () => {
  it("issue tickets once when one callback is replayed five times at once", async () => {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: FESTIVAL_VIP, count: 2 }],
    });
    await openGateway(svc, order);
    const callback = callbackFor(order, "approved");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postSigned(svc, "/api/payment-callback", callback)),
    );
    const outcomes = results.map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = paymentCalls.callback.response.parse(res.body);
      expect(body.orderId).toBe(order.orderId);
      return body.result;
    });
    expect(outcomes.sort()).toEqual(["paid", "repeated", "repeated", "repeated", "repeated"]);
    expect((await sendCallback(svc, callback)).result).toBe("repeated");
    const tickets = await expectIssued(await orderById(svc, order.orderId));
    expect(tickets).toHaveLength(2);
  });

  it("issue tickets once when five different approvals of one payment arrive at once", async () => {
    const order = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_STANDING, count: 3 }],
    });
    await openGateway(svc, order);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        postSigned(svc, "/api/payment-callback", callbackFor(order, "approved")),
      ),
    );
    const outcomes = results.map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return paymentCalls.callback.response.parse(res.body).result;
    });
    expect(outcomes.sort()).toEqual(["ignored", "ignored", "ignored", "ignored", "paid"]);
    const paid = await orderById(svc, order.orderId);
    expect(paid.status).toBe("paid");
    expect(await expectIssued(paid)).toHaveLength(3);
    const receipts = await svc.request(`/api/order-receipts?orderId=${order.orderId}`);
    expect(orderCalls.receipts.response.parse(receipts.body).receipts).toHaveLength(1);
    // A decline that comes after the approval changes nothing.
    expect((await sendCallback(svc, callbackFor(order, "declined"))).result).toBe("ignored");
    expect((await orderById(svc, order.orderId)).payment.status).toBe("approved");
  });

  it("let an approval and a cancel that race end one way: paid with tickets, or canceled without", async () => {
    const before = await availableOf(svc, FESTIVAL, THREE_DAY);
    let paidCount = 0;
    for (let i = 0; i < 8; i++) {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: THREE_DAY, count: 1 }],
      });
      await openGateway(svc, order);
      const [approval, cancel] = await Promise.all([
        postSigned(svc, "/api/payment-callback", callbackFor(order, "approved")),
        cancelOrder(svc, order.orderId),
      ]);
      expect(approval.status, JSON.stringify(approval.body)).toBe(200);
      const result = paymentCalls.callback.response.parse(approval.body).result;
      const status = (await orderCheck(svc, order.orderId)).status;
      const tickets = await ticketsOf(svc, order.orderId);
      if (result === "paid") {
        paidCount++;
        expectError(cancel, 409, "ORDER_PAID");
        expect(status).toBe("paid");
        expect(tickets).toHaveLength(1);
      } else {
        expect(result).toBe("ignored");
        expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
        expect(status).toBe("canceled");
        expect(tickets).toEqual([]);
      }
    }
    expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before - paidCount);
  });

  it("refuses a wrong or missing signature with 401 and changes nothing", async () => {
    const order = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_VIP, count: 1 }],
    });
    await openGateway(svc, order);
    const callback = callbackFor(order, "approved");
    const raw = JSON.stringify(callback);
    const wrongSecret = signBody(raw, `${TEST_PAYMENT_SECRET}x`);
    expectError(await postSigned(svc, "/api/payment-callback", callback, wrongSecret), 401, "BAD_SIGNATURE");
    expectError(await postSigned(svc, "/api/payment-callback", callback, ""), 401, "BAD_SIGNATURE");
    // A signature of another body.
    const other = signBody(JSON.stringify({ ...callback, amount: 1 }), TEST_PAYMENT_SECRET);
    expectError(await postSigned(svc, "/api/payment-callback", callback, other), 401, "BAD_SIGNATURE");
    const unsigned = await svc.request("/api/payment-callback", { method: "POST", json: callback });
    expectError(unsigned, 401, "BAD_SIGNATURE");

    expect(await orderCheck(svc, order.orderId)).toMatchObject({
      status: "pendingPayment",
      paymentStatus: "pending",
    });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    // Nothing was recorded under the callback's id: signed correctly, it is its first arrival.
    expect((await sendCallback(svc, callback)).result).toBe("paid");
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(1);
  });

  it("refuses a callback whose amount or currency differs from the payment's with AMOUNT_MISMATCH", async () => {
    const order = await createOrder(svc, {
      eventId: EVENT.tourBrno,
      items: [{ ticketTypeId: BRNO_STANDING, count: 1 }],
    });
    await openGateway(svc, order);
    const less = callbackFor(order, "approved", { amount: order.amount - 100 });
    expectError(await postSigned(svc, "/api/payment-callback", less), 400, "AMOUNT_MISMATCH");
    const euros = callbackFor(order, "approved", { currencyId: order.currencyId === 2 ? 1 : 2 });
    expectError(await postSigned(svc, "/api/payment-callback", euros), 400, "AMOUNT_MISMATCH");
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "pendingPayment", paidAmount: 0 });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);
    expectError(
      await postSigned(svc, "/api/payment-callback", {
        ...callbackFor(order, "approved"),
        paymentId: UNKNOWN_ID,
      }),
      404,
      "NOT_FOUND",
    );
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("paid");
  });
});

describe("bank transfer", () => {
  async function transferOrder(count = 1) {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: PACKAGE, count }],
      paymentMethodId: BANK,
    });
    return order;
  }

  it("waits for payment at once and tells how to pay", async () => {
    const type = await ticketTypeOf(svc, FESTIVAL, PACKAGE);
    const fee = await feeOf(svc, FESTIVAL, BANK);
    const order = await transferOrder(2);
    expect(order.status).toBe("pendingPayment");
    expect(order.amount).toBe(2 * type.price + fee);
    expect(Date.parse(order.expiresAt ?? "") - Date.parse(order.created)).toBe(BANK_TRANSFER_DAYS * DAY);
    const transfer = order.payment.bankTransfer;
    expect(order.payment).toMatchObject({ paymentMethodId: BANK, status: "pending", redirectUrl: null });
    if (!transfer) throw new Error("no bank transfer details");
    expect(transfer).toMatchObject({
      variableSymbol: String(order.orderNumber),
      amount: order.amount,
      currencyId: order.currencyId,
    });
    expect(ibanChecks(transfer.iban)).toBe(true);
    expect(transfer.message).toContain(String(order.orderNumber));
    const due = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Prague" }).format(
      new Date(order.expiresAt ?? ""),
    );
    expect(transfer.dueDate).toBe(due);
    expect(transfer.qrUrl).toMatch(new RegExp(`/order/${order.orderId}/spayd-qr$`));

    const tx = await svc.request(`/api/bank-transaction?orderId=${order.orderId}`);
    expect(orderCalls.bankTransaction.response.parse(tx.body).bankTransaction).toMatchObject({
      orderId: order.orderId,
      variableSymbol: transfer.variableSymbol,
      iban: transfer.iban,
      bic: transfer.bic,
      accountNumber: transfer.accountNumber,
      expectedAmount: order.amount,
      receivedAmount: 0,
      dueDate: transfer.dueDate,
      received: false,
      receivedAt: null,
    });
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("draws the SPAYD QR of the transfer, with the payment string in x-spayd", async () => {
    const order = await transferOrder(1);
    const transfer = order.payment.bankTransfer;
    if (!transfer) throw new Error("no bank transfer details");
    const res = await svc.request(transfer.qrUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(String(res.body)).toContain("<svg");
    const spayd = res.headers.get("x-spayd") ?? "";
    expect(spayd.startsWith("SPD*1.0*")).toBe(true);
    const fields = new Map(
      spayd
        .split("*")
        .slice(2)
        .map((part) => [part.slice(0, part.indexOf(":")), part.slice(part.indexOf(":") + 1)]),
    );
    expect(fields.get("ACC")).toBe(`${transfer.iban}+${transfer.bic}`);
    expect(fields.get("AM")).toBe(
      `${Math.floor(order.amount / 100)}.${String(order.amount % 100).padStart(2, "0")}`,
    );
    expect(fields.get("AM")).toMatch(/^\d+\.\d{2}$/);
    expect(fields.get("CC")).toBe("CZK");
    expect(fields.get("X-VS")).toBe(String(order.orderNumber));
    expect(fields.get("MSG")).toContain(String(order.orderNumber));
    expect(fields.get("DT")).toBe(transfer.dueDate.replaceAll("-", ""));

    const card = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: PACKAGE, count: 1 }] });
    expectError(await svc.request(`/order/${card.orderId}/spayd-qr`), 404, "NOT_FOUND");
    expectError(await svc.request(`/order/${UNKNOWN_ID}/spayd-qr`), 404, "NOT_FOUND");
    expect((await cancelOrder(svc, card.orderId)).status).toBe(200);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("applies only a full transfer in the order's currency, once", async () => {
    const order = await transferOrder(2);
    const underpaid = await notifyBank(bankNotification(order, { amount: order.amount - 1 }));
    expect(underpaid).toEqual({
      errorText: "OK",
      result: "underpaid",
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      expectedAmount: order.amount,
    });
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "pendingPayment", paidAmount: 0 });

    const unknown = await notifyBank(bankNotification(order, { variableSymbol: "1" }));
    expect(unknown).toMatchObject({
      result: "unknownSymbol",
      orderId: null,
      orderNumber: null,
      expectedAmount: null,
    });

    const euros = await notifyBank(bankNotification(order, { currencyId: 2 }));
    expect(euros).toMatchObject({ result: "wrongCurrency", orderId: order.orderId });
    expect(await ticketsOf(svc, order.orderId)).toEqual([]);

    expectError(
      await postSigned(svc, "/api/bank-notification", bankNotification(order), "sha256=00"),
      401,
      "BAD_SIGNATURE",
    );
    expect((await orderCheck(svc, order.orderId)).status).toBe("pendingPayment");

    const full = bankNotification(order);
    expect(await notifyBank(full)).toMatchObject({ result: "paid", orderId: order.orderId });
    const paid = await orderById(svc, order.orderId);
    expect(paid).toMatchObject({ status: "paid", paidAmount: order.amount });
    await expectIssued(paid);
    const tx = await svc.request(`/api/bank-transaction?orderId=${order.orderId}`);
    expect(orderCalls.bankTransaction.response.parse(tx.body).bankTransaction).toMatchObject({
      received: true,
      receivedAmount: order.amount,
    });

    expect(await notifyBank(full)).toMatchObject({ result: "repeated", orderId: order.orderId });
    expect(await notifyBank(bankNotification(order))).toMatchObject({ result: "alreadyPaid" });
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(2);
  });

  it("does not apply a transfer to a canceled order or to one whose due date has passed", async () => {
    const canceled = await transferOrder(1);
    expect((await cancelOrder(svc, canceled.orderId)).status).toBe(200);
    expect(await notifyBank(bankNotification(canceled))).toMatchObject({ result: "orderClosed" });
    expect((await orderCheck(svc, canceled.orderId)).status).toBe("canceled");

    const late = await transferOrder(1);
    const before = await availableOf(svc, FESTIVAL, PACKAGE);
    svc.clock.offsetMs = Date.parse(late.expiresAt ?? "") - Date.now() + 60_000;
    expect(await notifyBank(bankNotification(late))).toMatchObject({
      result: "orderClosed",
      orderId: late.orderId,
    });
    expect(await orderCheck(svc, late.orderId)).toMatchObject({ status: "expired", paidAmount: 0 });
    expect(await ticketsOf(svc, late.orderId)).toEqual([]);
    expect(await availableOf(svc, FESTIVAL, PACKAGE)).toBe(before + 1);
  });
});

describe("ticket PDF and ticket reads", () => {
  let order: Order;
  // Made once, by the first test's own hook rather than by beforeAll: a mutation run then knows which test
  // reached the code that pays an order (code beforeAll runs counts as reached by every test).
  let paid: Promise<Order> | undefined;
  beforeEach(async () => {
    paid ??= (async () => {
      const created = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [
          { ticketTypeId: THREE_DAY, count: 2 },
          { ticketTypeId: CAMPING, count: 1 },
        ],
        extraProducts: [{ ticketProductId: PARKING, count: 1 }],
      });
      await openGateway(svc, created);
      await submitGateway(svc, created, "approve");
      return orderById(svc, created.orderId);
    })();
    order = await paid;
  });

  const pages = (pdf: string) => pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

  it("prints a paid order's tickets, one page each, or one ticket alone", async () => {
    const tickets = await ticketsOf(svc, order.orderId);
    const res = await svc.request(`/api/order-download-ticket?orderId=${order.orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = String(res.body);
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pages(pdf)).toBe(tickets.length);
    expect(tickets.length).toBe(unitsOf(order));

    const one = await svc.request(
      `/api/order-download-ticket?orderId=${order.orderId}&ticketId=${tickets[0]?.ticketId}`,
    );
    expect(one.status).toBe(200);
    expect(pages(String(one.body))).toBe(1);
    expectError(
      await svc.request(`/api/order-download-ticket?orderId=${order.orderId}&ticketId=${UNKNOWN_ID}`),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses the PDF of an unpaid order with ORDER_NOT_PAID", async () => {
    const unpaid = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: CAMPING, count: 1 }],
    });
    const refused = expectError(
      await svc.request(`/api/order-download-ticket?orderId=${unpaid.orderId}`),
      409,
      "ORDER_NOT_PAID",
    );
    expect(refused.field).toBe("orderId");
    expectError(await svc.request(`/api/order-download-ticket?orderId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expect((await cancelOrder(svc, unpaid.orderId)).status).toBe(200);
  });

  it("finds a ticket by id, by code in any case and by its QR code, with what it grants and the order's extras", async () => {
    const tickets = await ticketsOf(svc, order.orderId);
    const ticket = tickets[0];
    if (!ticket) throw new Error("no ticket");
    const byId = await svc.request(`/api/ticket-by-id?ticketId=${ticket.ticketId}`, { lang: "en" });
    expect(ticketCalls.byId.response.parse(byId.body).ticket).toEqual(ticket);
    const byCode = await svc.request(
      `/api/ticket-by-code?code=${encodeURIComponent(ticket.code.toLowerCase())}`,
      {
        lang: "en",
      },
    );
    expect(byCode.status).toBe(200);
    // A printed code opens the ticket only, not its order.
    const { ticketId: _ticketId, orderId: _orderId, ...printed } = ticket;
    expect(ticketCalls.byCode.response.parse(byCode.body).ticket).toEqual(printed);
    const byQr = await svc.request(`/api/v2/ticket/qrCode/${encodeURIComponent(ticket.qrCode)}`, {
      lang: "en",
    });
    expect(byQr.status).toBe(200);
    expect(v2Calls.ticketByQrCode.response.parse(byQr.body).ticket).toEqual(printed);

    const items = await svc.request(`/api/ticket-items?ticketId=${ticket.ticketId}`, { lang: "en" });
    expect(ticketCalls.items.response.parse(items.body).items).toEqual([
      { itemTypeId: ticket.itemTypeId, name: ticket.ticketType.namePub, count: 1 },
    ]);
    const products = await svc.request(`/api/ticket-products?ticketId=${ticket.ticketId}`, { lang: "en" });
    expect(ticketCalls.products.response.parse(products.body).extraProducts).toEqual(order.extraProducts);
    expect(order.extraProducts.map((p) => p.ticketProductId)).toEqual([PARKING]);

    expectError(await svc.request(`/api/ticket-by-id?ticketId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await svc.request("/api/ticket-by-code?code=VST-NONE-NONE"), 404, "NOT_FOUND");
    expectError(await svc.request("/api/v2/ticket/qrCode/VSTP1.none"), 404, "NOT_FOUND");
    expectError(await svc.request(`/api/ticket-items?ticketId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectError(await svc.request(`/api/ticket-products?ticketId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
  });
});
