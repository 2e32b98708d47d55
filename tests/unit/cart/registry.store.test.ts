import { getTestStorage } from "@nanostores/persistent";
import { describe, expect, it, vi } from "vitest";
import {
  applyCode,
  flushHold,
  showFormErrors,
  submitOrder,
  updateBuyer,
} from "../../../src/stores/cart/checkout-api.ts";
import { cartStorageKey, clearCart, setExtraCount, setTicketCount } from "../../../src/stores/cart/index.ts";
import { $trackedEvents } from "../../../src/stores/tracking.ts";
import { BUYER, PARKING, PASS } from "./support/store-fixtures.ts";
import { installCartStoreHooks, reservationPosts, settle, setup } from "./support/store-harness.ts";

installCartStoreHooks();

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
    expect(s.service.calls("POST", "/api/order-create-v2")).toHaveLength(0);
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
