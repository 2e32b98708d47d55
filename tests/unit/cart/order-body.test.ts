import { describe, expect, it } from "vitest";
import { extraKey } from "../../../src/stores/cart/lines.ts";
import { bodyFingerprint, orderBody } from "../../../src/stores/cart/order-body.ts";
import { BUYER, cart, catalog, codeCheck, IDS, supercoupon, U } from "./support/fixtures.ts";

describe("order body", () => {
  const context = {
    language: "en" as const,
    returnUrl: "https://shop.example/en/event/o/e/order/{orderId}/",
  };

  it("takes tickets from the hold and lists extras (with variant values), chip credit and codes", () => {
    const state = cart({
      tickets: { [IDS.pass]: 2 },
      hold: { reservationId: U(500), expiresAt: "x", items: { [IDS.pass]: 2 }, seats: {} },
      extras: { [IDS.parking]: 1, [extraKey(IDS.shirt, IDS.sizeS)]: 1 },
      chips: { [IDS.chip500]: 3 },
      codes: {
        coupon: { kind: "coupon", code: "LOUKA-200", check: codeCheck() },
        supercoupon: { kind: "supercoupon", code: "TURNE-4", check: supercoupon() },
      },
      buyer: BUYER,
      paymentMethodId: 2,
    });
    expect(orderBody(state, catalog(), context)).toEqual({
      eventId: U(1),
      reservationId: U(500),
      items: [],
      seats: [],
      extraProducts: [
        { ticketProductId: IDS.parking, count: 1 },
        { ticketProductId: IDS.shirt, variantValueId: IDS.sizeS, count: 1 },
      ],
      chips: [{ productItemId: IDS.chip500, amount: 150000 }],
      buyer: BUYER,
      paymentMethodId: 2,
      couponCode: "LOUKA-200",
      supercouponCode: "TURNE-4",
      language: "en",
      returnUrl: context.returnUrl,
    });
  });

  it("is null while the form is not valid or no payment method is offered", () => {
    expect(orderBody(cart({ tickets: { [IDS.pass]: 1 } }), catalog(), context)).toBeNull();
    expect(orderBody(cart({ buyer: BUYER }), catalog(U(1), { paymentMethods: [] }), context)).toBeNull();
  });

  it("gives equal bodies equal fingerprints whatever the key order", () => {
    const a = orderBody(cart({ buyer: BUYER, extras: { [IDS.parking]: 1 } }), catalog(), context);
    if (!a) throw new Error("body");
    const b = JSON.parse(JSON.stringify({ ...a, buyer: { ...a.buyer } })) as typeof a;
    const reordered = Object.fromEntries(Object.entries(b).reverse()) as typeof a;
    expect(bodyFingerprint(reordered)).toBe(bodyFingerprint(a));
    expect(bodyFingerprint({ ...a, paymentMethodId: 2 })).not.toBe(bodyFingerprint(a));
  });
});
