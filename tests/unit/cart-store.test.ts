import { cleanTestStorage, getTestStorage, useTestStorageEngine } from "@nanostores/persistent";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient as createPassClient } from "../../src/client/index.ts";
import type { TicketType } from "../../src/contract/ticket.ts";
import {
  applyCode,
  type CartHandle,
  cartStorageKey,
  clearCart,
  flushHold,
  holdAgain,
  openCart,
  orderReturnUrl,
  removeCode,
  returnFromGateway,
  setChipCount,
  setExtraCount,
  setTicketCount,
  showFormErrors,
  submitOrder,
  updateBuyer,
} from "../../src/stores/cart/index.ts";
import type { CartCatalog } from "../../src/stores/cart/state.ts";
import { $trackedEvents } from "../../src/stores/tracking.ts";

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const PASS = U(21);
const VIP = U(22);
const PARKING = U(31);
const CHIP = U(41);
const START = Date.parse("2026-06-01T12:00:00Z");
const HOLD_MS = 15 * 60 * 1000;
const BUYER = { firstName: "Jana", lastName: "Nováková", email: "jana@example.cz", phone: "+420777123456" };

function ticketType(id: string, name: string, eventId: string, extra: Partial<TicketType> = {}): TicketType {
  return {
    ticketTypeId: id,
    namePub: name,
    price: 100000,
    displayOrder: 0,
    ticketTypeGroup: null,
    eventId,
    currencyId: 1,
    description: null,
    capacity: 100,
    available: 50,
    minPerOrder: 1,
    maxPerOrder: 6,
    itemTypeId: 1,
    sectorId: null,
    reservationCategoryId: null,
    salesFrom: null,
    salesTo: null,
    soldOut: false,
    ...extra,
  };
}

let eventNumber = 100;

/** A catalog of a fresh event (each test opens its own cart). */
function freshCatalog(): CartCatalog {
  const eventId = U(eventNumber++);
  return {
    eventId,
    currencyId: 1,
    ticketTypes: [
      ticketType(PASS, "Festival pass", eventId, { price: 249000, displayOrder: 1 }),
      ticketType(VIP, "VIP", eventId, { price: 499000, displayOrder: 2, maxPerOrder: 4, available: 3 }),
    ],
    ticketTypeGroups: [],
    extraProducts: [
      {
        ticketProductId: PARKING,
        eventId,
        name: "Parking",
        description: null,
        price: 30000,
        currencyId: 1,
        displayOrder: 1,
        itemTypeId: 2,
        productCategoryId: null,
        productGroupId: null,
        image: null,
        variants: [],
        chips: [],
        available: 10,
        maxPerOrder: 4,
        soldOut: false,
      },
    ],
    productGroups: [],
    chipProducts: [
      {
        productItemId: CHIP,
        eventId,
        name: "Credit 500",
        description: null,
        amount: 50000,
        price: 50000,
        currencyId: 1,
        chipTypeId: 1,
        displayOrder: 1,
      },
    ],
    chipCreditLimit: null,
    paymentMethods: [
      {
        paymentMethodId: 1,
        name: "Card",
        description: null,
        feeAmount: null,
        currencyId: 1,
        displayOrder: 1,
      },
      {
        paymentMethodId: 2,
        name: "Transfer",
        description: null,
        feeAmount: 2500,
        currencyId: 1,
        displayOrder: 2,
      },
    ],
    seatedTicketTypeIds: [],
    salesState: "onSale",
    saleStartsAt: null,
  };
}

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  idempotencyKey: string | null;
}

type Handler = (sent: Sent) => Response | Promise<Response> | undefined;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const refusal = (name: string, status: number, extra: Record<string, unknown> = {}) =>
  json(
    { errorText: `ERROR_${name.toUpperCase()}`, type: name, message: `${name} (English)`, ...extra },
    status,
  );

/**
 * A fake pass service: live availability, holds with expiry (replacing the standing items of a hold),
 * code checks, payment methods, and holds and order creation with idempotency keys. `before` answers first when it
 * returns a response (refusals, outages); `gate` delays reservation answers.
 */
function fakeService(catalog: CartCatalog) {
  const sent: Sent[] = [];
  const available: Record<string, number> = Object.fromEntries(
    catalog.ticketTypes.map((t) => [t.ticketTypeId, t.available]),
  );
  const holds = new Map<string, { items: Record<string, number>; expiresAt: number }>();
  const holdKeys = new Map<string, string>();
  const losing: Record<string, number> = {};
  const orders = new Map<string, Record<string, unknown>>();
  let holdNumber = 500;
  let orderNumber = 260001;
  let before: Handler | undefined;
  let gate: Promise<void> | undefined;

  const reservation = (id: string) => {
    const hold = holds.get(id);
    return {
      reservationId: id,
      eventId: catalog.eventId,
      status: (hold?.expiresAt ?? 0) > Date.now() ? "active" : "expired",
      createdAt: new Date(START).toISOString(),
      expiresAt: new Date(hold?.expiresAt ?? START).toISOString(),
      items: Object.entries(hold?.items ?? {}).map(([ticketTypeId, count]) => ({
        ticketTypeId,
        count,
        sectorId: null,
        seats: [],
      })),
      total: 0,
      currencyId: 1,
    };
  };

  const order = (body: Record<string, unknown>) => {
    const orderId = U(900 + orderNumber - 260000);
    return {
      orderId,
      orderNumber: orderNumber++,
      parentOrderId: null,
      eventId: catalog.eventId,
      organizerSlug: "louka-open-air",
      eventSlug: "louka-open-air",
      status: "pendingPayment",
      language: "cs",
      value: 249000,
      amount: 249000,
      paidAmount: 0,
      feeAmount: 0,
      currencyId: 1,
      paymentMethodId: body.paymentMethodId,
      created: new Date(START).toISOString(),
      paid: null,
      canceled: null,
      expiresAt: null,
      accountId: null,
      buyer: body.buyer,
      billingInfo: null,
      tickets: [],
      chips: [],
      extraProducts: [],
      discounts: [],
      trackingContext: { eventName: "Louka", eventLocation: "Praha", eventPlace: "Louka", eventGroups: [] },
      payment: {
        paymentMethodId: body.paymentMethodId,
        status: "pending",
        declineReason: null,
        redirectUrl: `/gateway/${orderId}`,
        bankTransfer: null,
      },
    };
  };

  const codeCheck = (code: string, valid: boolean, reason: string | null) => ({
    code,
    valid,
    reason,
    kind: valid ? "percent" : null,
    value: valid ? 10 : null,
    currencyId: null,
    ticketTypeIds: [],
    ticketProductIds: [],
    validFrom: null,
    validTo: null,
    discountAmount: null,
  });

  async function answer(s: Sent): Promise<Response> {
    const early = await before?.(s);
    if (early) return early;
    if (s.path === "/api/ticket-types-extra-products") {
      return json({
        errorText: "OK",
        ticketTypes: catalog.ticketTypes.map((t) => ({
          ...t,
          available: available[t.ticketTypeId] ?? 0,
          soldOut: (available[t.ticketTypeId] ?? 0) === 0,
        })),
        ticketTypeGroups: [],
        extraProducts: catalog.extraProducts,
        chipProducts: catalog.chipProducts,
      });
    }
    if (s.path === "/api/reservation" && s.method === "POST") {
      await gate;
      const known = s.idempotencyKey ? holdKeys.get(s.idempotencyKey) : undefined;
      if (known) return json({ errorText: "OK", reservation: reservation(known) });
      const body = s.body as { reservationId?: string; items: { ticketTypeId: string; count: number }[] };
      const existing = body.reservationId ? holds.get(body.reservationId) : undefined;
      if (body.reservationId && !existing) return refusal("reservation_not_found", 404);
      if (existing && existing.expiresAt <= Date.now()) return refusal("hold_expired", 409);
      for (const [index, item] of body.items.entries()) {
        const free = (available[item.ticketTypeId] ?? 0) + (existing?.items[item.ticketTypeId] ?? 0);
        if (item.count > free) return refusal("sold_out", 409, { field: `items.${index}`, available: free });
      }
      for (const [id, count] of Object.entries(existing?.items ?? {}))
        available[id] = (available[id] ?? 0) + count;
      for (const item of body.items)
        available[item.ticketTypeId] = (available[item.ticketTypeId] ?? 0) - item.count;
      const id = body.reservationId ?? U(holdNumber++);
      holds.set(id, {
        items: Object.fromEntries(body.items.map((i) => [i.ticketTypeId, i.count])),
        expiresAt: Date.now() + HOLD_MS,
      });
      if (s.idempotencyKey) holdKeys.set(s.idempotencyKey, id);
      return json({ errorText: "OK", reservation: reservation(id) });
    }
    if (s.path === "/api/reservation" && s.method === "DELETE") {
      const id = s.query.get("reservationId") ?? "";
      for (const [type, count] of Object.entries(holds.get(id)?.items ?? {})) {
        available[type] = (available[type] ?? 0) + count;
      }
      holds.delete(id);
      return json({ errorText: "OK" });
    }
    if (s.path === "/api/coupon") {
      const code = s.query.get("code") ?? "";
      return json({
        errorText: "OK",
        coupon: codeCheck(code, code === "LOUKA10", code === "OLD" ? "expired" : "notFound"),
      });
    }
    if (s.path.startsWith("/api/v2/check-discount-code/")) {
      const code = decodeURIComponent(s.path.split("/").at(-1) ?? "");
      return json({ errorText: "OK", discount: codeCheck(code, code === "STUDENT15", "notFound") });
    }
    if (s.path === "/api/supercoupon") {
      const code = s.query.get("code") ?? "";
      return json({
        errorText: "OK",
        supercoupon: {
          code,
          valid: false,
          reason: "notFound",
          eventIds: [],
          ticketTypeIds: [],
          remainingTickets: 0,
          validTo: null,
        },
      });
    }
    if (s.path === `/api/event/${catalog.eventId}/payment-method`) {
      return json({ errorText: "OK", paymentMethods: catalog.paymentMethods.slice(0, 1) });
    }
    if (s.path === "/api/order-create") {
      const key = s.idempotencyKey ?? "";
      const body = s.body as Record<string, unknown>;
      let made = orders.get(key);
      if (!made) {
        made = order(body);
        orders.set(key, made);
      }
      return json({ errorText: "OK", order: made });
    }
    return refusal("not_found", 404);
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const s: Sent = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      idempotencyKey: new Headers(init.headers).get("idempotency-key"),
    };
    sent.push(s);
    const response = await answer(s);
    if ((losing[s.path] ?? 0) > 0) {
      losing[s.path] = (losing[s.path] ?? 0) - 1;
      throw new TypeError("fetch failed");
    }
    return response;
  };

  return {
    sent,
    available,
    holds,
    orders,
    fetch: fetch as typeof globalThis.fetch,
    /** Answers before the fake's own logic (undefined: let it answer). */
    before(handler: Handler | undefined) {
      before = handler;
    },
    /** Does the next `count` requests to a path, then loses their answers (the connection drops). */
    loseAnswers(path: string, count = 1) {
      losing[path] = count;
    },
    /** Holds reservation answers until the returned function is called. */
    gate(): () => void {
      let open: () => void = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}

/** Lets pending answers and the timers due now run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

interface Setup {
  cart: CartHandle;
  service: ReturnType<typeof fakeService>;
  navigate: ReturnType<typeof vi.fn>;
  catalog: CartCatalog;
  stop: () => void;
}

const opened: Setup[] = [];

/** Opens a cart of a fresh event against a fake service and mounts it (as the island does). */
async function setup(mode: "live" | "demo" = "live", edit?: (c: CartCatalog) => void): Promise<Setup> {
  const catalog = freshCatalog();
  edit?.(catalog);
  const service = fakeService(catalog);
  const client = createPassClient({
    baseUrl: "http://pass.test",
    agentVersion: "0.1.0",
    agentSource: "web",
    language: "cs",
    fetch: service.fetch,
  });
  const navigate = vi.fn();
  const cart = openCart({
    catalog,
    locale: "cs",
    mode,
    slugs: { organizerSlug: "louka-open-air", eventSlug: "louka-open-air" },
    client,
    navigate,
    origin: "https://shop.example",
    watch: true,
  });
  const stop = cart.$status.listen(() => {});
  const setupResult = { cart, service, navigate, catalog, stop };
  opened.push(setupResult);
  await settle();
  return setupResult;
}

const reservationPosts = (s: Setup) => s.service.calls("POST", "/api/reservation");

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(START);
  $trackedEvents.set([]);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  for (const s of opened.splice(0)) s.stop();
  cleanTestStorage();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("holding tickets", () => {
  it("loads live availability on mount", async () => {
    const s = await setup();
    expect(s.service.calls("GET", "/api/ticket-types-extra-products")).toHaveLength(1);
    expect(s.cart.$status.get().live).toBe(true);
  });

  it("holds the latest selection ~400 ms after the last change", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    setTicketCount(s.catalog.eventId, PASS, 2);
    setTicketCount(s.catalog.eventId, VIP, 1);
    expect(s.cart.$status.get().syncing).toBe(true);
    await vi.advanceTimersByTimeAsync(399);
    expect(reservationPosts(s)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(reservationPosts(s)).toHaveLength(1);
    expect(reservationPosts(s)[0]?.body).toEqual({
      eventId: s.catalog.eventId,
      items: [
        { ticketTypeId: PASS, count: 2 },
        { ticketTypeId: VIP, count: 1 },
      ],
    });
    expect(reservationPosts(s)[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const hold = s.cart.$cart.get().hold;
    expect(hold?.items).toEqual({ [PASS]: 2, [VIP]: 1 });
    expect(Date.parse(hold?.expiresAt ?? "")).toBe(START + 400 + HOLD_MS);
    expect(s.cart.$status.get().syncing).toBe(false);
  });

  it("sends one request at a time; a change made meanwhile replaces the hold's items after it", async () => {
    const s = await setup();
    const open = s.service.gate();
    setTicketCount(s.catalog.eventId, PASS, 1);
    await vi.advanceTimersByTimeAsync(400);
    setTicketCount(s.catalog.eventId, PASS, 3);
    await vi.advanceTimersByTimeAsync(400);
    setTicketCount(s.catalog.eventId, PASS, 4);
    await vi.advanceTimersByTimeAsync(400);
    await settle();
    expect(reservationPosts(s)).toHaveLength(1);
    open();
    await settle();
    const posts = reservationPosts(s);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      eventId: s.catalog.eventId,
      reservationId: s.cart.$cart.get().hold?.reservationId,
      items: [{ ticketTypeId: PASS, count: 4 }],
    });
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 4 });
  });

  it("sends a hold change again under its Idempotency-Key after the answer was lost; a new change gets a new key", async () => {
    const s = await setup();
    const eventId = s.catalog.eventId;
    s.service.loseAnswers("/api/reservation");
    setTicketCount(eventId, PASS, 2);
    await flushHold(eventId);
    expect(s.cart.$cart.get().hold).toBeNull();
    expect(s.cart.$status.get().notice).toEqual({ key: "errors.network", tone: "error" });
    // The same change again (the pay button settles the hold): the service answers the hold it made.
    await flushHold(eventId);
    const [lost, retry] = reservationPosts(s);
    expect(retry?.body).toEqual(lost?.body);
    expect(retry?.idempotencyKey).toBe(lost?.idempotencyKey);
    expect(s.service.holds.size).toBe(1);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 2 });
    expect(s.cart.$status.get().notice).toBeNull();
    // A new change gets a new key, and so does a change back to a body that was answered before.
    setTicketCount(eventId, PASS, 3);
    await flushHold(eventId);
    setTicketCount(eventId, PASS, 2);
    await flushHold(eventId);
    setTicketCount(eventId, PASS, 3);
    await flushHold(eventId);
    const keys = reservationPosts(s).map((p) => p.idempotencyKey);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(4);
    expect(s.service.holds.size).toBe(1);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 3 });
  });

  it("holds anew when a retry after a lost answer finds that hold ended", async () => {
    const s = await setup();
    const eventId = s.catalog.eventId;
    s.service.loseAnswers("/api/reservation");
    setTicketCount(eventId, PASS, 2);
    await flushHold(eventId);
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    await flushHold(eventId);
    const [lost, retry, fresh] = reservationPosts(s);
    expect(retry?.idempotencyKey).toBe(lost?.idempotencyKey);
    expect(fresh?.body).toEqual(lost?.body);
    expect(fresh?.idempotencyKey).not.toBe(lost?.idempotencyKey);
    expect(s.service.holds.size).toBe(2);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 2 });
    expect(Date.parse(s.cart.$cart.get().hold?.expiresAt ?? "")).toBe(Date.now() + HOLD_MS);
  });

  it("releases the hold when no tickets are left in the cart", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    const id = s.cart.$cart.get().hold?.reservationId;
    setTicketCount(s.catalog.eventId, PASS, 0);
    await flushHold(s.catalog.eventId);
    expect(s.service.calls("DELETE", "/api/reservation")[0]?.query.get("reservationId")).toBe(id);
    expect(s.cart.$cart.get().hold).toBeNull();
  });

  it("keeps the cart for the tab (sessionStorage) under the event's key", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    setExtraCount(s.catalog.eventId, PARKING, 1);
    await flushHold(s.catalog.eventId);
    const stored = JSON.parse(getTestStorage()[cartStorageKey(s.catalog.eventId)] ?? "null");
    expect(stored).toMatchObject({
      eventId: s.catalog.eventId,
      tickets: { [PASS]: 2 },
      extras: { [PARKING]: 1 },
    });
    expect(stored.hold.items).toEqual({ [PASS]: 2 });
    expect(cartStorageKey(s.catalog.eventId, "demo")).not.toBe(cartStorageKey(s.catalog.eventId));
  });

  it("on sold out: sets the refused type back to what the hold has, reloads availability, holds the rest", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    setTicketCount(s.catalog.eventId, VIP, 1);
    await flushHold(s.catalog.eventId);
    s.service.available[VIP] = 0;
    setTicketCount(s.catalog.eventId, PASS, 3);
    setTicketCount(s.catalog.eventId, VIP, 3);
    await flushHold(s.catalog.eventId);
    await settle();
    const state = s.cart.$cart.get();
    expect(state.tickets).toEqual({ [PASS]: 3, [VIP]: 1 });
    expect(state.hold?.items).toEqual({ [PASS]: 3, [VIP]: 1 });
    expect(reservationPosts(s).map((p) => p.body?.items)).toEqual([
      [
        { ticketTypeId: PASS, count: 2 },
        { ticketTypeId: VIP, count: 1 },
      ],
      [
        { ticketTypeId: PASS, count: 3 },
        { ticketTypeId: VIP, count: 3 },
      ],
      [
        { ticketTypeId: PASS, count: 3 },
        { ticketTypeId: VIP, count: 1 },
      ],
    ]);
    expect(s.cart.$status.get().lineNotices[VIP]).toEqual({ key: "errors.soldOut", tone: "error" });
    expect(s.cart.$status.get().notice?.key).toBe("errors.soldOut");
    expect(s.service.calls("GET", "/api/ticket-types-extra-products")).toHaveLength(2);
    const vip = s.cart.$catalog.get().ticketTypes.find((t) => t.ticketTypeId === VIP);
    expect(vip?.available).toBe(0);
  });

  it("starts a new hold when the service no longer knows the old one", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    await flushHold(s.catalog.eventId);
    const old = s.cart.$cart.get().hold?.reservationId ?? "";
    s.service.holds.delete(old);
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    const posts = reservationPosts(s);
    expect(posts.at(-2)?.body?.reservationId).toBe(old);
    expect(posts.at(-1)?.body?.reservationId).toBeUndefined();
    expect(s.cart.$cart.get().hold?.reservationId).not.toBe(old);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 2 });
    expect(s.cart.$status.get().notice).toBeNull();
  });

  it("explains an outage (501) and keeps the selection", async () => {
    const s = await setup();
    s.service.before((sent) =>
      sent.path === "/api/reservation"
        ? json({ errorText: "ERROR_NOT_IMPLEMENTED", message: "Not yet" }, 501)
        : undefined,
    );
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 2 });
    expect(s.cart.$cart.get().hold).toBeNull();
    expect(s.cart.$status.get().notice).toEqual({ key: "errors.unavailable", tone: "error" });
    s.service.before(undefined);
    setTicketCount(s.catalog.eventId, PASS, 3);
    await flushHold(s.catalog.eventId);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 3 });
    expect(s.cart.$status.get().notice).toBeNull();
  });

  it("tells a rate-limited buyer how long to wait, keeps the selection and holds it once the wait is over", async () => {
    const s = await setup();
    s.service.before((sent) =>
      sent.path === "/api/reservation" && sent.method === "POST"
        ? refusal("rate_limited", 429, { retryAfter: 20 })
        : undefined,
    );
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 2 });
    expect(s.cart.$cart.get().hold).toBeNull();
    expect(s.cart.$status.get().notice).toEqual({
      key: "errors.rateLimited",
      values: { wait: 20 },
      tone: "error",
    });
    const tries = reservationPosts(s).length;
    s.service.before(undefined);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(reservationPosts(s).length).toBe(tries);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(reservationPosts(s).length).toBe(tries + 1);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 2 });
    expect(s.cart.$status.get().notice).toBeNull();
  });

  it("names a long wait in minutes, and the cap on places held by the same buyer", async () => {
    const s = await setup();
    s.service.before((sent) =>
      sent.path === "/api/reservation" && sent.method === "POST"
        ? refusal("too_many_held", 429, { retryAfter: 600, max: 40 })
        : undefined,
    );
    setTicketCount(s.catalog.eventId, PASS, 1);
    await flushHold(s.catalog.eventId);
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 1 });
    expect(s.cart.$status.get().notice).toEqual({
      key: "errors.tooManyHeldMinutes",
      values: { wait: 10 },
      tone: "error",
    });
  });

  it("says when the hold has expired and holds the same selection again on request", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1000);
    expect(s.cart.$status.get().holdExpired).toBe(false);
    const expiring = s.cart.$cart.get().hold?.reservationId;
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.cart.$status.get().holdExpired).toBe(true);
    expect(s.cart.$cart.get().hold).toBeNull();
    await settle();
    expect(s.service.calls("DELETE", "/api/reservation").map((x) => x.query.get("reservationId"))).toEqual([
      expiring,
    ]);
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 2 });
    await holdAgain(s.catalog.eventId);
    expect(reservationPosts(s).at(-1)?.body).toEqual({
      eventId: s.catalog.eventId,
      items: [{ ticketTypeId: PASS, count: 2 }],
    });
    expect(s.cart.$status.get().holdExpired).toBe(false);
    expect(s.cart.$cart.get().hold?.items).toEqual({ [PASS]: 2 });
  });
});

describe("codes", () => {
  it("applies the first valid kind of an entered code and explains refusals", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    expect(await applyCode(s.catalog.eventId, " student15 ".toUpperCase())).toBe(true);
    expect(s.cart.$cart.get().codes.discount?.code).toBe("STUDENT15");
    expect(s.cart.$status.get().codeNotice).toEqual({
      key: "codes.applied.discount",
      values: { code: "STUDENT15" },
      tone: "success",
    });
    const check = s.service.sent.find((x) => x.path.startsWith("/api/v2/check-discount-code/"));
    expect(check?.body).toEqual({ eventId: s.catalog.eventId, items: [{ ticketTypeId: PASS, count: 1 }] });

    expect(await applyCode(s.catalog.eventId, "OLD")).toBe(false);
    expect(s.cart.$status.get().codeNotice).toEqual({
      key: "codes.reasons.expired",
      values: { code: "OLD" },
      tone: "error",
    });
    expect(await applyCode(s.catalog.eventId, "   ")).toBe(false);
    expect(s.cart.$status.get().codeNotice?.key).toBe("codes.empty");
    expect(s.cart.$cart.get().codes.discount?.code).toBe("STUDENT15");

    removeCode(s.catalog.eventId, "discount");
    expect(s.cart.$cart.get().codes).toEqual({});
  });

  it("says when the service cannot be reached, keeping the cart", async () => {
    const s = await setup();
    s.service.before(() => Promise.reject(new TypeError("fetch failed")));
    expect(await applyCode(s.catalog.eventId, "LOUKA10")).toBe(false);
    expect(s.cart.$status.get().codeNotice).toEqual({ key: "errors.network", tone: "error" });
  });
});

describe("ordering", () => {
  async function readyCart() {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    setChipCount(s.catalog.eventId, CHIP, 2);
    updateBuyer(s.catalog.eventId, BUYER);
    await flushHold(s.catalog.eventId);
    return s;
  }

  it("sends nothing while the buyer's form is not valid", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    updateBuyer(s.catalog.eventId, { ...BUYER, email: "jana@" });
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "form" });
    expect(s.service.calls("POST", "/api/order-create")).toHaveLength(0);
    expect(s.cart.$status.get().showAllErrors).toBe(true);
    expect(s.cart.$status.get().notice?.key).toBe("errors.form");
  });

  it("refuses an empty cart with an explanation", async () => {
    const s = await setup();
    updateBuyer(s.catalog.eventId, BUYER);
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "empty" });
    expect(s.cart.$status.get().notice?.key).toBe("errors.empty");
  });

  it("creates one order for a double click, goes to the gateway and tracks checkout and purchase", async () => {
    const s = await readyCart();
    const [first, second] = await Promise.all([
      submitOrder(s.catalog.eventId),
      submitOrder(s.catalog.eventId),
    ]);
    expect(second).toEqual({ ok: false, reason: "busy" });
    expect(first.ok).toBe(true);
    const posts = s.service.calls("POST", "/api/order-create");
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body ?? {};
    expect(body).toMatchObject({
      eventId: s.catalog.eventId,
      reservationId: s.cart.$cart.get().hold?.reservationId,
      items: [],
      extraProducts: [],
      chips: [{ productItemId: CHIP, amount: 100000 }],
      buyer: { ...BUYER, countryId: 1 },
      paymentMethodId: 1,
      language: "cs",
      returnUrl: "https://shop.example/event/louka-open-air/louka-open-air/order/%7BorderId%7D/",
    });
    const orderId = first.ok ? first.order.orderId : "";
    expect(s.navigate).toHaveBeenCalledWith(`http://pass.test/gateway/${orderId}`);
    expect(s.cart.$cart.get().checkout).toEqual({
      key: posts[0]?.idempotencyKey,
      fingerprint: expect.any(String),
      orderId,
    });
    expect(s.cart.$status.get().submitting).toBe(true);
    const events = $trackedEvents.get().map((t) => t.event);
    expect(events).toContain("initiateCheckout");
    expect(events.at(-1)).toBe("purchase");
    expect($trackedEvents.get().at(-1)?.data).toMatchObject({ id: orderId, value: 249000, currencyId: 1 });
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 1 });
  });

  it("reuses the attempt's Idempotency-Key when the same cart is sent again, a new one when it changed", async () => {
    const s = await readyCart();
    let fail = true;
    s.service.before((sent) => {
      if (sent.path !== "/api/order-create" || !fail) return undefined;
      fail = false;
      return Promise.reject(new TypeError("fetch failed"));
    });
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "refused" });
    expect(s.cart.$status.get().notice).toEqual({ key: "errors.network", tone: "error" });
    expect(s.cart.$status.get().submitting).toBe(false);
    expect((await submitOrder(s.catalog.eventId)).ok).toBe(true);
    const keys = s.service.calls("POST", "/api/order-create").map((x) => x.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(s.service.orders.size).toBe(1);

    s.cart.$status.setKey("submitting", false);
    setChipCount(s.catalog.eventId, CHIP, 1);
    await submitOrder(s.catalog.eventId);
    const third = s.service.calls("POST", "/api/order-create").at(-1)?.idempotencyKey;
    expect(third).not.toBe(keys[0]);
  });

  it("on an invalid code: removes the code, explains, keeps everything else", async () => {
    const s = await readyCart();
    await applyCode(s.catalog.eventId, "LOUKA10");
    expect(s.cart.$cart.get().codes.coupon?.code).toBe("LOUKA10");
    s.service.before((sent) =>
      sent.path === "/api/order-create" ? refusal("invalid_code", 400, { field: "couponCode" }) : undefined,
    );
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "refused" });
    expect(s.cart.$cart.get().codes.coupon).toBeUndefined();
    expect(s.cart.$status.get().notice?.key).toBe("errors.invalidCode");
    expect(s.cart.$status.get().codeNotice?.key).toBe("errors.invalidCode");
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 1 });
    expect(s.cart.$cart.get().chips).toEqual({ [CHIP]: 2 });
  });

  it("on a lost hold: holds the tickets again and asks to pay again", async () => {
    const s = await readyCart();
    let refused = false;
    s.service.before((sent) => {
      if (sent.path !== "/api/order-create" || refused) return undefined;
      refused = true;
      return refusal("hold_expired", 409);
    });
    const before = s.cart.$cart.get().hold?.reservationId;
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "refused" });
    expect(s.cart.$cart.get().hold?.reservationId).not.toBe(before);
    expect(s.cart.$status.get().notice).toEqual({ key: "errors.holdRenewed", tone: "info" });
  });

  it("on a payment method no longer offered: reloads the methods and asks for another", async () => {
    const s = await readyCart();
    s.cart.$cart.set({ ...s.cart.$cart.get(), paymentMethodId: 2 });
    s.service.before((sent) =>
      sent.path === "/api/order-create" ? refusal("payment_method_not_offered", 400) : undefined,
    );
    await submitOrder(s.catalog.eventId);
    expect(s.cart.$catalog.get().paymentMethods.map((m) => m.paymentMethodId)).toEqual([1]);
    expect(s.cart.$cart.get().paymentMethodId).toBeNull();
    expect(s.cart.$status.get().notice?.key).toBe("errors.paymentMethodNotOffered");
  });

  it("on a validation refusal: marks the fields the service names", async () => {
    const s = await readyCart();
    s.service.before((sent) =>
      sent.path === "/api/order-create"
        ? refusal("validation", 400, { issues: [{ path: "buyer.phone", message: "Invalid phone" }] })
        : undefined,
    );
    await submitOrder(s.catalog.eventId);
    expect(s.cart.$status.get().serverFieldErrors).toEqual({ phone: "form.errors.invalid" });
    updateBuyer(s.catalog.eventId, { phone: "+420777000111" });
    expect(s.cart.$status.get().serverFieldErrors).toEqual({});
  });

  it("sends the gateway back to the order page, and a return to the cart still opens it", async () => {
    expect(orderReturnUrl("https://shop.example", "en", { organizerSlug: "o", eventSlug: "e" })).toBe(
      "https://shop.example/en/event/o/e/order/%7BorderId%7D/",
    );
    const s = await readyCart();
    const created = await submitOrder(s.catalog.eventId);
    const orderId = created.ok ? created.order.orderId : "";
    const page = `/event/louka-open-air/louka-open-air/order/${orderId}/`;
    expect(returnFromGateway(s.catalog.eventId, "?order=%7BorderId%7D")).toBe(page);
    expect(returnFromGateway(s.catalog.eventId, `?order=${U(5)}`)).toBe(
      `/event/louka-open-air/louka-open-air/order/${U(5)}/`,
    );
    expect(returnFromGateway(s.catalog.eventId, "")).toBeNull();
    clearCart(s.catalog.eventId);
    expect(returnFromGateway(s.catalog.eventId, "?order={orderId}")).toBeNull();
    expect(s.cart.$status.get().notice?.key).toBe("errors.returnedUnknown");
  });
});

describe("tracking and clearing", () => {
  it("tracks units added to and removed from the cart, in minor units", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    setTicketCount(s.catalog.eventId, PASS, 1);
    const tracked = $trackedEvents.get();
    expect(tracked.map((t) => [t.event, t.data.value, t.data.items[0]?.count])).toEqual([
      ["addToCart", 498000, 2],
      ["removeFromCart", 249000, 1],
    ]);
  });

  it("clearCart empties the event's cart", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 2);
    await flushHold(s.catalog.eventId);
    clearCart(s.catalog.eventId);
    expect(s.cart.$cart.get().tickets).toEqual({});
    expect(s.cart.$cart.get().hold).toBeNull();
  });
});

describe("demo cart", () => {
  it("is interactive but never holds, orders or tracks", async () => {
    const s = await setup("demo", (c) => {
      c.salesState = "upcoming";
    });
    setTicketCount(s.catalog.eventId, PASS, 2);
    setExtraCount(s.catalog.eventId, PARKING, 1);
    updateBuyer(s.catalog.eventId, BUYER);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(reservationPosts(s)).toHaveLength(0);
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "demo" });
    expect(s.service.calls("POST", "/api/order-create")).toHaveLength(0);
    expect($trackedEvents.get()).toEqual([]);
    expect(s.cart.$cart.get().tickets).toEqual({ [PASS]: 2 });
    expect(await applyCode(s.catalog.eventId, "LOUKA10")).toBe(true);
    expect(showFormErrors(s.catalog.eventId)).toEqual({});
    expect(s.cart.$status.get().notice).toEqual({ key: "demo.formOk", tone: "success" });
    updateBuyer(s.catalog.eventId, { email: "jana@" });
    expect(showFormErrors(s.catalog.eventId)).toEqual({ email: "invalid" });
    expect(s.cart.$status.get().notice?.key).toBe("errors.form");
    expect(getTestStorage()[cartStorageKey(s.catalog.eventId, "demo")]).toBeDefined();
    expect(getTestStorage()[cartStorageKey(s.catalog.eventId)]).toBeUndefined();
  });
});
