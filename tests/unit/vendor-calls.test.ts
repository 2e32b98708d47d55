import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  adNetworkConversion,
  adNetworkIdentity,
  adNetworkRetargeting,
  emailMarketingTransaction,
  GOOGLE_EVENTS,
  googleUserData,
  gtagEvent,
  SHORT_VIDEO_EVENTS,
  SOCIAL_EVENTS,
  shortVideoEvent,
  shortVideoUser,
  socialPixelEvent,
  socialPixelUser,
  tagManagerEvent,
} from "../../src/lib/consent/vendor-calls.ts";
import { TRACKING_EVENTS, type TrackingData } from "../../src/lib/tracking.ts";
import { hashEmail } from "../../src/lib/tracking-user.ts";

/** A paid order of two tickets at 790 Kč (79000 minor units each) and a parking at 150 Kč. */
const order: TrackingData = {
  id: "order-1",
  eventId: "event-1",
  currencyId: 1,
  value: 173_000,
  orderId: "order-1",
  orderNumber: 1042,
  paymentMethodId: 1,
  items: [
    { id: "tt-1", kind: "ticket", name: "Festival pass", price: 79_000, count: 2, category: "Standing" },
    { id: "ep-1", kind: "extra", name: "Parking", price: 15_000, count: 1 },
  ],
  context: { eventName: "Louka Open Air" },
  user: {
    email: " Jana.Novakova@Example.CZ ",
    phone: "+420 777 123 456",
    countryId: 1,
    city: "Brno",
    postalCode: "602 00",
    addressParts: ["Masarykova", "12"],
  },
};

describe("tag manager and gtag (major units)", () => {
  it("pushes a GA4 ecommerce event with the order's value, items, ids, context and user data", () => {
    expect(tagManagerEvent("purchaseSuccess", order)).toEqual({
      event: "purchase",
      ecommerce: {
        currency: "CZK",
        value: 1730,
        transaction_id: "order-1",
        payment_type: "1",
        items: [
          { item_id: "tt-1", item_name: "Festival pass", item_category: "Standing", price: 790, quantity: 2 },
          { item_id: "ep-1", item_name: "Parking", price: 150, quantity: 1 },
        ],
      },
      eventId: "event-1",
      orderNumber: 1042,
      trackingContext: { eventName: "Louka Open Air" },
      user_data: {
        email: "jana.novakova@example.cz",
        phone_number: "+420 777 123 456",
        address: { city: "Brno", postal_code: "602 00", street: "Masarykova 12" },
      },
    });
  });

  it("sends the gtag event to the site's id, and maps every event", () => {
    const [command, name, params] = gtagEvent("addToCart", { ...order, orderId: undefined }, "G-1");
    expect([command, name]).toEqual(["event", "add_to_cart"]);
    expect(params).toMatchObject({ currency: "CZK", value: 1730, send_to: "G-1" });
    expect(params).not.toHaveProperty("transaction_id");
    expect(Object.keys(GOOGLE_EVENTS)).toEqual([...TRACKING_EVENTS]);
    expect(googleUserData(undefined)).toBeUndefined();
    expect(googleUserData({ city: "Brno" })).toBeUndefined();
  });
});

describe("social and short-video pixels (major units)", () => {
  it("sends the social pixel's standard purchase event with a deduplication id", () => {
    expect(socialPixelEvent("purchaseSuccess", order)).toEqual([
      "track",
      "Purchase",
      {
        currency: "CZK",
        value: 1730,
        content_type: "product",
        content_ids: ["tt-1", "ep-1"],
        contents: [
          { id: "tt-1", quantity: 2, item_price: 790 },
          { id: "ep-1", quantity: 1, item_price: 150 },
        ],
        num_items: 3,
        order_id: "order-1",
      },
      { eventID: "purchaseSuccess:order-1" },
    ]);
    expect(socialPixelEvent("removeFromCart", order).slice(0, 2)).toEqual(["trackCustom", "RemoveFromCart"]);
    expect(Object.keys(SOCIAL_EVENTS)).toEqual([...TRACKING_EVENTS]);
    expect(socialPixelUser(order.user)).toEqual({
      em: "jana.novakova@example.cz",
      ph: "420777123456",
      ct: "brno",
      zp: "60200",
    });
  });

  it("sends the short-video pixel's complete payment with prices in major units", () => {
    const [name, params] = shortVideoEvent("purchaseSuccess", order);
    expect(name).toBe("CompletePayment");
    expect(params).toMatchObject({
      currency: "CZK",
      value: 1730,
      contents: [
        { content_id: "tt-1", content_name: "Festival pass", quantity: 2, price: 790 },
        { content_id: "ep-1", content_name: "Parking", quantity: 1, price: 150 },
      ],
    });
    expect(Object.keys(SHORT_VIDEO_EVENTS)).toEqual([...TRACKING_EVENTS]);
    expect(shortVideoUser({})).toBeUndefined();
  });
});

describe("ad network (minor units, hashed e-mail only)", () => {
  it("identifies the buyer by the SHA-256 of the trimmed, lowercased e-mail and the address parts", async () => {
    const hash = await hashEmail(order.user?.email);
    expect(hash).toBe(createHash("sha256").update("jana.novakova@example.cz").digest("hex"));
    const identity = adNetworkIdentity(order.user, hash);
    expect(identity).toEqual({
      eid: hash,
      countryId: 1,
      city: "Brno",
      postalCode: "602 00",
      addressParts: ["Masarykova", "12"],
    });
    expect(JSON.stringify(identity)).not.toMatch(/novakova|777/i);
  });

  it("sends no identity without a hash", async () => {
    expect(adNetworkIdentity(order.user, undefined)).toBeUndefined();
    expect(adNetworkIdentity(order.user, await hashEmail("   "))).toBeUndefined();
  });

  it("converts a paid order with its value in minor units, and nothing else", () => {
    expect(adNetworkConversion("purchaseSuccess", order, "424242", true)).toEqual({
      id: 424242,
      value: 173_000,
      orderId: "order-1",
      consent: 1,
    });
    for (const event of TRACKING_EVENTS.filter((e) => e !== "purchaseSuccess")) {
      expect(adNetworkConversion(event, order, "424242", true)).toBeNull();
    }
    expect(adNetworkRetargeting("424242", false)).toEqual({ rtgId: 424242, consent: 0 });
  });
});

describe("e-mail tracker (minor units)", () => {
  it("records a paid order as a transaction with its lines", () => {
    expect(emailMarketingTransaction("purchaseSuccess", order, "tickets.example.cz")).toEqual([
      ["addTrans", "order-1", "tickets.example.cz", 173_000, 0, 0, "Brno", "", "1"],
      ["addItem", "order-1", "tt-1", "Festival pass", "Standing", 79_000, 2],
      ["addItem", "order-1", "ep-1", "Parking", "extra", 15_000, 1],
      ["trackTrans"],
    ]);
    expect(emailMarketingTransaction("purchase", order, "x")).toEqual([]);
  });
});
