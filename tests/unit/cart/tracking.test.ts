import { describe, expect, it } from "vitest";
import type { Order } from "../../../src/contract/order.ts";
import { extraKey, summaryLines } from "../../../src/stores/cart/lines.ts";
import { lineChanges, orderTrackingData } from "../../../src/stores/cart/tracking.ts";
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
    });
  });
});
