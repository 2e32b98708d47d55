/** Ticket-area reads against the demo catalog: what an event sells, item types, chip limits, coupon checks. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ticketCalls } from "../../src/contract/ticket.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { byOrder, expectedProducts, expectedTicketTypes, must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));
const DAY = 86_400_000;

type CatalogEvent = Catalog["events"][number];
type CatalogTicketType = Catalog["ticketTypes"][number];
type CatalogCoupon = Catalog["coupons"][number];

const expectedTicketTypesOf = (eventId: string) => expectedTicketTypes(catalog, eventId);
const productsOf = (eventId: string) => expectedProducts(catalog, eventId);

/** The event selling the most: ticket types in several groups and extra products with variants. */
const event: CatalogEvent = must(
  [...catalog.events]
    .filter((e) => catalog.ticketTypeGroups.some((g) => g.eventId === e.eventId))
    .sort(
      (a, b) =>
        Number(productsOf(b.eventId).some((p) => p.variants.length > 0)) -
          Number(productsOf(a.eventId).some((p) => p.variants.length > 0)) ||
        expectedTicketTypesOf(b.eventId).length - expectedTicketTypesOf(a.eventId).length,
    )[0],
  "event with ticket type groups",
);

/**
 * An instant of an answer is the catalog's one: the demo's dates are relative to when it was built, and the
 * service built its copy a moment before this file did.
 */
function expectSameInstant(actual: string | null, expected: string | undefined): void {
  if (expected === undefined) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs(Date.parse(actual ?? "") - Date.parse(expected))).toBeLessThan(120_000);
}

/** Whether a coupon can be used at `now` (nothing is redeemed in a fresh service). */
const usable = (c: CatalogCoupon, now: Date) =>
  (!c.validFrom || Date.parse(c.validFrom) <= now.getTime()) &&
  (!c.validTo || Date.parse(c.validTo) > now.getTime()) &&
  (c.maxUses === undefined || c.maxUses > 0);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

describe("ticket.typesExtraProducts", () => {
  it("lists the event's ticket types in group order, with groups, extra products and chip top-ups", async () => {
    const res = await svc.request(`/api/ticket-types-extra-products?eventId=${event.eventId}`, {
      lang: "en",
    });
    expect(res.status).toBe(200);
    const body = ticketCalls.typesExtraProducts.response.parse(res.body);

    const types = expectedTicketTypesOf(event.eventId);
    expect(types.length).toBeGreaterThan(1);
    expect(body.ticketTypes.map((t) => t.ticketTypeId)).toEqual(types.map((t) => t.ticketTypeId));
    body.ticketTypes.forEach((t, i) => {
      const want = types[i] as CatalogTicketType;
      expect(t.namePub).toBe(want.namePub.en);
      expect(t.price).toBe(want.price);
      expect(t.eventId).toBe(event.eventId);
      expect(t.currencyId).toBe(event.currencyId);
      expect(t.capacity).toBe(want.capacity);
      expect(t.available).toBe(want.capacity);
      expect(t.soldOut).toBe(want.capacity === 0);
      expect(t.ticketTypeGroup?.ticketTypeGroupId ?? null).toBe(want.ticketTypeGroupId ?? null);
      expectSameInstant(t.salesFrom, want.salesFrom);
      expectSameInstant(t.salesTo, want.salesTo);
    });

    const groups = catalog.ticketTypeGroups
      .filter((g) => g.eventId === event.eventId)
      .sort(byOrder((g) => g.ticketTypeGroupId));
    expect(body.ticketTypeGroups.map((g) => [g.ticketTypeGroupId, g.namePub])).toEqual(
      groups.map((g) => [g.ticketTypeGroupId, g.namePub.en]),
    );

    const products = productsOf(event.eventId);
    expect(body.extraProducts.map((p) => [p.ticketProductId, p.name])).toEqual(
      products.map((p) => [p.ticketProductId, p.name.en]),
    );
    const chips = catalog.chipProducts
      .filter((c) => c.eventId === event.eventId)
      .sort(byOrder((c) => c.productItemId));
    expect(body.chipProducts.map((c) => [c.productItemId, c.name, c.amount, c.price])).toEqual(
      chips.map((c) => [c.productItemId, c.name.en, c.amount, c.price]),
    );
  });

  it("answers texts in the requested language", async () => {
    const path = `/api/ticket-types-extra-products?eventId=${event.eventId}`;
    const [cs, en] = await Promise.all([
      svc.request(path, { lang: "cs" }),
      svc.request(path, { lang: "en" }),
    ]);
    const first = must(expectedTicketTypesOf(event.eventId)[0], "ticket type");
    expect(cs.body.ticketTypes[0].namePub).toBe(first.namePub.cs);
    expect(en.body.ticketTypes[0].namePub).toBe(first.namePub.en);
    expect(first.namePub.cs).not.toBe(first.namePub.en);
  });

  it("still lists a ticket type outside its sales window, with the window", async () => {
    const later = catalog.ticketTypes.find((t) => t.salesTo !== undefined || t.salesFrom !== undefined);
    const typeWithWindow = must(later, "ticket type with a sales window");
    // Move past every window so the type is outside its own.
    svc.clock.offsetMs = 5 * 365 * DAY;
    const res = await svc.request(`/api/ticket-types-extra-products?eventId=${typeWithWindow.eventId}`);
    expect(res.status).toBe(200);
    const listed = ticketCalls.typesExtraProducts.response
      .parse(res.body)
      .ticketTypes.find((t) => t.ticketTypeId === typeWithWindow.ticketTypeId);
    expect(listed).toBeDefined();
    expectSameInstant(listed?.salesFrom ?? null, typeWithWindow.salesFrom);
    expectSameInstant(listed?.salesTo ?? null, typeWithWindow.salesTo);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    const missing = await svc.request(`/api/ticket-types-extra-products?eventId=${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
    const malformed = await svc.request("/api/ticket-types-extra-products?eventId=not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorText).toBe("ERROR_VALIDATION");
  });
});

/** Counts per item type, ascending by item type. */
function countsOf(rows: { itemTypeId: number }[]): { itemTypeId: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.itemTypeId, (counts.get(r.itemTypeId) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([itemTypeId, count]) => ({ itemTypeId, count }));
}

describe("ticket.contentItemTypes and ticket.productItemTypes", () => {
  it("count the event's ticket types per item type", async () => {
    const res = await svc.request(`/api/content-item-types?eventId=${event.eventId}`);
    expect(res.status).toBe(200);
    const body = ticketCalls.contentItemTypes.response.parse(res.body);
    expect(body.itemTypes).toEqual(countsOf(catalog.ticketTypes.filter((t) => t.eventId === event.eventId)));
  });

  it("count the event's extra products per item type", async () => {
    const res = await svc.request(`/api/product-item-types?eventId=${event.eventId}`);
    expect(res.status).toBe(200);
    const body = ticketCalls.productItemTypes.response.parse(res.body);
    expect(body.itemTypes).toEqual(countsOf(productsOf(event.eventId)));
    expect(body.itemTypes.length).toBeGreaterThan(0);
  });

  it("answer 404 for an unknown event and 400 for a malformed id", async () => {
    for (const path of ["/api/content-item-types", "/api/product-item-types"]) {
      expect((await svc.request(`${path}?eventId=${UNKNOWN_ID}`)).status).toBe(404);
      expect((await svc.request(`${path}?eventId=123`)).status).toBe(400);
      expect((await svc.request(path)).status).toBe(400);
    }
  });
});

describe("ticket.chipCreditLimit", () => {
  it("gives the limits of an event with free-amount top-ups", async () => {
    const withLimit = must(
      catalog.events.find((e) => e.chipCreditLimit),
      "event with a chip credit limit",
    );
    const res = await svc.request(`/api/chip-credit-limit?eventId=${withLimit.eventId}`);
    expect(res.status).toBe(200);
    const body = ticketCalls.chipCreditLimit.response.parse(res.body);
    expect(body.chipCreditLimit).toEqual({
      eventId: withLimit.eventId,
      ...withLimit.chipCreditLimit,
      currencyId: withLimit.currencyId,
    });
  });

  it("is null for an event without them", async () => {
    const without = must(
      catalog.events.find((e) => !e.chipCreditLimit),
      "event without a chip credit limit",
    );
    const res = await svc.request(`/api/chip-credit-limit?eventId=${without.eventId}`);
    expect(res.status).toBe(200);
    expect(ticketCalls.chipCreditLimit.response.parse(res.body).chipCreditLimit).toBeNull();
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/chip-credit-limit?eventId=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/chip-credit-limit?eventId=x")).status).toBe(400);
  });
});

describe("ticket.extraProducts", () => {
  it("lists extra products with variants, values, chips and availability", async () => {
    const res = await svc.request(`/api/extra-products?eventId=${event.eventId}`, { lang: "de" });
    expect(res.status).toBe(200);
    const body = ticketCalls.extraProducts.response.parse(res.body);
    const products = productsOf(event.eventId);
    expect(body.extraProducts).toHaveLength(products.length);
    for (const [i, product] of body.extraProducts.entries()) {
      const want = must(products[i], "product");
      expect(product.ticketProductId).toBe(want.ticketProductId);
      expect(product.name).toBe(want.name.de);
      expect(product.price).toBe(want.price);
      expect(product.currencyId).toBe(event.currencyId);
      expect(product.productGroupId).toBe(want.productGroupId ?? null);
      expect(product.available).toBe(want.capacity);
      expect(product.soldOut).toBe(want.capacity === 0);
      expect(product.chips).toEqual(want.chips);
      expect(product.image === null).toBe(want.image === undefined);
      const variants = [...want.variants].sort(byOrder((v) => v.variantId));
      expect(product.variants.map((v) => v.variantId)).toEqual(variants.map((v) => v.variantId));
      product.variants.forEach((v, k) => {
        const wantVariant = must(variants[k], "variant");
        expect(v.name).toBe(wantVariant.name.de);
        expect(v.ticketProductId).toBe(want.ticketProductId);
        const values = [...wantVariant.values].sort(byOrder((x) => x.variantValueId));
        expect(v.values.map((x) => [x.variantValueId, x.name, x.priceDelta, x.available])).toEqual(
          values.map((x) => [
            x.variantValueId,
            x.name.de,
            x.priceDelta,
            Math.min(x.capacity ?? want.capacity, want.capacity),
          ]),
        );
      });
    }
    expect(body.extraProducts.some((p) => p.variants.length > 0)).toBe(true);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/extra-products?eventId=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/extra-products?eventId=nope")).status).toBe(400);
  });
});

describe("ticket.coupon", () => {
  const now = new Date();
  const coupon = must(
    catalog.coupons.find((c) => usable(c, now)),
    "coupon usable now",
  );
  const path = (eventId: string, code: string) =>
    `/api/coupon?eventId=${eventId}&code=${encodeURIComponent(code)}`;

  it("accepts a valid coupon, matched case-insensitively after trimming", async () => {
    const res = await svc.request(path(coupon.eventId, `  ${coupon.code.toLowerCase()} `));
    expect(res.status).toBe(200);
    const { coupon: check } = ticketCalls.coupon.response.parse(res.body);
    expect(check).toMatchObject({
      code: coupon.code,
      valid: true,
      reason: null,
      kind: coupon.kind,
      value: coupon.value,
      ticketTypeIds: coupon.ticketTypeIds,
      ticketProductIds: coupon.ticketProductIds,
      discountAmount: null,
    });
    const currency = must(
      catalog.events.find((e) => e.eventId === coupon.eventId),
      "event",
    ).currencyId;
    expect(check.currencyId).toBe(coupon.kind === "fixed" ? currency : null);
  });

  it("refuses an unknown code with notFound", async () => {
    const res = await svc.request(path(coupon.eventId, "NO-SUCH-CODE"));
    expect(res.status).toBe(200);
    const { coupon: check } = ticketCalls.coupon.response.parse(res.body);
    expect(check).toMatchObject({ valid: false, reason: "notFound", kind: null, value: null });
  });

  it("refuses a coupon of another event with wrongEvent", async () => {
    const other = must(
      catalog.events.find(
        (e) =>
          e.eventId !== coupon.eventId &&
          !catalog.coupons.some((c) => c.eventId === e.eventId && c.code === coupon.code),
      ),
      "second event",
    );
    const res = await svc.request(path(other.eventId, coupon.code));
    expect(res.status).toBe(200);
    const { coupon: check } = ticketCalls.coupon.response.parse(res.body);
    expect(check).toMatchObject({ valid: false, reason: "wrongEvent", kind: null });
  });

  it("follows the validity window with the service's clock", async () => {
    const windowed = must(
      catalog.coupons.find((c) => c.validTo !== undefined),
      "coupon with an end of validity",
    );
    svc.clock.offsetMs = Date.parse(windowed.validTo as string) - Date.now() + DAY;
    const expired = ticketCalls.coupon.response.parse(
      (await svc.request(path(windowed.eventId, windowed.code))).body,
    ).coupon;
    expect(expired).toMatchObject({ valid: false, reason: "expired", code: windowed.code });
    expectSameInstant(expired.validTo, windowed.validTo);

    const starting = catalog.coupons.find((c) => c.validFrom !== undefined);
    if (starting) {
      svc.clock.offsetMs = Date.parse(starting.validFrom as string) - Date.now() - DAY;
      const early = ticketCalls.coupon.response.parse(
        (await svc.request(path(starting.eventId, starting.code))).body,
      ).coupon;
      expect(early).toMatchObject({ valid: false, reason: "notStarted" });
    }
  });

  it("answers 404 for an unknown event and 400 for a malformed request", async () => {
    expect((await svc.request(path(UNKNOWN_ID, coupon.code))).status).toBe(404);
    expect((await svc.request(path("bad-id", coupon.code))).status).toBe(400);
    expect((await svc.request(path(coupon.eventId, "   "))).status).toBe(400);
    expect((await svc.request(`/api/coupon?eventId=${coupon.eventId}`)).status).toBe(400);
  });
});

describe("ticket.supercoupon and ticket.supercouponWithTicketTypes", () => {
  const supercoupon = must(
    catalog.supercoupons.find((s) => !s.validTo || Date.parse(s.validTo) > Date.now()),
    "valid supercoupon",
  );
  const coveredEvent = must(
    catalog.events.find(
      (e) =>
        e.organizerId === supercoupon.organizerId &&
        (supercoupon.eventIds.length === 0 || supercoupon.eventIds.includes(e.eventId)) &&
        (supercoupon.ticketTypeIds.length === 0 ||
          catalog.ticketTypes.some(
            (t) => t.eventId === e.eventId && supercoupon.ticketTypeIds.includes(t.ticketTypeId),
          )),
    ),
    "event covered by the supercoupon",
  );

  it("checks a supercoupon without an event", async () => {
    const res = await svc.request(`/api/supercoupon?code=${supercoupon.code.toLowerCase()}`);
    expect(res.status).toBe(200);
    const { supercoupon: check } = ticketCalls.supercoupon.response.parse(res.body);
    expect(check).toMatchObject({
      code: supercoupon.code,
      valid: true,
      reason: null,
      eventIds: supercoupon.eventIds,
      ticketTypeIds: supercoupon.ticketTypeIds,
      remainingTickets: supercoupon.maxTickets,
    });
  });

  it("checks it for an event it covers and refuses it for another organizer's event", async () => {
    const ok = await svc.request(`/api/supercoupon?code=${supercoupon.code}&eventId=${coveredEvent.eventId}`);
    expect(ticketCalls.supercoupon.response.parse(ok.body).supercoupon.valid).toBe(true);

    const foreign = catalog.events.find(
      (e) =>
        e.organizerId !== supercoupon.organizerId ||
        (supercoupon.eventIds.length > 0 && !supercoupon.eventIds.includes(e.eventId)),
    );
    const other = must(foreign, "event the supercoupon does not cover");
    const res = await svc.request(`/api/supercoupon?code=${supercoupon.code}&eventId=${other.eventId}`);
    expect(res.status).toBe(200);
    expect(ticketCalls.supercoupon.response.parse(res.body).supercoupon).toMatchObject({
      valid: false,
      reason: "wrongEvent",
    });
  });

  it("refuses an unknown code with notFound, and an expired one after its end", async () => {
    const res = await svc.request("/api/supercoupon?code=NOPE-NOPE");
    expect(res.status).toBe(200);
    expect(ticketCalls.supercoupon.response.parse(res.body).supercoupon).toMatchObject({
      valid: false,
      reason: "notFound",
      remainingTickets: 0,
      eventIds: [],
    });
    const ending = catalog.supercoupons.find((s) => s.validTo !== undefined);
    if (ending) {
      svc.clock.offsetMs = Date.parse(ending.validTo as string) - Date.now() + DAY;
      const late = await svc.request(`/api/supercoupon?code=${ending.code}`);
      expect(ticketCalls.supercoupon.response.parse(late.body).supercoupon).toMatchObject({
        valid: false,
        reason: "expired",
      });
    }
  });

  it("lists the event's ticket types the supercoupon covers", async () => {
    const res = await svc.request(
      `/api/supercoupon-with-ticket-types?code=${supercoupon.code}&eventId=${coveredEvent.eventId}`,
      { lang: "cs" },
    );
    expect(res.status).toBe(200);
    const body = ticketCalls.supercouponWithTicketTypes.response.parse(res.body);
    expect(body.supercoupon.valid).toBe(true);
    const covered = expectedTicketTypesOf(coveredEvent.eventId).filter(
      (t) => supercoupon.ticketTypeIds.length === 0 || supercoupon.ticketTypeIds.includes(t.ticketTypeId),
    );
    expect(body.ticketTypes.map((t) => [t.ticketTypeId, t.namePub])).toEqual(
      covered.map((t) => [t.ticketTypeId, t.namePub.cs]),
    );

    const unknown = await svc.request(
      `/api/supercoupon-with-ticket-types?code=NOPE-NOPE&eventId=${coveredEvent.eventId}`,
    );
    const refused = ticketCalls.supercouponWithTicketTypes.response.parse(unknown.body);
    expect(refused.supercoupon.reason).toBe("notFound");
    expect(refused.ticketTypes).toEqual([]);
  });

  it("answers 404 for an unknown event and 400 for a malformed request", async () => {
    expect(
      (await svc.request(`/api/supercoupon?code=${supercoupon.code}&eventId=${UNKNOWN_ID}`)).status,
    ).toBe(404);
    expect((await svc.request(`/api/supercoupon?code=${supercoupon.code}&eventId=x`)).status).toBe(400);
    expect((await svc.request("/api/supercoupon")).status).toBe(400);
    expect(
      (await svc.request(`/api/supercoupon-with-ticket-types?code=${supercoupon.code}&eventId=${UNKNOWN_ID}`))
        .status,
    ).toBe(404);
    expect((await svc.request(`/api/supercoupon-with-ticket-types?code=${supercoupon.code}`)).status).toBe(
      400,
    );
  });
});
