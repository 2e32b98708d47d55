import { describe, expect, it } from "vitest";
import { PLATFORM_TERMS_VERSION } from "../../../src/lib/legal.ts";
import {
  acceptTerms,
  applyCode,
  flushHold,
  submitOrder,
  termsOf,
  updateBilling,
  updateBuyer,
} from "../../../src/stores/cart/checkout-api.ts";
import {
  clearCart,
  orderReturnUrl,
  returnFromGateway,
  setChipCount,
  setTicketCount,
} from "../../../src/stores/cart/index.ts";
import { $trackedEvents } from "../../../src/stores/tracking.ts";
import { refusal } from "./support/fake-pass.ts";
import { U } from "./support/fixtures.ts";
import { BUYER, CHIP, PASS } from "./support/store-fixtures.ts";
import { installCartStoreHooks, setup } from "./support/store-harness.ts";

installCartStoreHooks();

describe("ordering", () => {
  async function readyCart() {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    setChipCount(s.catalog.eventId, CHIP, 2);
    updateBuyer(s.catalog.eventId, BUYER);
    acceptTerms(s.catalog.eventId, true);
    await flushHold(s.catalog.eventId);
    return s;
  }

  it("sends nothing before the terms of sale are accepted, then sends the acceptance with the order", async () => {
    const s = await readyCart();
    const eventId = s.catalog.eventId;
    acceptTerms(eventId, false);
    expect(await submitOrder(eventId)).toEqual({ ok: false, reason: "terms" });
    expect(s.service.calls("POST", "/api/order-create-v2")).toHaveLength(0);
    expect(s.cart.$status.get().notice?.key).toBe("legal.checkout.required");
    expect(termsOf(eventId)).toEqual({ accepted: false, showError: true });
    acceptTerms(eventId, true);
    expect(termsOf(eventId)).toEqual({ accepted: true, showError: false });
    expect(await submitOrder(eventId)).toMatchObject({ ok: true });
    const [post] = s.service.calls("POST", "/api/order-create-v2");
    expect(post?.body).toMatchObject({ termsAccepted: true, termsVersion: PLATFORM_TERMS_VERSION });
  });

  it("sends nothing while the buyer's form is not valid", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    updateBuyer(s.catalog.eventId, { ...BUYER, email: "jana@" });
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "form" });
    expect(s.service.calls("POST", "/api/order-create-v2")).toHaveLength(0);
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
    const posts = s.service.calls("POST", "/api/order-create-v2");
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
      if (sent.path !== "/api/order-create-v2" || !fail) return undefined;
      fail = false;
      return Promise.reject(new TypeError("fetch failed"));
    });
    expect(await submitOrder(s.catalog.eventId)).toEqual({ ok: false, reason: "refused" });
    expect(s.cart.$status.get().notice).toEqual({ key: "errors.network", tone: "error" });
    expect(s.cart.$status.get().submitting).toBe(false);
    expect((await submitOrder(s.catalog.eventId)).ok).toBe(true);
    const keys = s.service.calls("POST", "/api/order-create-v2").map((x) => x.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(s.service.orders.size).toBe(1);

    s.cart.$status.setKey("submitting", false);
    setChipCount(s.catalog.eventId, CHIP, 1);
    await submitOrder(s.catalog.eventId);
    const third = s.service.calls("POST", "/api/order-create-v2").at(-1)?.idempotencyKey;
    expect(third).not.toBe(keys[0]);
  });

  it("on an invalid code: removes the code, explains, keeps everything else", async () => {
    const s = await readyCart();
    await applyCode(s.catalog.eventId, "LOUKA10");
    expect(s.cart.$cart.get().codes.coupon?.code).toBe("LOUKA10");
    s.service.before((sent) =>
      sent.path === "/api/order-create-v2"
        ? refusal("invalid_code", 400, { field: "couponCode" })
        : undefined,
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
      if (sent.path !== "/api/order-create-v2" || refused) return undefined;
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
      sent.path === "/api/order-create-v2" ? refusal("payment_method_not_offered", 400) : undefined,
    );
    await submitOrder(s.catalog.eventId);
    expect(s.cart.$catalog.get().paymentMethods.map((m) => m.paymentMethodId)).toEqual([1]);
    expect(s.cart.$cart.get().paymentMethodId).toBeNull();
    expect(s.cart.$status.get().notice?.key).toBe("errors.paymentMethodNotOffered");
  });

  it("on a validation refusal: marks the fields the service names", async () => {
    const s = await readyCart();
    s.service.before((sent) =>
      sent.path === "/api/order-create-v2"
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

describe("the buyer's country", () => {
  it("is the language's until the invoice's country is chosen, then follows it", async () => {
    const s = await setup();
    const eventId = s.catalog.eventId;
    expect(s.cart.$cart.get().buyer.countryId).toBe(1);
    updateBilling(eventId, { wanted: true });
    expect(s.cart.$cart.get().buyer.countryId).toBe(1);
    updateBilling(eventId, { countryId: 2 });
    expect(s.cart.$cart.get().buyer.countryId).toBe(2);
    expect(s.cart.$cart.get().billing.countryId).toBe(2);
  });
});
