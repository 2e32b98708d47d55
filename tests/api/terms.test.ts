/**
 * Terms of sale: the organizer answers its seller data, terms and privacy notice; an order a buyer makes
 * must carry the acceptance of the organizer's current terms (refused otherwise, with nothing held or
 * written), and the order keeps which version was accepted and when.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizerCalls } from "../../src/contract/organizer.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { EVENT, ORG_SLUG, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { DEMO_TERMS_VERSION } from "../../src/pass-service/catalog/demo/legal.ts";
import { orders } from "../../src/pass-service/db/schema.ts";
import {
  availableOf,
  createOrder,
  expectError,
  orderBody,
  postOrder,
  TERMS,
  TERMS_REFUSALS,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const THREE_DAY = ticketTypeId("festival", "tridenni");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

async function orderCount(): Promise<number> {
  const [row] = await svc.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function hold(): Promise<string> {
  const res = await svc.request("/api/reservation", {
    method: "POST",
    json: { eventId: FESTIVAL, items: [{ ticketTypeId: THREE_DAY, count: 1 }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.create.response.parse(res.body).reservation.reservationId;
}

describe("organizer seller data and terms", () => {
  it("answers the seller, the terms of sale with their version and the privacy notice in the language", async () => {
    const read = async (lang: string) => {
      const res = await svc.request(`/api/organizer-by-slug?organizerSlug=${ORG_SLUG.vltava}`, { lang });
      expect(res.status).toBe(200);
      return organizerCalls.bySlug.response.parse(res.body).organizer;
    };
    const [cs, en] = [await read("cs"), await read("en")];
    expect(cs.seller).toEqual({
      legalName: expect.stringContaining("Vltava"),
      companyId: "27604977",
      vatId: "CZ27604977",
    });
    expect(cs.termsOfSale?.version).toBe(DEMO_TERMS_VERSION);
    expect(cs.termsOfSale?.text).toContain("Vrácení vstupného");
    expect(en.termsOfSale?.text).toContain("Refunds");
    expect(cs.privacyNotice).toContain("osobních údajů");
    expect(en.privacyNotice).toContain("personal data");
  });
});

describe("order.create without the terms accepted", () => {
  for (const path of ["/api/order-create", "/api/order-create-v2"]) {
    for (const [what, terms, status, name] of TERMS_REFUSALS) {
      it(`${path}: refuses an order with ${what}, holds nothing more and writes no order`, async () => {
        const reservationId = await hold();
        const before = await availableOf(svc, FESTIVAL, THREE_DAY);
        const ordersBefore = await orderCount();
        const body = { ...orderBody({ eventId: FESTIVAL, reservationId }), ...terms };
        const refused = expectError(await postOrder(svc, body, { path }), status, name);
        expect(refused.field).toBe(name === "TERMS_CHANGED" ? "termsVersion" : "termsAccepted");
        if (name === "TERMS_CHANGED") expect(refused.termsVersion).toBe(DEMO_TERMS_VERSION);
        expect(await orderCount()).toBe(ordersBefore);
        expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before);
        // The hold is untouched: accepting the terms then orders it.
        const order = await createOrder(svc, { eventId: FESTIVAL, reservationId });
        expect(order.status).toBe("created");
        expect(await availableOf(svc, FESTIVAL, THREE_DAY)).toBe(before);
      });
    }
  }
});

describe("order.create with the terms accepted", () => {
  it("stores the accepted version and when it was accepted with the order", async () => {
    svc.clock.offsetMs = 0;
    const from = Date.now();
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: THREE_DAY, count: 1 }],
      ...TERMS,
    });
    const [row] = await svc.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.termsVersion).toBe(DEMO_TERMS_VERSION);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(from);
    expect(row?.termsAcceptedAt?.getTime()).toBe(row?.createdAt.getTime());
  });
});
