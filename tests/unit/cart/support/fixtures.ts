/** The fixture catalog, carts, buyer and code checks of the cart's pure rules tests. */
import type { PaymentMethod } from "../../../../src/contract/event.ts";
import type {
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  SupercouponCheck,
  TicketType,
  TicketTypeGroup,
} from "../../../../src/contract/ticket.ts";
import { type CartCatalog, type CartState, emptyCart } from "../../../../src/stores/cart/state.ts";

/** A UUID made of a number (stable ids for fixtures). */
export const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Ids of the fixture catalog. */
export const IDS = {
  groupPasses: U(11),
  groupDay: U(12),
  pass: U(21),
  vip: U(22),
  day: U(23),
  seated: U(24),
  loose: U(25),
  parking: U(31),
  shirt: U(32),
  shirtVariant: U(33),
  sizeS: U(34),
  sizeL: U(35),
  chip500: U(41),
  chip1000: U(42),
} as const;

/** A ticket type with defaults (on sale, plenty left, 1–6 per order, 1 000 CZK). */
export function ticketType(overrides: Partial<TicketType> & Pick<TicketType, "ticketTypeId">): TicketType {
  return {
    namePub: "Ticket",
    price: 100000,
    displayOrder: 0,
    ticketTypeGroup: null,
    eventId: U(1),
    currencyId: 1,
    description: null,
    capacity: 1000,
    available: 500,
    minPerOrder: 1,
    maxPerOrder: 6,
    itemTypeId: 1,
    sectorId: null,
    reservationCategoryId: null,
    salesFrom: null,
    salesTo: null,
    soldOut: false,
    ...overrides,
  };
}

/** An extra product with defaults (no variant, 200 CZK, 10 left, 4 per order). */
export function extraProduct(
  overrides: Partial<ExtraProduct> & Pick<ExtraProduct, "ticketProductId">,
): ExtraProduct {
  return {
    eventId: U(1),
    name: "Extra",
    description: null,
    price: 20000,
    currencyId: 1,
    displayOrder: 0,
    itemTypeId: 6,
    productCategoryId: null,
    productGroupId: null,
    image: null,
    variants: [],
    chips: [],
    available: 10,
    maxPerOrder: 4,
    soldOut: false,
    ...overrides,
  };
}

/** A chip top-up product. */
export function chipProduct(
  overrides: Partial<ChipProduct> & Pick<ChipProduct, "productItemId">,
): ChipProduct {
  return {
    eventId: U(1),
    name: "Credit",
    description: null,
    amount: 50000,
    price: 50000,
    currencyId: 1,
    chipTypeId: 1,
    displayOrder: 0,
    ...overrides,
  };
}

export const groups: TicketTypeGroup[] = [
  {
    ticketTypeGroupId: IDS.groupDay,
    namePub: "Day tickets",
    eventId: U(1),
    description: null,
    displayOrder: 2,
  },
  {
    ticketTypeGroupId: IDS.groupPasses,
    namePub: "Passes",
    eventId: U(1),
    description: null,
    displayOrder: 1,
  },
];

export const methods: PaymentMethod[] = [
  {
    paymentMethodId: 2,
    name: "Bank transfer",
    description: null,
    feeAmount: 2500,
    currencyId: 1,
    displayOrder: 2,
  },
  { paymentMethodId: 1, name: "Card", description: null, feeAmount: null, currencyId: 1, displayOrder: 1 },
];

/** The fixture catalog of an event (its own id so store tests do not share carts). */
export function catalog(eventId: string = U(1), overrides: Partial<CartCatalog> = {}): CartCatalog {
  const passes = { ticketTypeGroupId: IDS.groupPasses, namePub: "Passes" };
  const day = { ticketTypeGroupId: IDS.groupDay, namePub: "Day tickets" };
  return {
    eventId,
    currencyId: 1,
    ticketTypes: [
      ticketType({
        ticketTypeId: IDS.day,
        namePub: "Day ticket",
        price: 50000,
        displayOrder: 3,
        ticketTypeGroup: day,
      }),
      ticketType({
        ticketTypeId: IDS.pass,
        namePub: "Festival pass",
        price: 249000,
        displayOrder: 1,
        ticketTypeGroup: passes,
      }),
      ticketType({
        ticketTypeId: IDS.vip,
        namePub: "VIP",
        price: 499000,
        displayOrder: 2,
        ticketTypeGroup: passes,
        minPerOrder: 2,
        maxPerOrder: 4,
        available: 3,
      }),
      ticketType({ ticketTypeId: IDS.seated, namePub: "Stalls", displayOrder: 4, sectorId: U(90) }),
      ticketType({ ticketTypeId: IDS.loose, namePub: "Other", price: 10000, displayOrder: 5 }),
    ],
    ticketTypeGroups: groups,
    extraProducts: [
      extraProduct({ ticketProductId: IDS.parking, name: "Parking", price: 30000, displayOrder: 1 }),
      extraProduct({
        ticketProductId: IDS.shirt,
        name: "T-shirt",
        price: 60000,
        displayOrder: 2,
        maxPerOrder: 3,
        available: 8,
        variants: [
          {
            variantId: IDS.shirtVariant,
            productGroupId: null,
            ticketProductId: IDS.shirt,
            name: "Size",
            displayOrder: 0,
            values: [
              {
                variantValueId: IDS.sizeL,
                variantId: IDS.shirtVariant,
                name: "L",
                priceDelta: 5000,
                currencyId: 1,
                available: 5,
                displayOrder: 2,
              },
              {
                variantValueId: IDS.sizeS,
                variantId: IDS.shirtVariant,
                name: "S",
                priceDelta: 0,
                currencyId: 1,
                available: 1,
                displayOrder: 1,
              },
            ],
          },
        ],
      }),
    ],
    productGroups: [],
    chipProducts: [
      chipProduct({
        productItemId: IDS.chip1000,
        name: "Credit 1 000",
        amount: 100000,
        price: 95000,
        displayOrder: 2,
      }),
      chipProduct({
        productItemId: IDS.chip500,
        name: "Credit 500",
        amount: 50000,
        price: 50000,
        displayOrder: 1,
      }),
    ],
    chipCreditLimit: null,
    paymentMethods: methods,
    seatedTicketTypeIds: [IDS.seated],
    salesState: "onSale",
    saleStartsAt: null,
    ...overrides,
  };
}

export const NOW = Date.parse("2026-06-01T12:00:00Z");

/** A cart of the fixture event with the given counts. */
export function cart(overrides: Partial<CartState> = {}): CartState {
  return { ...emptyCart(U(1), "cs"), ...overrides };
}

/** A valid buyer. */
export const BUYER = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  phone: "+420777123456",
  countryId: 1,
};

export function codeCheck(overrides: Partial<CodeCheck> = {}): CodeCheck {
  return {
    code: "CODE",
    valid: true,
    reason: null,
    kind: "percent",
    value: 10,
    currencyId: null,
    ticketTypeIds: [],
    ticketProductIds: [],
    validFrom: null,
    validTo: null,
    discountAmount: null,
    ...overrides,
  };
}

export function supercoupon(overrides: Partial<SupercouponCheck> = {}): SupercouponCheck {
  return {
    code: "SUPER",
    valid: true,
    reason: null,
    eventIds: [],
    ticketTypeIds: [],
    remainingTickets: 2,
    validTo: null,
    ...overrides,
  };
}
