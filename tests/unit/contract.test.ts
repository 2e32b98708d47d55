import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  CALLS,
  type CallDef,
  callList,
  ErrorBody,
  Event,
  isJsonCall,
  OrderCreateBody,
  OrderCreateV2Body,
  pathParamNames,
  RESERVED_ORGANIZER_SLUGS,
  ReservationBody,
  ReservationCrowdBody,
  ReservationSeatBody,
} from "../../src/contract/index.ts";
import {
  CatalogError,
  type CatalogInput,
  gridSeats,
  parseCatalog,
} from "../../src/pass-service/catalog/schema.ts";

/** Every call of spec §7 as (method, path), written out from the spec's list, area by area. */
const SPEC_CALLS: readonly string[] = [
  // Account
  "POST /api/account-create",
  "POST /api/account-register",
  "POST /api/account-send-reset-email",
  "POST /api/account-set-password",
  "POST /api/account-verify-email",
  "GET /api/account",
  "GET /api/account-by-token",
  "GET /api/account-by-access-code",
  "POST /api/account-change-password",
  "POST /api/account-set-data",
  "GET /api/account-events",
  "GET /api/account-tickets",
  "GET /api/account-orders",
  "GET /api/account-tickets-by-event",
  "GET /api/account-chips-by-event",
  // Auth
  "POST /api/login",
  "POST /api/login-with-access-code",
  // Band and performer
  ...["band", "performer"].flatMap((kind) => {
    const id = kind === "band" ? "{bandId}" : "{performerId}";
    return [
      `GET /api/${kind}/favorite`,
      `POST /api/${kind}/favorite`,
      `DELETE /api/${kind}/favorite`,
      `GET /api/${kind}/favorite/{eventId}`,
      `GET /api/${kind}/id/${id}`,
      `GET /api/${kind}/id/${id}/gallery`,
      `GET /api/${kind}/id/${id}/gallery/images`,
      `GET /api/${kind}/id/${id}/${kind === "band" ? "performers" : "bands"}`,
      `GET /api/${kind}/profile/id/${id}`,
      `GET /api/${kind}/profile/slug/{profileSlug}`,
      `GET /api/${kind}/profile-list`,
      `GET /api/${kind}/profiles-all`,
    ];
  }),
  // Event
  "GET /api/event-by-slugs",
  "GET /api/event-by-id",
  "GET /api/event-group-by-slug",
  "GET /api/event-group-events",
  "GET /api/event-groups-all",
  "GET /api/events-all",
  "GET /api/events-by-organizer",
  ...[
    "bands",
    "entries",
    "entries-with-products",
    "main-bands",
    "main-performers",
    "performers",
    "stages",
    "payment-method",
    "sector",
    "venue",
  ].map((p) => `GET /api/event/{eventId}/${p}`),
  // Gallery
  "GET /api/gallery-images",
  "GET /api/gallery-by-id",
  // Order
  "GET /api/order-by-id",
  "GET /api/order-check",
  "GET /api/order-receipts",
  "GET /api/order-receipts-v2",
  "GET /api/extra-order-receipts",
  "GET /api/order-tickets",
  "GET /api/order-vouchers",
  "GET /api/order-content",
  "GET /api/bank-transaction",
  "GET /api/order-download-ticket",
  "POST /api/order-cancel",
  "POST /api/order-create",
  "POST /api/order-create-v2",
  "POST /api/order-create-extra",
  "POST /api/order-create-credit",
  "POST /api/order-create-credit-from-code",
  // Organizer
  "GET /api/organizer-by-slug",
  "GET /api/organizer-event-groups",
  "GET /api/organizers-all",
  // Product
  "GET /api/product-group/{productGroupId}",
  "GET /api/product-group/{productGroupId}/variants",
  "GET /api/variant/{variantId}/values",
  "GET /api/ticket-product/{ticketProductId}/values",
  // Program
  "GET /api/stage/{stageId}/entries",
  "GET /api/entry/{entryId}/bands",
  "GET /api/entry/{entryId}/performers",
  "GET /api/entry/{entryId}/products",
  // Receipt
  "GET /api/receipt-products",
  "GET /api/receipt-vat-table",
  // Reservation
  "POST /api/reservation",
  "DELETE /api/reservation",
  "POST /api/reservation-crowd",
  "POST /api/reservation-seat",
  "GET /api/reservation/sector/{sectorId}",
  "GET /api/reservation/sector/{sectorId}/seats",
  // Ticket
  "GET /api/ticket-types-extra-products",
  "GET /api/content-item-types",
  "GET /api/product-item-types",
  "GET /api/chip-credit-limit",
  "GET /api/extra-products",
  "GET /api/coupon",
  "GET /api/supercoupon",
  "GET /api/supercoupon-with-ticket-types",
  "POST /api/supercoupon-redeem",
  "GET /api/ticket-by-id",
  "GET /api/ticket-items",
  "GET /api/ticket-products",
  "GET /api/ticket-chips",
  "GET /api/ticket-by-code",
  // Second version
  "GET /api/v2/event/id/{eventId}",
  ...[
    "ticket-type",
    "extra-products",
    "event-group",
    "ticket-type/coupon",
    "org-partner",
    "ticket/price-range",
    "quick-stats",
    "reservation/category",
    "venue",
  ].map((p) => `GET /api/v2/event/id/{eventId}/${p}`),
  "GET /api/v2/ticket/qrCode/{qrCode}",
  "GET /api/v2/static-paths/events",
  "GET /api/v2/static-paths/groups",
  "GET /api/v2/static-paths/organizers",
  "GET /api/v2/order/{orderId}/status",
  "GET /api/v2/order/{orderId}/contents",
  "GET /api/v2/group/slug/{eventGroupSlug}",
  "GET /api/v2/group/slug/{eventGroupSlug}/orgPartner",
  "GET /api/v2/group/{eventGroupId}/visible-events",
  "GET /api/v2/{organizerSlug}/{eventSlug}",
  "GET /api/v2/events-by-organizer",
  "POST /api/v2/check-discount-code/{code}",
  "GET /api/v2/ticket/extra-products",
  "GET /api/v2/ticket/groups",
  "GET /api/v2/ticket/type/{ticketTypeId}",
  "GET /api/v2/sector/{sectorId}",
  "POST /api/v2/order-credit-from-code",
  "GET /api/v2/organizer/visible-slugs",
  "GET /api/v2/organizer/slug/{slug}",
  // Root service
  "GET /",
  "GET /health",
  "GET /order/{orderId}/spayd-qr",
  // Web app call
  "GET /api/auth/user",
];

/** Secure calls of spec §6: account data, password change, account data set, account events, account
 * tickets, chips, orders, favorites (band and performer), order-create-extra and order-create-credit. */
const SPEC_SECURE: readonly string[] = [
  "GET /api/account",
  "GET /api/account-by-token",
  "POST /api/account-change-password",
  "POST /api/account-set-data",
  "GET /api/account-events",
  "GET /api/account-tickets",
  "GET /api/account-tickets-by-event",
  "GET /api/account-chips-by-event",
  "GET /api/account-orders",
  "GET /api/band/favorite",
  "POST /api/band/favorite",
  "DELETE /api/band/favorite",
  "GET /api/performer/favorite",
  "POST /api/performer/favorite",
  "DELETE /api/performer/favorite",
  "POST /api/order-create-extra",
  "POST /api/order-create-credit",
];

/** Order-creating and reservation calls that take an Idempotency-Key. */
const SPEC_IDEMPOTENT: readonly string[] = [
  "POST /api/order-create",
  "POST /api/order-create-v2",
  "POST /api/order-create-extra",
  "POST /api/order-create-credit",
  "POST /api/order-create-credit-from-code",
  "POST /api/v2/order-credit-from-code",
  "POST /api/reservation",
  "POST /api/reservation-crowd",
  "POST /api/reservation-seat",
  "POST /api/supercoupon-redeem",
];

const key = (c: CallDef) => `${c.method} ${c.path}`;
const calls = callList();
const jsonCalls = calls.filter((c) => isJsonCall(c));

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("call table", () => {
  it("holds every call of spec §7", () => {
    const present = new Set(calls.map(key));
    const missing = SPEC_CALLS.filter((k) => !present.has(k));
    expect(missing).toEqual([]);
    expect(new Set(SPEC_CALLS).size).toBe(SPEC_CALLS.length);
  });

  it("has unique ids and unique (method, path) pairs, keyed by id in CALLS", () => {
    const ids = calls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(calls.map(key)).size).toBe(calls.length);
    expect(Object.keys(CALLS).sort()).toEqual([...ids].sort());
    for (const c of calls) {
      expect(c.id.split(".")[0], c.id).toMatch(
        c.area === "band" ? /^(band|performer)$/ : new RegExp(`^${c.area}$`),
      );
    }
  });

  it("adds only the storefront's own auth calls, log-out, the log-in code, the payment area and the receipt PDF beyond spec §7", () => {
    const extra = calls.map(key).filter((k) => !SPEC_CALLS.includes(k));
    expect(extra.sort()).toEqual([
      "GET /api/order-receipt-pdf",
      "POST /api/auth/login",
      "POST /api/auth/logout",
      "POST /api/auth/passwordless",
      "POST /api/auth/token",
      "POST /api/bank-notification",
      "POST /api/login-send-access-code",
      "POST /api/logout",
      "POST /api/order-pay",
      "POST /api/payment-callback",
    ]);
    expect(calls.filter((c) => c.area === "payment").map((c) => c.id)).toEqual([
      "payment.start",
      "payment.callback",
      "payment.bankNotification",
    ]);
  });

  it("marks exactly the calls of spec §6 (and logout, which revokes the token sent) as secure", () => {
    expect(
      calls
        .filter((c) => c.secure)
        .map(key)
        .sort(),
    ).toEqual([...SPEC_SECURE, "POST /api/logout"].sort());
  });

  it("marks order creation and reservation calls as idempotent", () => {
    expect(
      calls
        .filter((c) => c.idempotent)
        .map(key)
        .sort(),
    ).toEqual([...SPEC_IDEMPOTENT, "POST /api/order-pay"].sort());
  });

  it("has a params schema key for every path placeholder and vice versa", () => {
    for (const c of calls) {
      const names = pathParamNames(c.path).sort();
      const keys = Object.keys(c.params?.shape ?? {}).sort();
      expect(keys, c.id).toEqual(names);
    }
  });

  it("uses the spec's query names where the spec gives them", () => {
    const queryKeys = (id: keyof typeof CALLS) =>
      Object.keys((CALLS[id] as CallDef).query?.shape ?? {}).sort();
    expect(queryKeys("event.bySlugs")).toEqual(["eventSlug", "organizerSlug"]);
    expect(queryKeys("order.cancel")).toEqual(["orderId"]);
    expect(queryKeys("reservation.delete")).toEqual(["reservationId"]);
    expect(queryKeys("v2.eventCoupon")).toEqual(["code"]);
    expect(CALLS["order.downloadTicket"].produces).toBe("application/pdf");
    expect(CALLS["order.receiptPdf"].produces).toBe("application/pdf");
    expect(CALLS["root.spaydQr"].produces).toMatch(/^image\//);
    expect(CALLS["web.authUser"].response.shape.userAccount).toBeDefined();
  });

  it("declares the v2 catch-all last, after every path it could shadow", () => {
    expect(calls.at(-1)?.id).toBe("v2.eventBySlugs");
    const v2 = calls.filter((c) => c.area === "v2");
    expect(v2.at(-1)?.path).toBe("/api/v2/{organizerSlug}/{eventSlug}");
    expect(RESERVED_ORGANIZER_SLUGS).toEqual(expect.arrayContaining(["static-paths", "organizer", "sector"]));
  });

  it("answers JSON calls with { errorText: 'OK' } envelopes that reject a missing errorText", () => {
    for (const c of jsonCalls) {
      expect(c.response, c.id).toBeInstanceOf(z.ZodMiniObject);
      const shape = (c.response as z.ZodMiniObject).shape;
      const errorText = shape.errorText as z.ZodMiniType;
      expect(errorText.safeParse("OK").success, c.id).toBe(true);
      expect(errorText.safeParse("ERROR_SOLD_OUT").success, c.id).toBe(false);
      const missing = c.response.safeParse({});
      expect(missing.success, c.id).toBe(false);
      expect(
        missing.error?.issues.some((i) => i.path[0] === "errorText"),
        c.id,
      ).toBe(true);
    }
  });

  it("converts every schema to JSON Schema for the OpenAPI document", () => {
    for (const c of calls) {
      for (const schema of [c.params, c.query, c.body, c.response]) {
        if (!schema) continue;
        expect(() => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }), c.id).not.toThrow();
        expect(() => z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }), c.id).not.toThrow();
      }
    }
  });

  it("describes refusals with ERROR_<NAME> bodies", () => {
    expect(
      ErrorBody.safeParse({ errorText: "ERROR_SOLD_OUT", message: "Sold out", type: "sold_out" }).success,
    ).toBe(true);
    expect(ErrorBody.safeParse({ errorText: "SOLD_OUT", message: "x" }).success).toBe(false);
    expect(ErrorBody.safeParse({ errorText: "ERROR_sold_out", message: "x" }).success).toBe(false);
  });
});

const image = { url: "/media/posters/a.svg", width: 800, height: 1200, alt: "Poster" };
const sampleEvent = {
  eventId: U(1),
  organizerSlug: "jazz-praha",
  eventSlug: "jazz-night-2026",
  name: "Jazz Night",
  startsAt: "2026-07-03T19:00:00+02:00",
  endsAt: "2026-07-03T23:00:00+02:00",
  timezone: "Europe/Prague",
  eventTypeId: 1,
  eventKindId: 1,
  eventCategoryIds: [1, 11],
  currencyId: 1,
  salesState: "onSale",
  saleStartsAt: null,
  priceFrom: 49000,
  poster: image,
  venueName: "Lucerna",
  city: "Praha",
  flags: { popular: true, ourSelection: false, special: false },
  visible: true,
  updatedAt: "2026-05-01T10:00:00Z",
  description: "An evening of jazz.",
  doorsAt: "2026-07-03T18:00:00+02:00",
  saleEndsAt: null,
  eventSizeId: 2,
  venue: {
    venueId: U(2),
    name: "Lucerna",
    venueTypeId: 7,
    address: { street: "Vodičkova 36", city: "Praha", postalCode: "110 00", countryId: 1, regionId: 1 },
    geo: { lat: 50.081, lng: 14.425 },
    description: null,
    image: null,
    capacity: 800,
    seated: false,
  },
  gallery: [],
  galleryIds: [],
  eventGroups: [{ eventGroupId: U(3), eventGroupSlug: "summer-jazz", namePub: "Summer Jazz" }],
  organizer: { organizerId: U(4), organizerSlug: "jazz-praha", name: "Jazz Praha" },
  hasProgram: false,
  hasSeatMap: false,
};

describe("entity schemas", () => {
  it("accept a full event page answer and name a bad field", () => {
    const call = CALLS["event.bySlugs"];
    expect(call.response.parse({ errorText: "OK", event: sampleEvent }).event.venue?.geo?.lat).toBe(50.081);
    const bad = call.response.safeParse({ errorText: "OK", event: { ...sampleEvent, startsAt: "3 July" } });
    expect(bad.error?.issues[0]?.path).toEqual(["event", "startsAt"]);
    expect(Event.safeParse({ ...sampleEvent, currencyId: 7 }).success).toBe(false);
    expect(Event.safeParse({ ...sampleEvent, currencyId: 1001 }).success).toBe(true);
  });
});

const buyer = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana@example.cz",
  phone: "+420777123456",
  countryId: 1,
};
const orderBody = {
  eventId: U(1),
  items: [{ ticketTypeId: U(10), count: 2 }],
  extraProducts: [{ ticketProductId: U(20), variantValueId: U(21), count: 1 }],
  chips: [{ productItemId: U(30), amount: 50000 }],
  buyer,
  billingInfo: {
    countryId: 1,
    city: "Praha",
    address: "Dlouhá 12",
    postalCode: "11000",
    vatId: "CZ12345678",
  },
  paymentMethodId: 1,
  couponCode: "JAZZ10",
  language: "cs",
  trackingConsent: true,
};

describe("order bodies", () => {
  it("accept a complete order-create body", () => {
    const parsed = OrderCreateBody.parse(orderBody);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.chips[0]?.amount).toBe(50000);
  });

  it("accept a reservation instead of items and default the lists", () => {
    const parsed = OrderCreateBody.parse({
      eventId: U(1),
      reservationId: U(5),
      buyer,
      paymentMethodId: 2,
      language: "en",
    });
    expect(parsed.items).toEqual([]);
    expect(parsed.extraProducts).toEqual([]);
  });

  it.each([
    ["an order with nothing in it", { ...orderBody, items: [], extraProducts: [], chips: [] }, "items"],
    ["a bad e-mail", { ...orderBody, buyer: { ...buyer, email: "jana@" } }, "buyer.email"],
    ["a phone with spaces", { ...orderBody, buyer: { ...buyer, phone: "777 123 456" } }, "buyer.phone"],
    ["an unknown country", { ...orderBody, buyer: { ...buyer, countryId: 34 } }, "buyer.countryId"],
    ["a zero count", { ...orderBody, items: [{ ticketTypeId: U(10), count: 0 }] }, "items.0.count"],
    ["a fractional count", { ...orderBody, items: [{ ticketTypeId: U(10), count: 1.5 }] }, "items.0.count"],
    [
      "a repeated ticket type",
      {
        ...orderBody,
        items: [
          { ticketTypeId: U(10), count: 1 },
          { ticketTypeId: U(10), count: 1 },
        ],
      },
      "items",
    ],
    ["an unsupported language", { ...orderBody, language: "fr" }, "language"],
    [
      "a fractional chip amount",
      { ...orderBody, chips: [{ productItemId: U(30), amount: 10.5 }] },
      "chips.0.amount",
    ],
  ])("refuse %s", (_, body, path) => {
    const result = OrderCreateBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("accept seats in order-create-v2 and refuse a repeated seat", () => {
    const seat = { sectorId: U(40), seatId: U(41) };
    expect(OrderCreateV2Body.parse({ ...orderBody, items: [], seats: [seat] }).seats).toHaveLength(1);
    const twice = OrderCreateV2Body.safeParse({ ...orderBody, seats: [seat, seat] });
    expect(twice.error?.issues[0]?.path).toEqual(["seats"]);
  });
});

describe("reservation bodies", () => {
  it("accept standing items, crowd places and seats", () => {
    expect(
      ReservationBody.safeParse({ eventId: U(1), items: [{ ticketTypeId: U(10), count: 3 }] }).success,
    ).toBe(true);
    expect(
      ReservationCrowdBody.safeParse({ eventId: U(1), sectorId: U(40), ticketTypeId: U(10), count: 4 })
        .success,
    ).toBe(true);
    expect(
      ReservationSeatBody.safeParse({ eventId: U(1), sectorId: U(40), seatIds: [U(41), U(42)] }).success,
    ).toBe(true);
  });

  it("let an existing hold be emptied but refuse to create an empty one", () => {
    expect(ReservationBody.safeParse({ eventId: U(1), reservationId: U(5), items: [] }).success).toBe(true);
    const empty = ReservationBody.safeParse({ eventId: U(1), items: [] });
    expect(empty.error?.issues[0]?.path).toEqual(["items"]);
    const noSeats = ReservationSeatBody.safeParse({ eventId: U(1), sectorId: U(40), seatIds: [] });
    expect(noSeats.error?.issues[0]?.path).toEqual(["seatIds"]);
  });

  it("refuse bad ids, negative counts and repeated seats", () => {
    expect(
      ReservationBody.safeParse({ eventId: "x", items: [{ ticketTypeId: U(10), count: 1 }] }).success,
    ).toBe(false);
    expect(
      ReservationCrowdBody.safeParse({ eventId: U(1), sectorId: U(40), ticketTypeId: U(10), count: -1 })
        .success,
    ).toBe(false);
    const twice = ReservationSeatBody.safeParse({ eventId: U(1), sectorId: U(40), seatIds: [U(41), U(41)] });
    expect(twice.error?.issues.map((i) => i.message)).toContain("Seats repeat");
  });
});

const L = (text: string) => ({ cs: text, en: text, de: text, sk: text });

function minimalCatalog(): CatalogInput {
  return {
    version: 1,
    organizers: [{ organizerId: U(100), organizerSlug: "jazz-praha", name: L("Jazz Praha"), countryId: 1 }],
    venues: [
      {
        venueId: U(200),
        name: L("Lucerna"),
        venueTypeId: 7,
        address: {
          street: "Vodičkova 36",
          city: { cs: "Praha", en: "Prague", de: "Prag", sk: "Praha" },
          postalCode: "11000",
          countryId: 1,
        },
        sectors: [
          { sectorId: U(210), name: L("Parter"), kind: "seated", seatGrid: { rows: 2, seatsPerRow: 3 } },
          { sectorId: U(220), name: L("Stání"), kind: "standing", capacity: 300 },
        ],
      },
    ],
    events: [
      {
        eventId: U(300),
        organizerId: U(100),
        eventSlug: "jazz-night",
        venueId: U(200),
        name: L("Jazz Night"),
        description: L("An evening of jazz."),
        startsAt: "2026-07-03T19:00:00+02:00",
        endsAt: "2026-07-03T23:00:00+02:00",
        eventTypeId: 1,
        paymentMethods: [{ paymentMethodId: 1 }, { paymentMethodId: 2, feeAmount: 2000 }],
      },
    ],
    ticketTypes: [
      {
        ticketTypeId: U(400),
        eventId: U(300),
        namePub: L("Standing"),
        price: 49000,
        capacity: 300,
        sectorId: U(220),
      },
    ],
    coupons: [
      {
        couponId: U(500),
        eventId: U(300),
        code: "JAZZ10",
        kind: "percent",
        value: 10,
        ticketTypeIds: [U(400)],
      },
    ],
  };
}

describe("catalog import format", () => {
  it("accepts a minimal catalog and applies defaults", () => {
    const catalog = parseCatalog(minimalCatalog());
    expect(catalog.events[0]?.timezone).toBe("Europe/Prague");
    expect(catalog.events[0]?.flags).toEqual({ popular: false, ourSelection: false, special: false });
    expect(catalog.ticketTypes[0]?.maxPerOrder).toBe(10);
    expect(catalog.bands).toEqual([]);
  });

  it("reports a broken reference with the path of the bad field", () => {
    const input = minimalCatalog();
    const event = input.events?.[0];
    if (!event) throw new Error("fixture");
    event.organizerId = U(999);
    expect(() => parseCatalog(input)).toThrow(CatalogError);
    try {
      parseCatalog(input);
    } catch (err) {
      expect(err).toBeInstanceOf(CatalogError);
      const catalogError = err as CatalogError;
      expect(catalogError.issues).toEqual([
        { path: "events.0.organizerId", message: `Unknown organizer ${U(999)}` },
      ]);
      expect(catalogError.message).toContain(`events.0.organizerId: Unknown organizer ${U(999)}`);
    }
  });

  it("reports a missing translation, a sector outside the venue and a reserved slug", () => {
    const input = minimalCatalog();
    const [organizer] = input.organizers ?? [];
    const [ticketType] = input.ticketTypes ?? [];
    if (!organizer || !ticketType) throw new Error("fixture");
    organizer.name = { cs: "Jazz", en: "Jazz", de: "", sk: "Jazz" };
    expect(() => parseCatalog(input)).toThrow(/organizers\.0\.name\.de: Must not be empty/);

    organizer.name = L("Jazz");
    organizer.organizerSlug = "static-paths";
    input.venues?.push({
      venueId: U(201),
      name: L("Other"),
      venueTypeId: 1,
      address: { street: "X 1", city: L("Brno"), postalCode: "60200", countryId: 1 },
      sectors: [{ sectorId: U(230), name: L("A"), kind: "standing", capacity: 10 }],
    });
    ticketType.sectorId = U(230);
    const paths = (() => {
      try {
        parseCatalog(input);
        return [];
      } catch (err) {
        return (err as CatalogError).issues.map((i) => i.path);
      }
    })();
    expect(paths).toEqual(expect.arrayContaining(["organizers.0.organizerSlug", "ticketTypes.0.sectorId"]));
  });

  it("reports duplicate ids, a percent over 100 and a seated sector without seats", () => {
    const input = minimalCatalog();
    const [coupon] = input.coupons ?? [];
    if (!coupon) throw new Error("fixture");
    coupon.couponId = U(400);
    coupon.value = 150;
    expect(() => parseCatalog(input)).toThrow(/coupons\.0\.couponId: Duplicate id/);
    expect(() => parseCatalog(input)).toThrow(/coupons\.0\.value: A percentage must be 1–100/);

    const seated = minimalCatalog();
    const sector = seated.venues?.[0]?.sectors?.[0];
    if (!sector) throw new Error("fixture");
    delete sector.seatGrid;
    expect(() => parseCatalog(seated)).toThrow(
      /venues\.0\.sectors\.0\.seats: A seated sector needs either seats or a seatGrid/,
    );
  });

  it("generates seat positions from a seat grid", () => {
    const seats = gridSeats({
      rows: 28,
      seatsPerRow: 2,
      rowLabels: "letters",
      originX: 10,
      originY: 5,
      spacingX: 2,
      spacingY: 3,
    });
    expect(seats).toHaveLength(56);
    expect(seats[0]).toEqual({ row: "A", number: 1, x: 10, y: 5 });
    expect(seats[3]).toEqual({ row: "B", number: 2, x: 12, y: 8 });
    expect(seats.at(-1)?.row).toBe("AB");
  });
});
