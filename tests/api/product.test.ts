/** Product-area reads against the demo catalog: product groups, their variants, and variant values. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productCalls } from "../../src/contract/product.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

type CatalogProduct = Catalog["extraProducts"][number];
type CatalogVariant = CatalogProduct["variants"][number];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byOrder = <T extends { displayOrder: number }>(key: (x: T) => string) => {
  return (a: T, b: T) => a.displayOrder - b.displayOrder || cmp(key(a), key(b));
};

const membersOf = (productGroupId: string) =>
  catalog.extraProducts
    .filter((p) => p.productGroupId === productGroupId)
    .sort(byOrder((p) => p.ticketProductId));

/** A product group whose products have variants (the richest group of the demo). */
const group = must(
  [...catalog.productGroups].sort(
    (a, b) =>
      membersOf(b.productGroupId).flatMap((p) => p.variants).length -
      membersOf(a.productGroupId).flatMap((p) => p.variants).length,
  )[0],
  "product group",
);
const product: CatalogProduct = must(
  catalog.extraProducts.find((p) => p.variants.length > 0),
  "extra product with variants",
);
const variant: CatalogVariant = must([...product.variants].sort(byOrder((v) => v.variantId))[0], "variant");

/** The expected values of a variant of a product, in the language given, with what is on sale. */
function expectedValues(p: CatalogProduct, v: CatalogVariant, lang: "cs" | "en") {
  return [...v.values].sort(byOrder((x) => x.variantValueId)).map((x) => ({
    variantValueId: x.variantValueId,
    variantId: v.variantId,
    name: x.name[lang],
    priceDelta: x.priceDelta,
    available: Math.min(x.capacity ?? p.capacity, p.capacity),
    displayOrder: x.displayOrder,
  }));
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("product.group", () => {
  it("answers the group with its products in display order", async () => {
    const res = await svc.request(`/api/product-group/${group.productGroupId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const { productGroup } = productCalls.group.response.parse(res.body);
    expect(productGroup).toMatchObject({
      productGroupId: group.productGroupId,
      eventId: group.eventId,
      name: group.name.en,
      description: group.description?.en ?? null,
      displayOrder: group.displayOrder,
      ticketProductIds: membersOf(group.productGroupId).map((p) => p.ticketProductId),
    });
    expect(productGroup.image === null).toBe(group.image === undefined);
    expect(productGroup.ticketProductIds.length).toBeGreaterThan(0);
  });

  it("answers texts in the requested language", async () => {
    const [cs, en] = await Promise.all([
      svc.request(`/api/product-group/${group.productGroupId}`, { lang: "cs" }),
      svc.request(`/api/product-group/${group.productGroupId}`, { lang: "en" }),
    ]);
    expect(cs.body.productGroup.name).toBe(group.name.cs);
    expect(en.body.productGroup.name).toBe(group.name.en);
  });

  it("answers 404 for an unknown group and 400 for a malformed id", async () => {
    const missing = await svc.request(`/api/product-group/${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
    const malformed = await svc.request("/api/product-group/merch");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorText).toBe("ERROR_VALIDATION");
  });
});

describe("product.groupVariants", () => {
  it("lists the variants of the group's products, product by product, with their values", async () => {
    const res = await svc.request(`/api/product-group/${group.productGroupId}/variants`, { lang: "cs" });
    expect(res.status).toBe(200);
    const { variants } = productCalls.groupVariants.response.parse(res.body);
    const expected = membersOf(group.productGroupId).flatMap((p) =>
      [...p.variants].sort(byOrder((v) => v.variantId)).map((v) => ({ p, v })),
    );
    expect(variants.map((v) => v.variantId)).toEqual(expected.map(({ v }) => v.variantId));
    variants.forEach((v, i) => {
      const want = must(expected[i], "variant");
      expect(v).toMatchObject({
        productGroupId: group.productGroupId,
        ticketProductId: want.p.ticketProductId,
        name: want.v.name.cs,
      });
      expect(v.values).toMatchObject(expectedValues(want.p, want.v, "cs"));
    });
  });

  it("answers 404 for an unknown group and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/product-group/${UNKNOWN_ID}/variants`)).status).toBe(404);
    expect((await svc.request("/api/product-group/1/variants")).status).toBe(400);
  });
});

describe("product.variantValues", () => {
  it("lists the values of a variant in display order with their availability", async () => {
    const res = await svc.request(`/api/variant/${variant.variantId}/values`, { lang: "en" });
    expect(res.status).toBe(200);
    const { values } = productCalls.variantValues.response.parse(res.body);
    expect(values).toMatchObject(expectedValues(product, variant, "en"));
    const currency = must(
      catalog.events.find((e) => e.eventId === product.eventId),
      "event",
    ).currencyId;
    for (const v of values) expect(v.currencyId).toBe(currency);
  });

  it("answers 404 for an unknown variant and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/variant/${UNKNOWN_ID}/values`)).status).toBe(404);
    expect((await svc.request("/api/variant/size/values")).status).toBe(400);
  });
});

describe("product.ticketProductValues", () => {
  it("lists every value of every variant of the product", async () => {
    const res = await svc.request(`/api/ticket-product/${product.ticketProductId}/values`, { lang: "en" });
    expect(res.status).toBe(200);
    const { values } = productCalls.ticketProductValues.response.parse(res.body);
    const expected = [...product.variants]
      .sort(byOrder((v) => v.variantId))
      .flatMap((v) => expectedValues(product, v, "en"));
    expect(values).toMatchObject(expected);
  });

  it("answers an empty list for a product without variants", async () => {
    const plain = must(
      catalog.extraProducts.find((p) => p.variants.length === 0),
      "extra product without variants",
    );
    const res = await svc.request(`/api/ticket-product/${plain.ticketProductId}/values`);
    expect(res.status).toBe(200);
    expect(productCalls.ticketProductValues.response.parse(res.body).values).toEqual([]);
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/ticket-product/${UNKNOWN_ID}/values`)).status).toBe(404);
    expect((await svc.request("/api/ticket-product/tshirt/values")).status).toBe(400);
  });
});
