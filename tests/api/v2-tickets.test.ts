/**
 * Second-version ticket reads against the demo catalog: an event's ticket types, extra products, coupon and
 * seat categories; discount-code checks; ticket types, groups and sectors by id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { v2Calls } from "../../src/contract/v2.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { stableId } from "../../src/pass-service/catalog/ids.ts";
import { type Catalog, gridSeats, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { byOrder, expectedProducts, expectedTicketTypes, must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));
const DAY = 86_400_000;

type CatalogEvent = Catalog["events"][number];
type CatalogDiscount = Catalog["discountCodes"][number];

const expectedTicketTypesOf = (eventId: string) => expectedTicketTypes(catalog, eventId);
const productsOf = (eventId: string) => expectedProducts(catalog, eventId);
const groupsOf = (eventId: string) =>
  catalog.ticketTypeGroups.filter((g) => g.eventId === eventId).sort(byOrder((g) => g.ticketTypeGroupId));

/** The event with ticket type groups and product groups, and the most ticket types. */
const event: CatalogEvent = must(
  [...catalog.events]
    .filter((e) => groupsOf(e.eventId).length > 0)
    .sort(
      (a, b) =>
        Number(catalog.productGroups.some((g) => g.eventId === b.eventId)) -
          Number(catalog.productGroups.some((g) => g.eventId === a.eventId)) ||
        expectedTicketTypesOf(b.eventId).length - expectedTicketTypesOf(a.eventId).length,
    )[0],
  "event with ticket type groups",
);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

describe("v2.eventTicketTypes", () => {
  it("lists ticket types in group order with their groups", async () => {
    const res = await svc.request(`/api/v2/event/id/${event.eventId}/ticket-type`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = v2Calls.eventTicketTypes.response.parse(res.body);
    const types = expectedTicketTypesOf(event.eventId);
    expect(body.ticketTypes.map((t) => [t.ticketTypeId, t.namePub, t.price, t.available])).toEqual(
      types.map((t) => [t.ticketTypeId, t.namePub.en, t.price, t.capacity]),
    );
    expect(body.ticketTypeGroups.map((g) => [g.ticketTypeGroupId, g.namePub])).toEqual(
      groupsOf(event.eventId).map((g) => [g.ticketTypeGroupId, g.namePub.en]),
    );
  });

  it("answers texts in the requested language", async () => {
    const cs = await svc.request(`/api/v2/event/id/${event.eventId}/ticket-type`, { lang: "cs" });
    const first = must(expectedTicketTypesOf(event.eventId)[0], "ticket type");
    expect(cs.body.ticketTypes[0].namePub).toBe(first.namePub.cs);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/v2/event/id/${UNKNOWN_ID}/ticket-type`)).status).toBe(404);
    expect((await svc.request("/api/v2/event/id/abc/ticket-type")).status).toBe(400);
  });
});

describe("v2.eventExtraProducts", () => {
  it("lists extra products, product groups and chip top-ups", async () => {
    const res = await svc.request(`/api/v2/event/id/${event.eventId}/extra-products`, { lang: "sk" });
    expect(res.status).toBe(200);
    const body = v2Calls.eventExtraProducts.response.parse(res.body);
    expect(body.extraProducts.map((p) => [p.ticketProductId, p.name])).toEqual(
      productsOf(event.eventId).map((p) => [p.ticketProductId, p.name.sk]),
    );
    const groups = catalog.productGroups
      .filter((g) => g.eventId === event.eventId)
      .sort(byOrder((g) => g.productGroupId));
    expect(groups.length).toBeGreaterThan(0);
    expect(body.productGroups.map((g) => [g.productGroupId, g.name, g.ticketProductIds])).toEqual(
      groups.map((g) => [
        g.productGroupId,
        g.name.sk,
        productsOf(event.eventId)
          .filter((p) => p.productGroupId === g.productGroupId)
          .map((p) => p.ticketProductId),
      ]),
    );
    expect(body.chipProducts.map((c) => c.productItemId)).toEqual(
      catalog.chipProducts
        .filter((c) => c.eventId === event.eventId)
        .sort(byOrder((c) => c.productItemId))
        .map((c) => c.productItemId),
    );
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/v2/event/id/${UNKNOWN_ID}/extra-products`)).status).toBe(404);
    expect((await svc.request("/api/v2/event/id/x1/extra-products")).status).toBe(400);
  });
});

describe("v2.eventCoupon", () => {
  const coupon = must(
    catalog.coupons.find(
      (c) =>
        (!c.validFrom || Date.parse(c.validFrom) <= Date.now()) &&
        (!c.validTo || Date.parse(c.validTo) > Date.now()),
    ),
    "coupon usable now",
  );
  const path = (eventId: string, code: string) =>
    `/api/v2/event/id/${eventId}/ticket-type/coupon?code=${encodeURIComponent(code)}`;

  it("checks a coupon and lists the ticket types it applies to", async () => {
    const res = await svc.request(path(coupon.eventId, coupon.code.toLowerCase()), { lang: "en" });
    expect(res.status).toBe(200);
    const body = v2Calls.eventCoupon.response.parse(res.body);
    expect(body.coupon).toMatchObject({
      code: coupon.code,
      valid: true,
      kind: coupon.kind,
      value: coupon.value,
    });
    const covered = expectedTicketTypesOf(coupon.eventId).filter(
      (t) => coupon.ticketTypeIds.length === 0 || coupon.ticketTypeIds.includes(t.ticketTypeId),
    );
    expect(body.ticketTypes.map((t) => [t.ticketTypeId, t.namePub])).toEqual(
      covered.map((t) => [t.ticketTypeId, t.namePub.en]),
    );
  });

  it("lists no ticket types for an unknown or expired code", async () => {
    const unknown = v2Calls.eventCoupon.response.parse(
      (await svc.request(path(coupon.eventId, "ZZZ-NONE"))).body,
    );
    expect(unknown.coupon).toMatchObject({ valid: false, reason: "notFound" });
    expect(unknown.ticketTypes).toEqual([]);
    const ending = catalog.coupons.find((c) => c.validTo !== undefined);
    if (ending) {
      svc.clock.offsetMs = Date.parse(ending.validTo as string) - Date.now() + DAY;
      const late = v2Calls.eventCoupon.response.parse(
        (await svc.request(path(ending.eventId, ending.code))).body,
      );
      expect(late.coupon).toMatchObject({ valid: false, reason: "expired" });
      expect(late.ticketTypes).toEqual([]);
    }
  });

  it("answers 404 for an unknown event and 400 for a malformed request", async () => {
    expect((await svc.request(path(UNKNOWN_ID, coupon.code))).status).toBe(404);
    expect((await svc.request(path("nope", coupon.code))).status).toBe(400);
    expect((await svc.request(`/api/v2/event/id/${coupon.eventId}/ticket-type/coupon`)).status).toBe(400);
  });
});

describe("v2.eventReservationCategories", () => {
  const categoryEvent = must(
    catalog.events.find((e) => catalog.reservationCategories.some((r) => r.eventId === e.eventId)),
    "event with reservation categories",
  );

  it("lists the seat price categories with their ticket type's price", async () => {
    const res = await svc.request(`/api/v2/event/id/${categoryEvent.eventId}/reservation/category`, {
      lang: "cs",
    });
    expect(res.status).toBe(200);
    const { reservationCategories } = v2Calls.eventReservationCategories.response.parse(res.body);
    const expected = catalog.reservationCategories
      .filter((r) => r.eventId === categoryEvent.eventId)
      .sort(byOrder((r) => r.reservationCategoryId));
    expect(reservationCategories).toEqual(
      expected.map((r) => ({
        reservationCategoryId: r.reservationCategoryId,
        eventId: r.eventId,
        name: r.name.cs,
        color: r.color,
        ticketTypeId: r.ticketTypeId ?? null,
        price: catalog.ticketTypes.find((t) => t.ticketTypeId === r.ticketTypeId)?.price ?? null,
        currencyId: categoryEvent.currencyId,
        displayOrder: r.displayOrder,
      })),
    );
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/v2/event/id/${UNKNOWN_ID}/reservation/category`)).status).toBe(404);
    expect((await svc.request("/api/v2/event/id/7/reservation/category")).status).toBe(400);
  });
});

describe("v2.checkDiscountCode", () => {
  const usable = (d: CatalogDiscount) =>
    (!d.validFrom || Date.parse(d.validFrom) <= Date.now()) &&
    (!d.validTo || Date.parse(d.validTo) > Date.now());
  const eventsOf = (d: CatalogDiscount) =>
    catalog.events.filter(
      (e) =>
        e.organizerId === d.organizerId &&
        (d.eventIds.length === 0 || d.eventIds.includes(e.eventId)) &&
        expectedTicketTypesOf(e.eventId).some(
          (t) => d.ticketTypeIds.length === 0 || d.ticketTypeIds.includes(t.ticketTypeId),
        ),
    );
  const discount = must(
    catalog.discountCodes.find((d) => usable(d) && eventsOf(d).length > 0),
    "discount code usable now",
  );
  const target = must(eventsOf(discount)[0], "event of the discount code");
  const ticketType = must(
    expectedTicketTypesOf(target.eventId).find(
      (t) => discount.ticketTypeIds.length === 0 || discount.ticketTypeIds.includes(t.ticketTypeId),
    ),
    "ticket type the discount code applies to",
  );
  const check = (code: string, body: unknown) =>
    svc.request(`/api/v2/check-discount-code/${encodeURIComponent(code)}`, { method: "POST", json: body });

  it("checks a code for an event without a cart", async () => {
    const res = await check(` ${discount.code.toLowerCase()} `, { eventId: target.eventId });
    expect(res.status).toBe(200);
    const body = v2Calls.checkDiscountCode.response.parse(res.body);
    expect(body.discount).toMatchObject({
      code: discount.code,
      valid: true,
      reason: null,
      kind: discount.kind,
      value: discount.value,
      currencyId: discount.kind === "fixed" ? target.currencyId : null,
      ticketTypeIds: discount.ticketTypeIds,
      ticketProductIds: discount.ticketProductIds,
      discountAmount: null,
    });
  });

  it("computes the discount on the cart sent", async () => {
    const res = await check(discount.code, {
      eventId: target.eventId,
      items: [{ ticketTypeId: ticketType.ticketTypeId, count: 2 }],
    });
    expect(res.status).toBe(200);
    const body = v2Calls.checkDiscountCode.response.parse(res.body);
    const base = ticketType.price * 2;
    const expected =
      discount.kind === "percent"
        ? Math.min(base, Math.round((base * discount.value) / 100))
        : Math.min(base, discount.value);
    expect(body.discount.valid).toBe(expected > 0);
    expect(body.discount.discountAmount).toBe(expected);
  });

  it("refuses a cart it discounts nothing of with notApplicable", async () => {
    const product = productsOf(target.eventId).find(
      (p) => !discount.ticketProductIds.includes(p.ticketProductId),
    );
    if (!product) return;
    const res = await check(discount.code, {
      eventId: target.eventId,
      extraProducts: [{ ticketProductId: product.ticketProductId, count: 1 }],
    });
    expect(res.status).toBe(200);
    expect(v2Calls.checkDiscountCode.response.parse(res.body).discount).toMatchObject({
      valid: false,
      reason: "notApplicable",
      discountAmount: 0,
    });
  });

  it("refuses an unknown code, another organizer's event and an expired code", async () => {
    const unknown = await check("NOPE-123", { eventId: target.eventId });
    expect(v2Calls.checkDiscountCode.response.parse(unknown.body).discount).toMatchObject({
      valid: false,
      reason: "notFound",
    });
    const foreign = catalog.events.find((e) => e.organizerId !== discount.organizerId);
    if (foreign) {
      const res = await check(discount.code, { eventId: foreign.eventId });
      expect(v2Calls.checkDiscountCode.response.parse(res.body).discount.valid).toBe(false);
    }
    const ending = catalog.discountCodes.find((d) => d.validTo !== undefined);
    if (ending) {
      const at = must(
        catalog.events.find(
          (e) =>
            e.organizerId === ending.organizerId &&
            (ending.eventIds.length === 0 || ending.eventIds.includes(e.eventId)),
        ),
        "event of the discount code",
      );
      svc.clock.offsetMs = Date.parse(ending.validTo as string) - Date.now() + DAY;
      const late = await check(ending.code, { eventId: at.eventId });
      expect(v2Calls.checkDiscountCode.response.parse(late.body).discount).toMatchObject({
        valid: false,
        reason: "expired",
      });
    }
  });

  it("answers 404 for an unknown event or item and 400 for a malformed body", async () => {
    expect((await check(discount.code, { eventId: UNKNOWN_ID })).status).toBe(404);
    const item = await check(discount.code, {
      eventId: target.eventId,
      items: [{ ticketTypeId: UNKNOWN_ID, count: 1 }],
    });
    expect(item.status).toBe(404);
    expect((await check(discount.code, {})).status).toBe(400);
    expect((await check(discount.code, { eventId: "x" })).status).toBe(400);
    expect(
      (
        await check(discount.code, {
          eventId: target.eventId,
          items: [{ ticketTypeId: ticketType.ticketTypeId, count: 0 }],
        })
      ).status,
    ).toBe(400);
  });
});

describe("v2.ticketExtraProducts and v2.ticketGroups", () => {
  it("lists the event's extra products", async () => {
    const res = await svc.request(`/api/v2/ticket/extra-products?eventId=${event.eventId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = v2Calls.ticketExtraProducts.response.parse(res.body);
    expect(body.extraProducts.map((p) => [p.ticketProductId, p.name, p.available])).toEqual(
      productsOf(event.eventId).map((p) => [p.ticketProductId, p.name.en, p.capacity]),
    );
  });

  it("lists the event's ticket type groups in the requested language", async () => {
    const [cs, en] = await Promise.all([
      svc.request(`/api/v2/ticket/groups?eventId=${event.eventId}`, { lang: "cs" }),
      svc.request(`/api/v2/ticket/groups?eventId=${event.eventId}`, { lang: "en" }),
    ]);
    expect(cs.status).toBe(200);
    const groups = groupsOf(event.eventId);
    expect(v2Calls.ticketGroups.response.parse(cs.body).ticketTypeGroups.map((g) => g.namePub)).toEqual(
      groups.map((g) => g.namePub.cs),
    );
    expect(v2Calls.ticketGroups.response.parse(en.body).ticketTypeGroups.map((g) => g.namePub)).toEqual(
      groups.map((g) => g.namePub.en),
    );
  });

  it("answer 404 for an unknown event and 400 for a malformed id", async () => {
    for (const path of ["/api/v2/ticket/extra-products", "/api/v2/ticket/groups"]) {
      expect((await svc.request(`${path}?eventId=${UNKNOWN_ID}`)).status).toBe(404);
      expect((await svc.request(`${path}?eventId=zz`)).status).toBe(400);
    }
  });
});

describe("v2.ticketType", () => {
  it("answers one ticket type with its group", async () => {
    const want = must(
      catalog.ticketTypes.find((t) => t.ticketTypeGroupId !== undefined),
      "grouped ticket type",
    );
    const res = await svc.request(`/api/v2/ticket/type/${want.ticketTypeId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const { ticketType } = v2Calls.ticketType.response.parse(res.body);
    const group = must(
      catalog.ticketTypeGroups.find((g) => g.ticketTypeGroupId === want.ticketTypeGroupId),
      "group",
    );
    expect(ticketType).toMatchObject({
      ticketTypeId: want.ticketTypeId,
      eventId: want.eventId,
      namePub: want.namePub.en,
      price: want.price,
      capacity: want.capacity,
      available: want.capacity,
      minPerOrder: want.minPerOrder,
      maxPerOrder: want.maxPerOrder,
      itemTypeId: want.itemTypeId,
      sectorId: want.sectorId ?? null,
      ticketTypeGroup: { ticketTypeGroupId: group.ticketTypeGroupId, namePub: group.namePub.en },
    });
  });

  it("answers 404 for an unknown ticket type and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/v2/ticket/type/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/v2/ticket/type/vip")).status).toBe(400);
  });
});

describe("v2.sector", () => {
  const seated = must(
    catalog.events
      .flatMap((e) =>
        (catalog.venues.find((v) => v.venueId === e.venueId)?.sectors ?? []).map((s) => ({
          event: e,
          sector: s,
        })),
      )
      .find(({ sector }) => sector.kind === "seated"),
    "seated sector",
  );

  it("answers a sector with its seats, all free", async () => {
    const { event: e, sector } = seated;
    const res = await svc.request(`/api/v2/sector/${sector.sectorId}?eventId=${e.eventId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = v2Calls.sector.response.parse(res.body);
    const seatIds =
      sector.seats?.map((s) => s.seatId) ??
      (sector.seatGrid ? gridSeats(sector.seatGrid) : []).map((s) =>
        stableId("seat", sector.sectorId, s.row, String(s.number)),
      );
    expect(body.sector).toMatchObject({
      sectorId: sector.sectorId,
      eventId: e.eventId,
      name: sector.name.en,
      kind: "seated",
      capacity: seatIds.length,
    });
    expect(body.sector.seats.map((s) => s.seatId).sort()).toEqual([...seatIds].sort());
    expect(body.sector.seats.every((s) => s.state === "free")).toBe(true);
  });

  it("answers 404 for an unknown sector or event and 400 for a malformed id", async () => {
    const { event: e, sector } = seated;
    expect((await svc.request(`/api/v2/sector/${UNKNOWN_ID}?eventId=${e.eventId}`)).status).toBe(404);
    expect((await svc.request(`/api/v2/sector/${sector.sectorId}?eventId=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request(`/api/v2/sector/bad?eventId=${e.eventId}`)).status).toBe(400);
    expect((await svc.request(`/api/v2/sector/${sector.sectorId}`)).status).toBe(400);
  });
});
