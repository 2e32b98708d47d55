/** Orders as the pass service answers them, for the tests of the order page and its store. */
import { type Order, Order as OrderSchema, type OrderStatusInfo } from "../../../src/contract/order.ts";

/** The order of the fixtures. */
export const ORDER_ID = "3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f809a1b";
/** Its event. */
export const EVENT_ID = "8a7b6c5d-4e3f-4a1b-8c2d-1e0f9a8b7c6d";

/** Where the order stands, as `v2.orderStatus` answers it. */
export function statusInfo(patch: Partial<OrderStatusInfo> = {}): OrderStatusInfo {
  return {
    orderId: ORDER_ID,
    orderNumber: 1042,
    status: "pendingPayment",
    final: false,
    value: 129000,
    paidAmount: 0,
    currencyId: 1,
    paid: null,
    canceled: null,
    expiresAt: "2026-05-01T10:15:00Z",
    redirectUrl: "/gateway/p1",
    paymentMethodId: 1,
    paymentStatus: "pending",
    updatedAt: "2026-05-01T10:00:00Z",
    ...patch,
  };
}

/** An unpaid order of two ticket types, chip credit and an extra product (parsed by the contract). */
export function order(patch: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    orderId: ORDER_ID,
    orderNumber: 1042,
    parentOrderId: null,
    eventId: EVENT_ID,
    organizerSlug: "pulse-events",
    eventSlug: "summer-fest",
    status: "pendingPayment",
    language: "cs",
    value: 262000,
    amount: 262000,
    paidAmount: 0,
    feeAmount: 2000,
    currencyId: 1,
    paymentMethodId: 1,
    created: "2026-05-01T10:00:00Z",
    paid: null,
    canceled: null,
    expiresAt: "2026-05-01T10:15:00Z",
    accountId: null,
    buyer: {
      firstName: "Jana",
      lastName: "Nováková",
      email: "jana@example.cz",
      phone: "+420777123456",
      countryId: 1,
    },
    billingInfo: null,
    tickets: [
      {
        ticketType: {
          ticketTypeId: "11111111-1111-4111-8111-111111111111",
          namePub: "VIP",
          price: 150000,
          displayOrder: 2,
          ticketTypeGroup: null,
        },
        count: 1,
        price: 150000,
        seats: [],
      },
      {
        ticketType: {
          ticketTypeId: "22222222-2222-4222-8222-222222222222",
          namePub: "Standard",
          price: 50000,
          displayOrder: 1,
          ticketTypeGroup: {
            ticketTypeGroupId: "33333333-3333-4333-8333-333333333333",
            namePub: "Vstupenky",
          },
        },
        count: 2,
        price: 50000,
        seats: [],
      },
    ],
    chips: [
      {
        productItemId: "44444444-4444-4444-8444-444444444444",
        amount: 10000,
        name: "Kredit 100",
        price: 10000,
        chipId: null,
      },
    ],
    extraProducts: [
      {
        ticketProductId: "55555555-5555-4555-8555-555555555555",
        name: "Tričko",
        price: 0,
        currencyId: 1,
        count: 1,
        displayOrder: 1,
        itemTypeId: 6,
        variantValueId: "66666666-6666-4666-8666-666666666666",
        variantName: "L",
        chips: [],
      },
    ],
    discounts: [],
    trackingContext: {
      eventName: "Summer Fest",
      eventLocation: "Praha",
      eventPlace: "Výstaviště",
      eventGroups: [],
    },
    payment: {
      paymentMethodId: 1,
      status: "pending",
      declineReason: null,
      redirectUrl: "/gateway/p1",
      bankTransfer: null,
    },
    ...patch,
  });
}
