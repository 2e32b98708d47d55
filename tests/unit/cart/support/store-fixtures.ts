/** The catalog of a fresh event and the buyer the cart's store tests use. */
import type { TicketType } from "../../../../src/contract/ticket.ts";
import type { CartCatalog } from "../../../../src/stores/cart/state.ts";
import { U } from "./fixtures.ts";

/** Ids of the fixture catalog's ticket types, extra product and chip top-up. */
export const PASS = U(21);
export const VIP = U(22);
export const PARKING = U(31);
export const CHIP = U(41);
/** The tests' clock at the start, and how long the fake service holds. */
export const START = Date.parse("2026-06-01T12:00:00Z");
export const HOLD_MS = 15 * 60 * 1000;
/** A valid buyer. */
export const BUYER = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  phone: "+420777123456",
};

/** A ticket type of an event on sale (1 000 CZK, 50 left, 1–6 per order). */
export function ticketType(
  id: string,
  name: string,
  eventId: string,
  extra: Partial<TicketType> = {},
): TicketType {
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
export function freshCatalog(): CartCatalog {
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
