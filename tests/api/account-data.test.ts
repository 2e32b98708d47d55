/**
 * The account's own data: its orders (newest first), the tickets of its paid orders, their events and its
 * chips; orders made with the account's bearer token belong to it. Every call answers 401 without a valid
 * token, and an account never sees another account's orders, tickets or chips.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountCalls } from "../../src/contract/account.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { accountTokens, orders } from "../../src/pass-service/db/schema.ts";
import { revokeToken } from "../../src/pass-service/services/accounts/tokens.ts";
import { createTestAccount, createTestChip, type TestAccount } from "./support/account-fixture.ts";
import {
  createOrder,
  expectError,
  orderBody,
  orderById,
  payByCard,
  postOrder,
  ticketsOf,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");

let svc: TestService;
let alice: TestAccount;
let bob: TestAccount;
let paidOrderId: string;
let openOrderId: string;

/** GETs a call of the account area with an account's token; expects 200 and parses the answer. */
async function get<C extends (typeof accountCalls)[keyof typeof accountCalls]>(
  call: C,
  path: string,
  account: TestAccount,
) {
  const res = await svc.request(path, { lang: "en", headers: account.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return call.response.parse(res.body) as ReturnType<C["response"]["parse"]>;
}

const paths = {
  events: "/api/account-events",
  tickets: "/api/account-tickets",
  orders: "/api/account-orders",
  ticketsByEvent: `/api/account-tickets-by-event?eventId=${FESTIVAL}`,
  chipsByEvent: `/api/account-chips-by-event?eventId=${FESTIVAL}`,
};

beforeAll(async () => {
  svc = await startTestService();
  alice = await createTestAccount(svc);
  bob = await createTestAccount(svc);
  const paid = await createOrder(
    svc,
    { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 2 }] },
    randomUUID(),
    alice.token,
  );
  paidOrderId = (await payByCard(svc, paid)).orderId;
  svc.clock.offsetMs += 1000;
  openOrderId = (
    await createOrder(
      svc,
      { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] },
      randomUUID(),
      alice.token,
    )
  ).orderId;
  // An anonymous order with Alice's e-mail is not hers until claimed.
  await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
});
afterAll(() => svc?.close());

describe("orders made with a bearer token", () => {
  it("belong to the token's account; without a token they belong to no one", async () => {
    expect((await orderById(svc, paidOrderId)).accountId).toBe(alice.accountId);
    const anonymous = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 1 }],
    });
    expect(anonymous.accountId).toBeNull();
  });

  it("are refused with 401 for an invalid or revoked token, and nothing is created", async () => {
    const stale = await createTestAccount(svc);
    await revokeToken(svc.database.db, stale.token, svc.clock.now());
    const count = async () => (await svc.database.db.select().from(orders)).length;
    const before = await count();
    for (const token of ["not-a-token", stale.token]) {
      for (const path of ["/api/order-create", "/api/order-create-v2"]) {
        const body = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
        const res = await postOrder(svc, body, { path, token, key: randomUUID() });
        expectError(res, 401, "UNAUTHORIZED");
        expect(res.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
      }
    }
    expect(await count()).toBe(before);
  });

  it("keep an Idempotency-Key to its account: the same key and body from another account is refused", async () => {
    const key = randomUUID();
    const body = orderBody({ eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    const first = await postOrder(svc, body, { key, token: bob.token });
    expect(first.status).toBe(200);
    const again = await postOrder(svc, body, { key, token: bob.token });
    expect(again.body.order.orderId).toBe(first.body.order.orderId);
    expectError(await postOrder(svc, body, { key, token: alice.token }), 422, "IDEMPOTENCY_KEY_REUSED");
    expectError(await postOrder(svc, body, { key }), 422, "IDEMPOTENCY_KEY_REUSED");
  });
});

describe("account.orders", () => {
  it("lists the account's orders, newest first, with their ticket counts and events", async () => {
    const { orders: list } = await get(accountCalls.orders, paths.orders, alice);
    expect(list.map((o) => o.orderId)).toEqual([openOrderId, paidOrderId]);
    const paid = await orderById(svc, paidOrderId);
    expect(list[1]).toMatchObject({
      orderNumber: paid.orderNumber,
      status: "paid",
      value: paid.value,
      currencyId: paid.currencyId,
      ticketCount: 2,
      event: { eventId: FESTIVAL, eventSlug: paid.eventSlug, organizerSlug: paid.organizerSlug },
    });
    expect(list[0]).toMatchObject({ status: "created", ticketCount: 1, paid: null });
  });

  it("never lists another account's orders", async () => {
    const { orders: list } = await get(accountCalls.orders, paths.orders, bob);
    expect(list.map((o) => o.orderId)).not.toContain(paidOrderId);
    expect(list.every((o) => o.orderId !== openOrderId)).toBe(true);
  });
});

describe("account.tickets and account.ticketsByEvent", () => {
  it("answer the tickets of the account's paid orders only", async () => {
    const issued = await ticketsOf(svc, paidOrderId);
    expect(issued).toHaveLength(2);
    const { tickets } = await get(accountCalls.tickets, paths.tickets, alice);
    expect(tickets).toEqual(issued);
    const byEvent = await get(accountCalls.ticketsByEvent, paths.ticketsByEvent, alice);
    expect(byEvent.tickets).toEqual(issued);
    const other = await get(
      accountCalls.ticketsByEvent,
      `/api/account-tickets-by-event?eventId=${EVENT.tourPraha}`,
      alice,
    );
    expect(other.tickets).toEqual([]);
  });

  it("never answer another account's tickets", async () => {
    expect((await get(accountCalls.tickets, paths.tickets, bob)).tickets).toEqual([]);
    expect((await get(accountCalls.ticketsByEvent, paths.ticketsByEvent, bob)).tickets).toEqual([]);
  });
});

describe("account.events", () => {
  it("answers the events the account holds tickets for", async () => {
    const { events } = await get(accountCalls.events, paths.events, alice);
    expect(events.map((e) => e.eventId)).toEqual([FESTIVAL]);
    expect((await get(accountCalls.events, paths.events, bob)).events).toEqual([]);
  });
});

describe("account.chipsByEvent", () => {
  it("answers chips registered to the account and chips bound to its tickets, never others'", async () => {
    const [ticket] = await ticketsOf(svc, paidOrderId);
    if (!ticket) throw new Error("the paid order has no ticket");
    // The festival is cashless: its paid tickets came with their chips, the account's already.
    const issued = (await get(accountCalls.chipsByEvent, paths.chipsByEvent, alice)).chips.map(
      (c) => c.chipId,
    );
    expect(issued.length).toBeGreaterThan(0);
    const own = await createTestChip(svc, { eventId: FESTIVAL, accountId: alice.accountId, balance: 5000 });
    const withTicket = await createTestChip(svc, {
      eventId: FESTIVAL,
      ticketId: ticket.ticketId,
      label: "A",
    });
    const bobs = await createTestChip(svc, { eventId: FESTIVAL, accountId: bob.accountId });
    await createTestChip(svc, { eventId: FESTIVAL });
    const elsewhere = await createTestChip(svc, { eventId: EVENT.tourPraha, accountId: alice.accountId });

    const { chips } = await get(accountCalls.chipsByEvent, paths.chipsByEvent, alice);
    expect(chips.map((c) => c.chipId).sort()).toEqual([...issued, own, withTicket].sort());
    expect(chips.find((c) => c.chipId === own)).toMatchObject({ balance: 5000, eventId: FESTIVAL });
    expect(chips.find((c) => c.chipId === withTicket)?.label).toBe("A");
    const bobView = await get(accountCalls.chipsByEvent, paths.chipsByEvent, bob);
    expect(bobView.chips.map((c) => c.chipId)).toEqual([bobs]);
    const praha = await get(
      accountCalls.chipsByEvent,
      `/api/account-chips-by-event?eventId=${EVENT.tourPraha}`,
      alice,
    );
    expect(praha.chips.map((c) => c.chipId)).toEqual([elsewhere]);
    // A chip of an event without tickets makes that event the account's too.
    const events = (await get(accountCalls.events, paths.events, alice)).events.map((e) => e.eventId);
    expect(new Set(events)).toEqual(new Set([FESTIVAL, EVENT.tourPraha]));
  });

  it("refuses a malformed event id with 400", async () => {
    const res = await svc.request("/api/account-chips-by-event?eventId=42", { headers: alice.headers });
    expectError(res, 400, "VALIDATION");
  });
});

describe("without a valid token", () => {
  it("every call of the account's data answers 401", async () => {
    const revoked = await createTestAccount(svc);
    await revokeToken(svc.database.db, revoked.token, svc.clock.now());
    for (const path of Object.values(paths)) {
      const none = await svc.request(path);
      expectError(none, 401, "UNAUTHORIZED");
      expect(none.headers.get("www-authenticate")).toBe("Bearer");
      expectError(
        await svc.request(path, { headers: { authorization: "Bearer nope" } }),
        401,
        "UNAUTHORIZED",
      );
      expectError(await svc.request(path, { headers: revoked.headers }), 401, "UNAUTHORIZED");
    }
  });

  it("an expired token answers 401", async () => {
    const late = await createTestAccount(svc);
    expect((await svc.request(paths.orders, { headers: late.headers })).status).toBe(200);
    await svc.database.db
      .update(accountTokens)
      .set({ expiresAt: svc.clock.now() })
      .where(eq(accountTokens.accountId, late.accountId));
    expectError(await svc.request(paths.orders, { headers: late.headers }), 401, "UNAUTHORIZED");
  });
});
