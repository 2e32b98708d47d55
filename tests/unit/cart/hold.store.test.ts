import { getTestStorage } from "@nanostores/persistent";
import { describe, expect, it, vi } from "vitest";
import { flushHold, holdAgain } from "../../../src/stores/cart/checkout-api.ts";
import { cartStorageKey, setExtraCount, setTicketCount } from "../../../src/stores/cart/index.ts";
import { json, refusal } from "./support/fake-pass.ts";
import { HOLD_MS, PARKING, PASS, START, VIP } from "./support/store-fixtures.ts";
import { installCartStoreHooks, reservationPosts, settle, setup } from "./support/store-harness.ts";

installCartStoreHooks();

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
