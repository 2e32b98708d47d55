/**
 * Orders an account makes onto what it has: extra products and chip credit bought onto one of its paid
 * orders (order.createExtra), and credit for one of its chips (order.createCredit). Both are ordinary orders
 * of the account paid through the gateway, idempotent under an Idempotency-Key, refused without a valid
 * token or without the terms of sale accepted (as every order is), and blind to other accounts' orders and
 * chips.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountCalls } from "../../src/contract/account.ts";
import { orderCalls } from "../../src/contract/order.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { DEMO_TERMS_VERSION } from "../../src/pass-service/catalog/demo/legal.ts";
import { orders } from "../../src/pass-service/db/schema.ts";
import { createTestAccount, createTestChip, type TestAccount } from "./support/account-fixture.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import {
  CARD,
  cartOf,
  createOrder,
  expectError,
  orderById,
  payByCard,
  RETURN_URL,
  TERMS,
  TERMS_REFUSALS,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const CREDIT_EVENT = EVENT.festivalCredit;
const ONE_DAY = ticketTypeId("festival", "jednodenni");

let svc: TestService;
let alice: TestAccount;
let bob: TestAccount;
/** Alice's paid festival order, and one she has not paid. */
let paidOrderId: string;
let openOrderId: string;
/** A festival extra product without variants. */
let plainProductId: string;

beforeAll(async () => {
  svc = await startTestService();
  alice = await createTestAccount(svc, { firstName: "Alice", lastName: "Malá" });
  bob = await createTestAccount(svc);
  const cart = await cartOf(svc, FESTIVAL);
  plainProductId = must(
    cart.extraProducts.find((p) => p.variants.length === 0 && p.chips.length === 0),
    "festival extra product without variants",
  ).ticketProductId;
});
afterAll(() => svc?.close());

// Alice's orders are made once, by the first test's own hook rather than by beforeAll: a mutation run then
// knows which test reached the code that pays an order (code beforeAll runs counts as reached by every test).
let aliceOrders: Promise<void> | undefined;
beforeEach(async () => {
  aliceOrders ??= (async () => {
    const items = [{ ticketTypeId: ONE_DAY, count: 1 }];
    const paid = await createOrder(svc, { eventId: FESTIVAL, items }, randomUUID(), alice.token);
    paidOrderId = (await payByCard(svc, paid)).orderId;
    openOrderId = (await createOrder(svc, { eventId: FESTIVAL, items }, randomUUID(), alice.token)).orderId;
  })();
  await aliceOrders;
});

/** POSTs a secure order call as an account (or with the headers given), with an Idempotency-Key. */
function post(path: string, json: unknown, who: TestAccount | Record<string, string>, key = randomUUID()) {
  const auth = "token" in who ? (who as TestAccount).headers : who;
  return svc.request(path, {
    method: "POST",
    json,
    lang: "en",
    headers: { ...auth, "Idempotency-Key": key },
  });
}

/** How many orders an account has. */
async function ordersOf(account: TestAccount): Promise<number> {
  return (await svc.database.db.select().from(orders).where(eq(orders.accountId, account.accountId))).length;
}

const extraBody = (orderId: string) => ({
  orderId,
  extraProducts: [{ ticketProductId: plainProductId, count: 1 }],
  paymentMethodId: CARD,
  language: "en",
  returnUrl: RETURN_URL,
  ...TERMS,
});

describe("order.createExtra", () => {
  it("buys extras onto a paid order of the account: an extra order paid through the gateway", async () => {
    const res = await post("/api/order-create-extra", extraBody(paidOrderId), alice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const extra = orderCalls.createExtra.response.parse(res.body).order;
    const parent = await orderById(svc, paidOrderId);
    expect(extra).toMatchObject({
      parentOrderId: paidOrderId,
      accountId: alice.accountId,
      eventId: FESTIVAL,
      buyer: parent.buyer,
      tickets: [],
      status: "created",
    });
    expect(extra.extraProducts.map((p) => [p.ticketProductId, p.count])).toEqual([[plainProductId, 1]]);
    expect(extra.payment.redirectUrl).not.toBeNull();
    await payByCard(svc, extra);

    const list = await svc.request("/api/account-orders", { headers: alice.headers });
    const ids = accountCalls.orders.response.parse(list.body).orders.map((o) => o.orderId);
    expect(ids).toContain(extra.orderId);
    const receipts = await svc.request(`/api/extra-order-receipts?orderId=${paidOrderId}`);
    expect(orderCalls.extraReceipts.response.parse(receipts.body).receipts.map((r) => r.orderId)).toEqual([
      extra.orderId,
    ]);
  });

  it("answers the same order for a repeated Idempotency-Key and creates it once", async () => {
    const key = randomUUID();
    const before = await ordersOf(alice);
    const first = await post("/api/order-create-extra", extraBody(paidOrderId), alice, key);
    const again = await post("/api/order-create-extra", extraBody(paidOrderId), alice, key);
    expect(first.status).toBe(200);
    expect(again.body.order.orderId).toBe(first.body.order.orderId);
    expect(await ordersOf(alice)).toBe(before + 1);
    const changed = {
      ...extraBody(paidOrderId),
      extraProducts: [{ ticketProductId: plainProductId, count: 2 }],
    };
    expectError(await post("/api/order-create-extra", changed, alice, key), 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("answers 404 for another account's order, as for an unknown one, and creates nothing", async () => {
    const before = await ordersOf(bob);
    const foreign = expectError(
      await post("/api/order-create-extra", extraBody(paidOrderId), bob),
      404,
      "NOT_FOUND",
    );
    const unknown = expectError(
      await post("/api/order-create-extra", extraBody(UNKNOWN_ID), bob),
      404,
      "NOT_FOUND",
    );
    expect(foreign.field).toBe("orderId");
    expect(foreign.message.replace(paidOrderId, "")).toBe(unknown.message.replace(UNKNOWN_ID, ""));
    expect(await ordersOf(bob)).toBe(before);
  });

  it("refuses an order not paid yet with 409, and an empty or unknown extra with a named field", async () => {
    const open = expectError(
      await post("/api/order-create-extra", extraBody(openOrderId), alice),
      409,
      "ORDER_NOT_PAID",
    );
    expect(open.field).toBe("orderId");
    const empty = { ...extraBody(paidOrderId), extraProducts: [] };
    expect(expectError(await post("/api/order-create-extra", empty, alice), 400, "VALIDATION").field).toBe(
      "body.extraProducts",
    );
    const unknown = { ...extraBody(paidOrderId), extraProducts: [{ ticketProductId: UNKNOWN_ID, count: 1 }] };
    expect(expectError(await post("/api/order-create-extra", unknown, alice), 404, "NOT_FOUND").field).toBe(
      "extraProducts.0",
    );
  });
});

describe("order.createCredit", () => {
  let chipId: string;
  let topUp: { productItemId: string; amount: number; price: number };
  beforeAll(async () => {
    chipId = await createTestChip(svc, { eventId: CREDIT_EVENT, accountId: alice.accountId, balance: 1000 });
    topUp = must((await cartOf(svc, CREDIT_EVENT)).chipProducts[0], "credit top-up");
  });
  const creditBody = (amount: number, id = chipId) => ({
    eventId: CREDIT_EVENT,
    chipId: id,
    productItemId: topUp.productItemId,
    amount,
    paymentMethodId: CARD,
    language: "en",
    returnUrl: RETURN_URL,
    ...TERMS,
  });
  const balance = async () => {
    const res = await svc.request(`/api/account-chips-by-event?eventId=${CREDIT_EVENT}`, {
      headers: alice.headers,
    });
    const chips = accountCalls.chipsByEvent.response.parse(res.body).chips;
    return must(
      chips.find((c) => c.chipId === chipId),
      "Alice's chip",
    ).balance;
  };

  it("tops up a chip of the account through the gateway; paid, the credit is on the chip", async () => {
    const res = await post("/api/order-create-credit", creditBody(2 * topUp.amount), alice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = orderCalls.createCredit.response.parse(res.body).order;
    expect(order).toMatchObject({ accountId: alice.accountId, eventId: CREDIT_EVENT, parentOrderId: null });
    expect(order.buyer).toMatchObject({ firstName: "Alice", lastName: "Malá", email: alice.email });
    expect(order.chips).toEqual([
      expect.objectContaining({ productItemId: topUp.productItemId, amount: 2 * topUp.amount, chipId }),
    ]);
    expect(await balance()).toBe(1000);
    await payByCard(svc, order);
    expect(await balance()).toBe(1000 + 2 * topUp.amount);
  });

  it("issues a chip with each ticket of a cashless event, the account's, and tops it up", async () => {
    const paid = await orderById(svc, paidOrderId);
    const ticketsRes = await svc.request(`/api/order-tickets?orderId=${paid.orderId}`);
    const ticket = must(orderCalls.tickets.response.parse(ticketsRes.body).tickets[0], "ticket");
    const issued = await svc.request(`/api/account-chips-by-event?eventId=${FESTIVAL}`, {
      headers: alice.headers,
    });
    const festivalChips = accountCalls.chipsByEvent.response.parse(issued.body).chips;
    // One festival ticket paid: one wristband, an online recharged chip with no credit yet.
    expect(festivalChips).toEqual([
      expect.objectContaining({ eventId: FESTIVAL, chipTypeId: 2, balance: 0, label: ticket.holderName }),
    ]);
    const bound = must(festivalChips[0], "the chip issued with the ticket").chipId;
    const festivalTopUp = must((await cartOf(svc, FESTIVAL)).chipProducts[0], "festival top-up");
    const res = await post(
      "/api/order-create-credit",
      {
        ...creditBody(festivalTopUp.amount, bound),
        eventId: FESTIVAL,
        productItemId: festivalTopUp.productItemId,
      },
      alice,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.chips[0].chipId).toBe(bound);
    // Bob cannot top up the chip of Alice's ticket.
    const foreign = { ...creditBody(festivalTopUp.amount, bound), eventId: FESTIVAL };
    expectError(await post("/api/order-create-credit", foreign, bob), 404, "CHIP_NOT_FOUND");
  });

  it("refuses credit over the limit with 400 naming the amount, and creates nothing", async () => {
    const before = await ordersOf(alice);
    const limitRes = await svc.request(`/api/chip-credit-limit?eventId=${CREDIT_EVENT}`);
    const max = must(limitRes.body.chipCreditLimit?.maxAmount as number | undefined, "credit limit");
    const over = (Math.floor(max / topUp.amount) + 1) * topUp.amount;
    const body = expectError(
      await post("/api/order-create-credit", creditBody(over), alice),
      400,
      "LIMIT_EXCEEDED",
    );
    expect(body.field).toBe("amount");
    const odd = expectError(
      await post("/api/order-create-credit", creditBody(topUp.amount + 1), alice),
      400,
      "VALIDATION",
    );
    expect(odd.field).toBe("amount");
    expect(await ordersOf(alice)).toBe(before);
    expect(await balance()).toBe(1000 + 2 * topUp.amount);
  });

  it("answers the same order for a repeated Idempotency-Key, and refuses the key for another body", async () => {
    const key = randomUUID();
    const before = await ordersOf(alice);
    const first = await post("/api/order-create-credit", creditBody(topUp.amount), alice, key);
    const again = await post("/api/order-create-credit", creditBody(topUp.amount), alice, key);
    expect(first.status).toBe(200);
    expect(again.body.order.orderId).toBe(first.body.order.orderId);
    expect(await ordersOf(alice)).toBe(before + 1);
    expectError(
      await post("/api/order-create-credit", creditBody(2 * topUp.amount), alice, key),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
  });

  it("answers 404 CHIP_NOT_FOUND for another account's chip or an unknown one, and creates nothing", async () => {
    const bobsChip = await createTestChip(svc, { eventId: CREDIT_EVENT, accountId: bob.accountId });
    const before = await ordersOf(alice);
    for (const id of [bobsChip, "no-such-chip"]) {
      const res = await post("/api/order-create-credit", creditBody(topUp.amount, id), alice);
      expect(expectError(res, 404, "CHIP_NOT_FOUND").field).toBe("chipId");
    }
    // Alice's chip is not hers for another event.
    const elsewhere = { ...creditBody(topUp.amount), eventId: FESTIVAL };
    expectError(await post("/api/order-create-credit", elsewhere, alice), 404, "CHIP_NOT_FOUND");
    expect(await ordersOf(alice)).toBe(before);
  });

  for (const [what, terms, status, name] of TERMS_REFUSALS) {
    it(`refuses a top-up with ${what} (${name}) and creates nothing`, async () => {
      const before = await ordersOf(alice);
      const refused = expectError(
        await post("/api/order-create-credit", { ...creditBody(topUp.amount), ...terms }, alice),
        status,
        name,
      );
      expect(refused.field).toBe(name === "TERMS_CHANGED" ? "termsVersion" : "termsAccepted");
      if (name === "TERMS_CHANGED") expect(refused.termsVersion).toBe(DEMO_TERMS_VERSION);
      expect(await ordersOf(alice)).toBe(before);
    });
  }

  it("keeps the accepted version of the terms with the top-up", async () => {
    const res = await post("/api/order-create-credit", creditBody(topUp.amount), alice);
    const { orderId } = orderCalls.createCredit.response.parse(res.body).order;
    const [row] = await svc.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row?.termsVersion).toBe(DEMO_TERMS_VERSION);
    expect(row?.termsAcceptedAt).not.toBeNull();
  });
});

describe("order.createExtra and the terms of sale", () => {
  for (const [what, terms, status, name] of TERMS_REFUSALS) {
    it(`refuses extras with ${what} (${name}) and creates nothing`, async () => {
      const before = await ordersOf(alice);
      const refused = expectError(
        await post("/api/order-create-extra", { ...extraBody(paidOrderId), ...terms }, alice),
        status,
        name,
      );
      expect(refused.field).toBe(name === "TERMS_CHANGED" ? "termsVersion" : "termsAccepted");
      expect(await ordersOf(alice)).toBe(before);
    });
  }

  it("keeps the accepted version of the terms with the extra order", async () => {
    const res = await post("/api/order-create-extra", extraBody(paidOrderId), alice);
    const { orderId } = orderCalls.createExtra.response.parse(res.body).order;
    const [row] = await svc.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row?.termsVersion).toBe(DEMO_TERMS_VERSION);
  });
});

describe("without a valid token", () => {
  it("order.createExtra and order.createCredit answer 401 and create nothing", async () => {
    const before = (await svc.database.db.select().from(orders)).length;
    for (const headers of [{}, { authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
      expectError(
        await post("/api/order-create-extra", extraBody(paidOrderId), headers),
        401,
        "UNAUTHORIZED",
      );
      const credit = {
        eventId: CREDIT_EVENT,
        chipId: "x",
        amount: 20000,
        paymentMethodId: CARD,
        language: "en",
      };
      expectError(await post("/api/order-create-credit", credit, headers), 401, "UNAUTHORIZED");
    }
    expect((await svc.database.db.select().from(orders)).length).toBe(before);
  });
});
