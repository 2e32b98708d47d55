import { describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../src/contract/event.ts";
import type { Order } from "../../src/contract/order.ts";
import type { Reservation } from "../../src/contract/reservation.ts";
import type {
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  SupercouponCheck,
  TicketType,
  TicketTypeGroup,
} from "../../src/contract/ticket.ts";
import { codeRefusalKey, pickCode } from "../../src/stores/cart/codes.ts";
import { crossedThreshold, formatCountdown, holdSecondsLeft } from "../../src/stores/cart/countdown.ts";
import { decodeDemoSecret, isDemoSecretFor } from "../../src/stores/cart/demo.ts";
import { discountEstimate, supercouponEstimate } from "../../src/stores/cart/estimate.ts";
import {
  checkForm,
  fieldErrorKey,
  fieldOfIssuePath,
  normalizePhone,
  visibleErrors,
} from "../../src/stores/cart/form.ts";
import { returnedOrderId } from "../../src/stores/cart/gateway-return.ts";
import {
  holdFromReservation,
  holdInSync,
  holdItems,
  refusedTicketType,
  revertToHold,
} from "../../src/stores/cart/hold.ts";
import {
  anythingOnSale,
  canStep,
  chipLimits,
  clampCount,
  extraLimits,
  fitToCatalog,
  salesClosed,
  stepCount,
  ticketLimits,
} from "../../src/stores/cart/limits.ts";
import {
  extraKey,
  extraOptions,
  extraSections,
  parseExtraKey,
  summaryLines,
  ticketSections,
} from "../../src/stores/cart/lines.ts";
import { bodyFingerprint, orderBody } from "../../src/stores/cart/order-body.ts";
import { ERROR_MESSAGE_KEYS, errorMessageKey } from "../../src/stores/cart/refusals.ts";
import { type CartCatalog, type CartState, emptyCart, restoreCart } from "../../src/stores/cart/state.ts";
import { cartSummary } from "../../src/stores/cart/summary.ts";
import { lineChanges, orderTrackingData } from "../../src/stores/cart/tracking.ts";

/** A UUID made of a number (stable ids for fixtures). */
const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Ids of the fixture catalog. */
const IDS = {
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
function ticketType(overrides: Partial<TicketType> & Pick<TicketType, "ticketTypeId">): TicketType {
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
function extraProduct(
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
function chipProduct(overrides: Partial<ChipProduct> & Pick<ChipProduct, "productItemId">): ChipProduct {
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

const groups: TicketTypeGroup[] = [
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

const methods: PaymentMethod[] = [
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
function catalog(eventId: string = U(1), overrides: Partial<CartCatalog> = {}): CartCatalog {
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

const NOW = Date.parse("2026-06-01T12:00:00Z");

/** A cart of the fixture event with the given counts. */
function cart(overrides: Partial<CartState> = {}): CartState {
  return { ...emptyCart(U(1), "cs"), ...overrides };
}

/** A valid buyer. */
const BUYER = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  phone: "+420777123456",
  countryId: 1,
};

function codeCheck(overrides: Partial<CodeCheck> = {}): CodeCheck {
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

function supercoupon(overrides: Partial<SupercouponCheck> = {}): SupercouponCheck {
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

describe("catalog sections", () => {
  it("groups ticket types by group in the groups' order, types by display order, ungrouped last", () => {
    const sections = ticketSections(catalog());
    expect(sections.map((s) => s.group?.namePub ?? null)).toEqual(["Passes", "Day tickets", null]);
    expect(sections[0]?.ticketTypes.map((t) => t.namePub)).toEqual(["Festival pass", "VIP"]);
    expect(sections[2]?.ticketTypes.map((t) => t.namePub)).toEqual(["Stalls", "Other"]);
  });

  it("lists extra products outside product groups in one section, and a variant's values as lines", () => {
    const sections = extraSections(catalog());
    expect(sections).toHaveLength(1);
    expect(sections[0]?.group).toBeNull();
    const shirt = catalog().extraProducts[1] as ExtraProduct;
    const options = extraOptions(shirt);
    expect(options.map((o) => [o.valueName, o.price, o.available])).toEqual([
      ["S", 60000, 1],
      ["L", 65000, 5],
    ]);
    expect(parseExtraKey(options[1]?.key ?? "")).toEqual({
      ticketProductId: IDS.shirt,
      variantValueId: IDS.sizeL,
    });
    expect(extraKey(IDS.parking)).toBe(IDS.parking);
  });
});

describe("limits of a line", () => {
  const types = catalog().ticketTypes;
  const pass = types.find((t) => t.ticketTypeId === IDS.pass) as TicketType;
  const vip = types.find((t) => t.ticketTypeId === IDS.vip) as TicketType;

  it("allows 0 or min…max, max being the smaller of the per-order limit and what is left", () => {
    expect(ticketLimits(pass, { now: NOW })).toEqual({
      state: "onSale",
      min: 1,
      max: 6,
      left: null,
      from: null,
    });
    expect(ticketLimits(vip, { now: NOW })).toEqual({ state: "onSale", min: 2, max: 3, left: 3, from: null });
  });

  it("counts the cart's own hold back in: held tickets are not in `available`", () => {
    const none = { ...vip, available: 0, soldOut: true };
    expect(ticketLimits(none, { now: NOW }).state).toBe("soldOut");
    expect(ticketLimits(none, { now: NOW, held: 2 })).toMatchObject({ state: "onSale", max: 2 });
  });

  it("is sold out when fewer than the minimum are left", () => {
    expect(ticketLimits({ ...vip, available: 1 }, { now: NOW }).state).toBe("soldOut");
  });

  it("follows the sales window, except in a demo cart", () => {
    const later = { ...pass, salesFrom: "2026-07-01T08:00:00Z" };
    expect(ticketLimits(later, { now: NOW })).toMatchObject({
      state: "notYet",
      max: 0,
      from: later.salesFrom,
    });
    expect(ticketLimits(later, { now: NOW, demo: true }).state).toBe("onSale");
    const over = { ...pass, salesTo: "2026-05-01T08:00:00Z" };
    expect(ticketLimits(over, { now: NOW }).state).toBe("ended");
  });

  it("points seated types to the seating plan and closes everything while the event is not on sale", () => {
    expect(ticketLimits(pass, { now: NOW, seated: true }).state).toBe("seated");
    const closed = salesClosed({ salesState: "upcoming", saleStartsAt: "2026-07-01T08:00:00Z" }, false, NOW);
    expect(closed).toEqual({ state: "notYet", from: "2026-07-01T08:00:00Z" });
    expect(ticketLimits(pass, { now: NOW, closed })).toMatchObject({ state: "notYet", max: 0 });
    expect(salesClosed({ salesState: "upcoming", saleStartsAt: null }, true, NOW)).toBeNull();
    expect(salesClosed({ salesState: "upcoming", saleStartsAt: null }, false, NOW)?.state).toBe("notYet");
    expect(
      salesClosed({ salesState: "upcoming", saleStartsAt: "2026-05-01T08:00:00Z" }, false, NOW),
    ).toBeNull();
    expect(salesClosed({ salesState: "ended", saleStartsAt: null }, false, NOW)?.state).toBe("ended");
    expect(salesClosed({ salesState: "soldOut", saleStartsAt: null }, false, NOW)).toBeNull();
  });

  it("steps up from 0 to the minimum and down from the minimum to 0, never past the maximum", () => {
    const limits = { min: 2, max: 3 };
    expect(stepCount(0, 1, limits)).toBe(2);
    expect(stepCount(2, 1, limits)).toBe(3);
    expect(stepCount(3, 1, limits)).toBe(3);
    expect(canStep(3, 1, limits)).toBe(false);
    expect(stepCount(3, -1, limits)).toBe(2);
    expect(stepCount(2, -1, limits)).toBe(0);
    expect(canStep(0, -1, limits)).toBe(false);
    expect(clampCount(1, limits)).toBe(2);
    expect(clampCount(9, limits)).toBe(3);
    expect(clampCount(-1, limits)).toBe(0);
    expect(clampCount(2, { min: 2, max: 1 })).toBe(0);
  });

  it("shares an extra product's per-order limit between its variant lines, each within its own stock", () => {
    const shirt = catalog().extraProducts[1] as ExtraProduct;
    const [small, large] = extraOptions(shirt);
    if (!small || !large) throw new Error("fixture");
    expect(extraLimits(small, {})).toMatchObject({ state: "onSale", max: 1, left: 1 });
    expect(extraLimits(large, { [small.key]: 1 })).toMatchObject({ max: 2 });
    expect(extraLimits(large, {}, { state: "ended", from: null }).max).toBe(0);
    expect(extraLimits({ ...small, available: 0 }, {}).state).toBe("soldOut");
  });

  it("caps chip top-ups at 10 each, or at the event's credit limit over all chip products", () => {
    const c = catalog();
    const chip500 = c.chipProducts.find((p) => p.productItemId === IDS.chip500) as ChipProduct;
    expect(chipLimits(chip500, {}, c).max).toBe(10);
    const limited = {
      ...c,
      chipCreditLimit: { eventId: U(1), minAmount: 10000, maxAmount: 200000, step: 10000, currencyId: 1 },
    };
    expect(chipLimits(chip500, { [IDS.chip1000]: 1 }, limited).max).toBe(2);
  });

  it("says whether anything can be picked", () => {
    expect(anythingOnSale(catalog(), { now: NOW })).toBe(true);
    expect(anythingOnSale(catalog(U(1), { salesState: "ended" }), { now: NOW })).toBe(false);
    expect(anythingOnSale(catalog(U(1), { salesState: "upcoming" }), { now: NOW, demo: true })).toBe(true);
  });
});

describe("summary", () => {
  it("lists lines in catalog order with amounts in minor units, chips loading count × amount", () => {
    const state = cart({
      tickets: { [IDS.day]: 1, [IDS.pass]: 2 },
      extras: { [extraKey(IDS.shirt, IDS.sizeL)]: 1 },
      chips: { [IDS.chip1000]: 2 },
    });
    const summary = cartSummary(state, catalog());
    expect(summary.lines.map((l) => [l.kind, l.name, l.detail, l.unitPrice, l.count, l.total])).toEqual([
      ["ticket", "Festival pass", "Passes", 249000, 2, 498000],
      ["ticket", "Day ticket", "Day tickets", 50000, 1, 50000],
      ["extra", "T-shirt", "L", 65000, 1, 65000],
      ["chip", "Credit 1 000", null, 95000, 2, 190000],
    ]);
    expect(summary.lines[3]?.credit).toBe(200000);
    expect(summary.subtotal).toBe(803000);
    expect(summary.fee).toBe(0);
    expect(summary.total).toBe(803000);
    expect(summary.ticketCount).toBe(3);
    expect(summary.itemCount).toBe(6);
  });

  it("adds the chosen payment method's fee (the first offered by display order by default)", () => {
    const state = cart({ tickets: { [IDS.pass]: 1 }, paymentMethodId: 2 });
    expect(cartSummary(state, catalog())).toMatchObject({ subtotal: 249000, fee: 2500, total: 251500 });
    expect(cartSummary({ ...state, paymentMethodId: 99 }, catalog()).fee).toBe(0);
    expect(cartSummary(cart({ paymentMethodId: 2 }), catalog())).toMatchObject({
      empty: true,
      fee: 0,
      total: 0,
    });
  });

  it("estimates a discount as the service does: percent of the lines it covers, a fixed amount per order", () => {
    const lines = summaryLines(
      cart({ tickets: { [IDS.pass]: 2, [IDS.day]: 1 }, extras: { [IDS.parking]: 1 } }),
      catalog(),
    );
    expect(discountEstimate(codeCheck({ value: 10 }), lines)).toBe(54800);
    expect(discountEstimate(codeCheck({ value: 10, ticketTypeIds: [IDS.day] }), lines)).toBe(5000);
    expect(
      discountEstimate(
        codeCheck({ value: 50, ticketProductIds: [IDS.parking], ticketTypeIds: [IDS.day] }),
        lines,
      ),
    ).toBe(40000);
    expect(
      discountEstimate(codeCheck({ kind: "fixed", value: 20000, ticketTypeIds: [IDS.day] }), lines),
    ).toBe(20000);
    expect(
      discountEstimate(codeCheck({ kind: "fixed", value: 999999, ticketTypeIds: [IDS.day] }), lines),
    ).toBe(50000);
    expect(discountEstimate(codeCheck({ valid: false }), lines)).toBe(0);
    expect(discountEstimate(codeCheck({ ticketTypeIds: [IDS.vip] }), lines)).toBe(0);
  });

  it("lets a supercoupon cover its remaining tickets, the dearest first", () => {
    const lines = summaryLines(cart({ tickets: { [IDS.pass]: 1, [IDS.day]: 3 } }), catalog());
    expect(supercouponEstimate(supercoupon({ remainingTickets: 2 }), lines)).toBe(299000);
    expect(supercouponEstimate(supercoupon({ ticketTypeIds: [IDS.day], remainingTickets: 5 }), lines)).toBe(
      150000,
    );
    expect(supercouponEstimate(supercoupon({ valid: false }), lines)).toBe(0);
  });

  it("subtracts the codes' discounts, never below the discountable items, then adds the fee", () => {
    const state = cart({
      tickets: { [IDS.day]: 1 },
      chips: { [IDS.chip500]: 1 },
      paymentMethodId: 2,
      codes: {
        coupon: { kind: "coupon", code: "HALF", check: codeCheck({ value: 50 }) },
        discount: { kind: "discount", code: "FIX", check: codeCheck({ kind: "fixed", value: 40000 }) },
      },
    });
    const summary = cartSummary(state, catalog());
    expect(summary.discounts).toEqual([
      { kind: "coupon", code: "HALF", amount: 25000 },
      { kind: "discount", code: "FIX", amount: 40000 },
    ]);
    expect(summary.discountTotal).toBe(50000);
    expect(summary.total).toBe(100000 - 50000 + 2500);
  });
});

describe("hold", () => {
  const reservation = (
    items: Reservation["items"],
    status: Reservation["status"] = "active",
  ): Reservation => ({
    reservationId: U(500),
    eventId: U(1),
    status,
    createdAt: "2026-06-01T12:00:00Z",
    expiresAt: "2026-06-01T12:15:00Z",
    items,
    total: 0,
    currencyId: 1,
  });

  it("holds the wanted standing tickets in catalog order, never seated ones", () => {
    const state = cart({ tickets: { [IDS.day]: 1, [IDS.seated]: 2, [IDS.pass]: 3 } });
    expect(holdItems(state, catalog())).toEqual([
      { ticketTypeId: IDS.pass, count: 3 },
      { ticketTypeId: IDS.day, count: 1 },
    ]);
  });

  it("knows when the hold has what the cart wants", () => {
    const hold = { reservationId: U(500), expiresAt: "2026-06-01T12:15:00Z", items: { [IDS.pass]: 3 } };
    expect(holdInSync(cart({ tickets: { [IDS.pass]: 3 }, hold }), catalog())).toBe(true);
    expect(holdInSync(cart({ tickets: { [IDS.pass]: 2 }, hold }), catalog())).toBe(false);
    expect(holdInSync(cart(), catalog())).toBe(true);
    expect(holdInSync(cart({ hold }), catalog())).toBe(false);
  });

  it("reads the hold of the service's answer (standing items only; none when no longer active)", () => {
    const items = [
      { ticketTypeId: IDS.pass, count: 2, sectorId: null, seats: [] },
      { ticketTypeId: IDS.seated, count: 1, sectorId: U(90), seats: [] },
    ];
    expect(holdFromReservation(reservation(items))).toEqual({
      reservationId: U(500),
      expiresAt: "2026-06-01T12:15:00Z",
      items: { [IDS.pass]: 2 },
    });
    expect(holdFromReservation(reservation(items, "expired"))).toBeNull();
    expect(holdFromReservation(reservation([]))).toBeNull();
  });

  it("sets refused types back to what the hold has, keeping the rest", () => {
    const hold = { reservationId: U(500), expiresAt: "x", items: { [IDS.pass]: 1 } };
    const state = cart({ tickets: { [IDS.pass]: 4, [IDS.day]: 2, [IDS.vip]: 2 }, hold });
    expect(revertToHold(state, [IDS.pass, IDS.vip]).tickets).toEqual({ [IDS.pass]: 1, [IDS.day]: 2 });
    expect(revertToHold(state, null).tickets).toEqual({ [IDS.pass]: 1 });
    const sent = [{ ticketTypeId: IDS.pass }, { ticketTypeId: IDS.day }];
    expect(refusedTicketType("items.1", sent)).toBe(IDS.day);
    expect(refusedTicketType("items.1.count", sent)).toBe(IDS.day);
    expect(refusedTicketType("body.items.0", sent)).toBe(IDS.pass);
    expect(refusedTicketType("items.7", sent)).toBeNull();
    expect(refusedTicketType(undefined, sent)).toBeNull();
  });

  it("counts down in whole seconds, shown as mm:ss, announced at 5 and 1 minutes", () => {
    expect(holdSecondsLeft("2026-06-01T12:15:00Z", NOW)).toBe(900);
    expect(holdSecondsLeft("2026-06-01T12:00:00.500Z", NOW)).toBe(1);
    expect(holdSecondsLeft("2026-06-01T11:00:00Z", NOW)).toBe(0);
    expect(holdSecondsLeft("nonsense", NOW)).toBe(0);
    expect(formatCountdown(900)).toBe("15:00");
    expect(formatCountdown(65)).toBe("01:05");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(3725)).toBe("1:02:05");
    expect(crossedThreshold(301, 300)).toBe(300);
    expect(crossedThreshold(300, 299)).toBeNull();
    expect(crossedThreshold(62, 59)).toBe(60);
    expect(crossedThreshold(500, 499)).toBeNull();
  });

  it("lowers counts the live catalog no longer allows, and says which", () => {
    const live = catalog();
    const vip = live.ticketTypes.find((t) => t.ticketTypeId === IDS.vip);
    if (vip) vip.available = 2;
    const gone = live.ticketTypes.find((t) => t.ticketTypeId === IDS.day);
    if (gone) gone.soldOut = true;
    if (gone) gone.available = 0;
    const state = cart({
      tickets: { [IDS.vip]: 3, [IDS.day]: 1, [IDS.pass]: 2 },
      extras: { [IDS.parking]: 9 },
    });
    const fitted = fitToCatalog(state, live, { now: NOW });
    expect(fitted.state.tickets).toEqual({ [IDS.vip]: 2, [IDS.pass]: 2 });
    expect(fitted.state.extras).toEqual({ [IDS.parking]: 4 });
    expect(fitted.changed.sort()).toEqual([IDS.day, IDS.parking, IDS.vip].sort());
    const same = cart({ tickets: { [IDS.pass]: 2 } });
    expect(fitToCatalog(same, catalog(), { now: NOW }).state).toBe(same);
  });
});

describe("buyer's form", () => {
  it("accepts a complete buyer, normalising the phone", () => {
    const form = checkForm(cart({ buyer: { ...BUYER, phone: "777 123 456" } }));
    expect(form.errors).toEqual({});
    expect(form.buyer).toEqual({ ...BUYER, phone: "+420777123456" });
    expect(form.billingInfo).toBeNull();
  });

  it("normalises phone numbers: spaces and dashes out, 00 as +, the country's code for local numbers", () => {
    expect(normalizePhone(" +420 777-123-456 ", 1)).toBe("+420777123456");
    expect(normalizePhone("00421905123456", 1)).toBe("+421905123456");
    expect(normalizePhone("0905 123 456", 2)).toBe("+421905123456");
    expect(normalizePhone("0171 1234567", 14)).toBe("+491711234567");
    expect(normalizePhone("", 1)).toBe("");
    expect(normalizePhone("abc", 1)).toBe("abc");
  });

  it("names each field's problem: required, invalid, too long", () => {
    const form = checkForm(
      cart({
        buyer: { firstName: " ", lastName: "x".repeat(101), email: "jana@", phone: "12", countryId: 1 },
      }),
    );
    expect(form.errors).toEqual({
      firstName: "required",
      lastName: "tooLong",
      email: "invalid",
      phone: "invalid",
    });
    expect(form.buyer).toBeNull();
    expect(fieldErrorKey("email", "invalid")).toBe("form.errors.email");
    expect(fieldErrorKey("phone", "invalid")).toBe("form.errors.phone");
    expect(fieldErrorKey("city", "invalid")).toBe("form.errors.invalid");
    expect(fieldErrorKey("city", "required")).toBe("form.errors.required");
    expect(fieldErrorKey("city", "tooLong")).toBe("form.errors.tooLong");
  });

  it("checks billing details when wanted, the VAT id against the billing country's pattern", () => {
    const billing = {
      wanted: true,
      companyName: "Kapela s.r.o.",
      vatId: "cz 123 456 78",
      address: "Dlouhá 12",
      city: "Praha",
      postalCode: "110 00",
      countryId: 1,
    };
    const ok = checkForm(cart({ buyer: BUYER, billing }));
    expect(ok.errors).toEqual({});
    expect(ok.billingInfo).toEqual({ ...billing, wanted: undefined, vatId: "CZ12345678" } as unknown);
    const wrongCountry = checkForm(cart({ buyer: BUYER, billing: { ...billing, countryId: 14 } }));
    expect(wrongCountry.errors).toEqual({ vatId: "invalid" });
    expect(fieldErrorKey("vatId", "invalid")).toBe("form.errors.vatId");
    const missing = checkForm(cart({ buyer: BUYER, billing: { ...billing, city: "", vatId: "" } }));
    expect(missing.errors).toEqual({ city: "required" });
    const notWanted = checkForm(cart({ buyer: BUYER, billing: { ...billing, wanted: false, city: "" } }));
    expect(notWanted.errors).toEqual({});
  });

  it("shows problems of fields left by the buyer, or all after a submit", () => {
    const errors = { email: "invalid", phone: "required" } as const;
    expect(visibleErrors(errors, { email: true }, false)).toEqual({ email: "invalid" });
    expect(visibleErrors(errors, {}, true)).toEqual(errors);
  });

  it("maps the service's issue paths to fields", () => {
    expect(fieldOfIssuePath("buyer.email")).toBe("email");
    expect(fieldOfIssuePath("billingInfo.vatId")).toBe("vatId");
    expect(fieldOfIssuePath("body.buyer.phone")).toBe("phone");
    expect(fieldOfIssuePath("billingInfo.countryId")).toBe("billingCountryId");
    expect(fieldOfIssuePath("items.0")).toBeNull();
  });
});

describe("order body", () => {
  const context = {
    language: "en" as const,
    returnUrl: "https://shop.example/en/event/o/e/order/{orderId}/",
  };

  it("takes tickets from the hold and lists extras (with variant values), chip credit and codes", () => {
    const state = cart({
      tickets: { [IDS.pass]: 2 },
      hold: { reservationId: U(500), expiresAt: "x", items: { [IDS.pass]: 2 } },
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

describe("return from the payment gateway", () => {
  it("takes the order id from the address when it is one, else the order the cart created", () => {
    expect(returnedOrderId(U(5), U(6))).toBe(U(5));
    expect(returnedOrderId("{orderId}", U(6))).toBe(U(6));
    expect(returnedOrderId("{orderId}", null)).toBeNull();
    expect(returnedOrderId(null, U(6))).toBeNull();
  });
});

describe("refusals and codes", () => {
  it("maps every refusal of the service to a message key, never to the raw message", () => {
    expect(errorMessageKey({ name: "sold_out", status: 409 })).toBe("errors.soldOut");
    expect(errorMessageKey({ name: "limit_exceeded", status: 400 })).toBe("errors.limitExceeded");
    expect(errorMessageKey({ name: "not_on_sale", status: 409 })).toBe("errors.notOnSale");
    expect(errorMessageKey({ name: "hold_expired", status: 409 })).toBe("errors.holdExpired");
    expect(errorMessageKey({ name: "reservation_not_found", status: 404 })).toBe("errors.holdExpired");
    expect(errorMessageKey({ name: "invalid_code", status: 400 })).toBe("errors.invalidCode");
    expect(errorMessageKey({ name: "payment_method_not_offered", status: 400 })).toBe(
      "errors.paymentMethodNotOffered",
    );
    expect(errorMessageKey({ name: "payment_declined", status: 402 })).toBe("errors.paymentDeclined");
    expect(errorMessageKey({ name: "validation", status: 400 })).toBe("errors.validation");
    expect(errorMessageKey({ name: "no_response", status: 0 })).toBe("errors.network");
    expect(errorMessageKey({ name: "api_error", status: 501 })).toBe("errors.unavailable");
    expect(errorMessageKey({ name: "something_new", status: 500 })).toBe("errors.generic");
    expect(errorMessageKey(undefined)).toBe("errors.generic");
    expect(Object.keys(ERROR_MESSAGE_KEYS).length).toBeGreaterThanOrEqual(10);
  });

  it("explains a refused code by its reason", () => {
    expect(codeRefusalKey("expired")).toBe("codes.reasons.expired");
    expect(codeRefusalKey("wrongEvent")).toBe("codes.reasons.wrongEvent");
    expect(codeRefusalKey(null)).toBe("codes.reasons.notFound");
    expect(codeRefusalKey("odd")).toBe("codes.reasons.notFound");
  });

  it("keeps the first valid check of an entered code, else the most telling refusal", () => {
    const coupon = {
      kind: "coupon" as const,
      code: "X",
      check: codeCheck({ valid: false, reason: "notFound" }),
    };
    const discount = {
      kind: "discount" as const,
      code: "X",
      check: codeCheck({ valid: false, reason: "expired" }),
    };
    const superOk = { kind: "supercoupon" as const, code: "X", check: supercoupon() };
    expect(pickCode([coupon, discount, superOk])).toEqual({ valid: superOk, reason: "" });
    expect(pickCode([coupon, discount])).toEqual({ valid: null, reason: "expired" });
    expect(pickCode([coupon])).toEqual({ valid: null, reason: "notFound" });
  });
});

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

describe("stored cart", () => {
  it("starts empty with the language's country, and reads back only a cart of the same event", () => {
    expect(emptyCart(U(1), "sk").buyer.countryId).toBe(2);
    expect(emptyCart(U(1), "de").billing.countryId).toBe(14);
    const stored = cart({ tickets: { [IDS.pass]: 2, bad: -1 } as Record<string, number>, buyer: BUYER });
    const back = restoreCart(JSON.parse(JSON.stringify(stored)), U(1));
    expect(back.tickets).toEqual({ [IDS.pass]: 2 });
    expect(back.buyer).toEqual(BUYER);
    expect(restoreCart(stored, U(2)).tickets).toEqual({});
    expect(restoreCart("garbage", U(1))).toEqual(emptyCart(U(1)));
    expect(restoreCart({ version: 2, eventId: U(1) }, U(1))).toEqual(emptyCart(U(1)));
    const coupon = { kind: "coupon", code: "A", check: codeCheck() };
    const codes = restoreCart(
      { ...stored, codes: { coupon, discount: { kind: "coupon" }, x: 1 } },
      U(1),
    ).codes;
    expect(codes).toEqual({ coupon });
  });
});

describe("demo cart secret", () => {
  const eventId = "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";
  const standard = Buffer.from(eventId).toString("base64");

  it("accepts the base64 of the event id, standard or URL-safe, with or without padding", () => {
    expect(decodeDemoSecret(standard)).toBe(eventId);
    expect(isDemoSecretFor(standard, eventId)).toBe(true);
    expect(isDemoSecretFor(standard.replace(/=+$/, ""), eventId)).toBe(true);
    const urlSafe = Buffer.from(`${eventId}??>`).toString("base64url");
    expect(decodeDemoSecret(urlSafe)).toBe(`${eventId}??>`);
    expect(isDemoSecretFor(Buffer.from(eventId.toUpperCase()).toString("base64url"), eventId)).toBe(true);
  });

  it("refuses a missing, malformed or other event's secret", () => {
    expect(isDemoSecretFor(null, eventId)).toBe(false);
    expect(isDemoSecretFor("", eventId)).toBe(false);
    expect(isDemoSecretFor("not base64!", eventId)).toBe(false);
    expect(isDemoSecretFor("a", eventId)).toBe(false);
    expect(isDemoSecretFor(Buffer.from(U(9)).toString("base64"), eventId)).toBe(false);
    expect(decodeDemoSecret(Buffer.from([0xff, 0xfe]).toString("base64"))).toBeNull();
  });
});
