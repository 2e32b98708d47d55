/**
 * Payment rules against the demo catalog: the test gateway's page (TEST marking, security headers, origin
 * check, one callback per decision), approvals that must not pay (a repeat, a superseded or expired payment:
 * recorded for refund, the order unchanged) and the bank transfer's due date that order-pay cannot push out.
 */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  BANK,
  CARD,
  callbackFor,
  callbacksOf,
  cancelOrder,
  createOrder,
  expectError,
  notifyBank,
  openGateway,
  orderById,
  orderCheck,
  paymentRowsOf,
  postPay,
  postPayOk,
  sendCallback,
  submitGateway,
  ticketsOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const DAY = 86_400_000;
/** Days a buyer has to pay by bank transfer by default (BANK_TRANSFER_DAYS). */
const BANK_TRANSFER_DAYS = 3;
const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const CAMPING = ticketTypeId("festival", "kemp");
const STOREFRONT = "http://storefront.test";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

const pay = (orderId: string, paymentMethodId: number) => postPay(svc, orderId, paymentMethodId);
const payOk = (orderId: string, paymentMethodId: number) => postPayOk(svc, orderId, paymentMethodId);

/** The directives of a Content-Security-Policy header, by name. */
function cspOf(header: string | null): Map<string, string[]> {
  expect(header).not.toBeNull();
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** Expects the headers every answer of the gateway carries. */
function expectGatewayHeaders(headers: Headers) {
  const csp = cspOf(headers.get("content-security-policy"));
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("form-action")).toEqual(expect.arrayContaining(["'self'", STOREFRONT]));
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("cache-control")).toBe("no-store");
  return csp;
}

describe("the test gateway's page", () => {
  it("says plainly that it is a test, in its title and on the page, in the buyer's language", async () => {
    for (const language of ["en", "cs"] as const) {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 1 }],
        language,
      });
      const page = await svc.request(order.payment.redirectUrl ?? "");
      const html = String(page.body);
      expect(html).toMatch(/<title>TEST\b[^<]*<\/title>/);
      expect(html).toMatch(/<p class="test-mark"[^>]*><strong>TEST<\/strong>/);
      expect(html).toContain(`<html lang="${language}">`);
      expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    }
  });

  it("sends a strict CSP, no framing, no sniffing, no referrer and no caching on every answer", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    const page = await svc.request(order.payment.redirectUrl ?? "");
    expect(page.status).toBe(200);
    const csp = expectGatewayHeaders(page.headers);
    // The page's one inline style is allowed by its hash, nothing else inline.
    const styles = [...String(page.body).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash("sha256")
      .update(styles[0] ?? "")
      .digest("base64")}'`;
    expect(csp.get("style-src")).toEqual([hash]);
    expect(csp.get("script-src") ?? []).toEqual([]);

    const decided = await submitGateway(svc, order, "decline");
    expect(decided.status).toBe(303);
    expectGatewayHeaders(decided.headers);
    const unknown = await svc.request(`/gateway/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expectGatewayHeaders(unknown.headers);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("refuses a decision posted from another origin than its own with 403 and changes nothing", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    for (const origin of ["https://attacker.example", STOREFRONT, "null"]) {
      const res = await submitGateway(svc, order, "approve", undefined, origin);
      expectError(res, 403, "FORBIDDEN_ORIGIN");
      expectGatewayHeaders(res.headers);
    }
    expect(await orderCheck(svc, order.orderId)).toMatchObject({
      status: "pendingPayment",
      paymentStatus: "pending",
    });
    expect(await callbacksOf(svc, order.orderId)).toBe(0);
    expect((await submitGateway(svc, order, "approve")).status).toBe(303);
    expect((await orderCheck(svc, order.orderId)).status).toBe("paid");
  });

  it("knows only the payments it takes: a bank transfer's has no page and cannot be approved there", async () => {
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      paymentMethodId: BANK,
    });
    const [transfer] = await paymentRowsOf(svc, order.orderId);
    if (!transfer) throw new Error("no payment");
    expect((await svc.request(`/gateway/${transfer.paymentId}`)).status).toBe(404);
    const res = await svc.request(`/gateway/${transfer.paymentId}`, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      redirect: "manual",
    });
    expect(res.status).toBe(404);
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "pendingPayment", paidAmount: 0 });
    expect(await callbacksOf(svc, order.orderId)).toBe(0);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("sends one callback for a double click of Pay: the order is paid once, its payment stays approved", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: CAMPING, count: 2 }] });
    await openGateway(svc, order);
    const clicks = await Promise.all([
      submitGateway(svc, order, "approve"),
      submitGateway(svc, order, "approve"),
      submitGateway(svc, order, "approve"),
    ]);
    for (const click of clicks) expect(click.status).toBe(303);
    expect(await orderById(svc, order.orderId)).toMatchObject({ status: "paid", paidAmount: order.amount });
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(2);
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { status: "approved", declineReason: null },
    ]);
    expect(await callbacksOf(svc, order.orderId)).toBe(1);
  });
});

describe("approvals that must not pay", () => {
  it("a second approval of the payment that paid the order changes nothing", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("paid");
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("ignored");
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { status: "approved", declineReason: null },
    ]);
    expect(await orderById(svc, order.orderId)).toMatchObject({ status: "paid", paidAmount: order.amount });
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(1);
  });

  it("an approval of a payment the buyer replaced is recorded for refund and never pays the order", async () => {
    const card = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, card);
    const transfer = await payOk(card.orderId, BANK);
    expect(transfer.amount).not.toBe(card.amount);

    // The card payment is approved after all, at its old amount.
    const late = await sendCallback(svc, callbackFor(card, "approved"));
    expect(late).toMatchObject({ result: "ignored", orderId: card.orderId });
    expect(await orderById(svc, card.orderId)).toMatchObject({
      status: "pendingPayment",
      amount: transfer.amount,
      paidAmount: 0,
      paymentMethodId: BANK,
    });
    expect(await ticketsOf(svc, card.orderId)).toEqual([]);
    expect(await paymentRowsOf(svc, card.orderId)).toMatchObject([
      { paymentMethodId: CARD, status: "superseded", declineReason: "superseded_payment" },
      { paymentMethodId: BANK, status: "pending", declineReason: null },
    ]);

    // The transfer pays the order at its own amount; another late approval still changes nothing.
    expect(await notifyBank(svc, transfer)).toMatchObject({ result: "paid" });
    expect((await sendCallback(svc, callbackFor(card, "approved"))).result).toBe("ignored");
    expect(await orderById(svc, card.orderId)).toMatchObject({ status: "paid", paidAmount: transfer.amount });
    expect(await ticketsOf(svc, card.orderId)).toHaveLength(1);
    expect(await paymentRowsOf(svc, card.orderId)).toMatchObject([
      { status: "superseded", declineReason: "superseded_payment" },
      { status: "approved", declineReason: null },
    ]);
  });

  it("a transfer that pays the order leaves a pending card payment unable to pay: its approval is refunded", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    // The buyer also sends the amount by bank transfer (the variable symbol is the order number).
    expect(await notifyBank(svc, order)).toMatchObject({ result: "paid" });
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("ignored");
    expect(await orderById(svc, order.orderId)).toMatchObject({ status: "paid", paidAmount: order.amount });
    expect(await ticketsOf(svc, order.orderId)).toHaveLength(1);
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { paymentMethodId: CARD, status: "superseded", declineReason: "superseded_payment" },
    ]);
  });

  it("an approval after the order expired is recorded for refund as order_closed", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    svc.clock.offsetMs = Date.parse(order.expiresAt ?? "") - Date.now() + 1_000;
    expect((await sendCallback(svc, callbackFor(order, "approved"))).result).toBe("ignored");
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "expired", paidAmount: 0 });
    expect(await paymentRowsOf(svc, order.orderId)).toMatchObject([
      { status: "superseded", declineReason: "order_closed" },
    ]);
  });
});

describe("the due date of a bank transfer", () => {
  it("is counted from the order's creation: paying by transfer again never moves it further", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    const due = Date.parse(order.created) + BANK_TRANSFER_DAYS * DAY;
    svc.clock.offsetMs = 10 * 60_000;
    expect(Date.parse((await payOk(order.orderId, BANK)).expiresAt ?? "")).toBe(due);
    svc.clock.offsetMs = DAY;
    expect(Date.parse((await payOk(order.orderId, CARD)).expiresAt ?? "")).toBe(due);
    svc.clock.offsetMs = 2 * DAY;
    const again = await payOk(order.orderId, BANK);
    expect(Date.parse(again.expiresAt ?? "")).toBe(due);
    expect(again.payment.bankTransfer?.dueDate).toBe(
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Prague" }).format(new Date(due)),
    );
    svc.clock.offsetMs = due - Date.now() + 60_000;
    expect(await orderCheck(svc, order.orderId)).toMatchObject({ status: "expired", final: true });
    expectError(await pay(order.orderId, BANK), 409, "ORDER_CLOSED");
  });
});
