import { describe, expect, it } from "vitest";
import type { Order } from "../../../src/contract/order.ts";
import { extraKey, summaryLines } from "../../../src/stores/cart/lines.ts";
import { cartTrackingUser, lineChanges, orderTrackingData } from "../../../src/stores/cart/tracking.ts";
import { cart, catalog, IDS, U } from "./support/fixtures.ts";

describe("tracking data", () => {
  it("reports units added and removed per line", () => {
    const before = summaryLines(cart({ tickets: { [IDS.pass]: 2, [IDS.day]: 1 } }), catalog());
    const after = summaryLines(
      cart({ tickets: { [IDS.pass]: 3 }, extras: { [extraKey(IDS.shirt, IDS.sizeL)]: 1 } }),
      catalog(),
    );
    const { added, removed } = lineChanges(before, after);
    expect(added).toEqual([
      { id: IDS.pass, kind: "ticket", name: "Festival pass", price: 249000, count: 1, category: "Passes" },
      {
        id: `${IDS.shirt}:${IDS.sizeL}`,
        kind: "extra",
        name: "T-shirt",
        price: 65000,
        count: 1,
        category: "L",
      },
    ]);
    expect(removed).toEqual([
      { id: IDS.day, kind: "ticket", name: "Day ticket", price: 50000, count: 1, category: "Day tickets" },
    ]);
  });

  it("describes an order with its id, value in minor units and lines", () => {
    const order = {
      orderId: U(700),
      orderNumber: 260001,
      eventId: U(1),
      currencyId: 1,
      value: 303000,
      paymentMethodId: 1,
      tickets: [
        {
          ticketType: {
            ticketTypeId: IDS.pass,
            namePub: "Festival pass",
            price: 249000,
            displayOrder: 1,
            ticketTypeGroup: { ticketTypeGroupId: IDS.groupPasses, namePub: "Passes" },
          },
          count: 1,
          price: 249000,
          seats: [],
        },
      ],
      extraProducts: [],
      chips: [{ productItemId: IDS.chip500, amount: 50000, name: "Credit 500", price: 54000, chipId: null }],
      trackingContext: { eventName: "Fest", eventLocation: "Praha", eventPlace: "Louka", eventGroups: [] },
      buyer: {
        firstName: "Jana",
        lastName: "Nováková",
        email: "jana@example.cz",
        phone: "+420777123456",
        countryId: 1,
      },
      billingInfo: null,
    } as unknown as Order;
    expect(orderTrackingData(order)).toMatchObject({
      id: U(700),
      orderId: U(700),
      orderNumber: 260001,
      value: 303000,
      items: [
        { id: IDS.pass, kind: "ticket", price: 249000, count: 1, category: "Passes" },
        { id: IDS.chip500, kind: "chip", price: 54000, count: 1 },
      ],
      context: { eventName: "Fest" },
      user: { email: "jana@example.cz", phone: "+420777123456", countryId: 1 },
    });
  });

  it("reads the buyer for tracking from the signed-in account, else from the buyer form", () => {
    const state = {
      buyer: { firstName: "Jana", lastName: "N", email: " jana@example.cz ", phone: "", countryId: 2 },
      billing: {
        wanted: false,
        companyName: "",
        companyId: "",
        vatId: "",
        address: "Masarykova 12 b",
        city: "Brno",
        postalCode: "60200",
        countryId: 1,
      },
    };
    expect(cartTrackingUser(state, null)).toEqual({ email: "jana@example.cz", countryId: 2 });
    expect(cartTrackingUser({ ...state, billing: { ...state.billing, wanted: true } }, null)).toEqual({
      email: "jana@example.cz",
      countryId: 1,
      city: "Brno",
      postalCode: "60200",
      addressParts: ["Masarykova", "12"],
    });
    const account = { email: "konto@example.cz", phone: "+420 601 000 000", billingInfo: null };
    expect(cartTrackingUser(state, account)).toEqual({
      email: "konto@example.cz",
      phone: "+420 601 000 000",
    });
  });
});
