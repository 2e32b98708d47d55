/**
 * The cart shows the price the service charges: the cart's own summary (stores/cart/summary.ts, on the
 * catalog the cart page loads and the code checks the cart makes) equals the total of the order the service
 * then creates from the cart's own order body, for a coupon, a discount code and a supercoupon, the payment
 * method's fee included. Both sides price with src/lib/pricing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/index.ts";
import { loadCartPageData } from "../../src/components/event/cart-data.ts";
import { eventById } from "../../src/contract/event.ts";
import { orderCalls } from "../../src/contract/order.ts";
import { ticketCoupon, ticketSupercoupon } from "../../src/contract/ticket.ts";
import { v2CheckDiscountCode } from "../../src/contract/v2.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { orderBody } from "../../src/stores/cart/order-body.ts";
import { type CartState, type CheckedCode, type CodeKind, emptyCart } from "../../src/stores/cart/state.ts";
import { cartSummary } from "../../src/stores/cart/summary.ts";
import { BANK, BUYER, CARD, postOrder, RETURN_URL } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let pass: ApiClient;
beforeAll(async () => {
  svc = await startTestService();
  pass = createApiClient({ baseUrl: svc.url, language: "en", agentVersion: "test", agentSource: "web" });
});
afterAll(() => svc?.close());

/** A code checked as the cart checks it (stores/cart/codes.store.ts), for the cart's tickets. */
async function checked(kind: CodeKind, eventId: string, code: string, tickets: Record<string, number>) {
  const items = Object.entries(tickets).map(([id, count]) => ({ ticketTypeId: id, count }));
  const result: CheckedCode =
    kind === "coupon"
      ? { kind, code, check: (await pass.call(ticketCoupon, { query: { eventId, code } })).coupon }
      : kind === "discount"
        ? {
            kind,
            code,
            check: (await pass.call(v2CheckDiscountCode, { params: { code }, body: { eventId, items } }))
              .discount,
          }
        : {
            kind,
            code,
            check: (await pass.call(ticketSupercoupon, { query: { code, eventId } })).supercoupon,
          };
  expect(result.check.valid, `${code} applies`).toBe(true);
  return result;
}

/**
 * The cart's figures for tickets, a code and a payment method, and the order the service creates from the
 * cart's order body (its tickets listed as items, as a hold would give them).
 */
async function cartAndOrder(
  eventId: string,
  tickets: Record<string, number>,
  code: { kind: CodeKind; code: string },
  paymentMethodId: number,
) {
  const { event } = await pass.call(eventById, { query: { eventId } });
  const { catalog } = await loadCartPageData(pass, event, "en");
  const state: CartState = {
    ...emptyCart(eventId, "en"),
    tickets,
    codes: { [code.kind]: await checked(code.kind, eventId, code.code, tickets) },
    buyer: { ...BUYER, countryId: 1 },
    paymentMethodId,
  };
  const summary = cartSummary(state, catalog);
  const body = orderBody(state, catalog, {
    language: "en",
    returnUrl: RETURN_URL,
    termsVersion: catalog.terms?.version,
  });
  expect(body).not.toBeNull();
  const items = Object.entries(tickets).map(([id, count]) => ({ ticketTypeId: id, count }));
  const res = await postOrder(svc, { ...body, items, seats: undefined }, { path: "/api/order-create-v2" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { summary, order: orderCalls.createV2.response.parse(res.body).order };
}

describe("the cart's price is the order's price", () => {
  it("with a coupon of a fixed amount per order, paid by bank transfer with its fee", async () => {
    const { summary, order } = await cartAndOrder(
      EVENT.festival,
      {
        [ticketTypeId("festival", "balicek")]: 1,
        [ticketTypeId("festival", "tridenni")]: 2,
        [ticketTypeId("festival", "kemp")]: 1,
      },
      { kind: "coupon", code: "LOUKA-200" },
      BANK,
    );
    expect(summary.discounts).toHaveLength(1);
    expect(summary.fee).toBeGreaterThan(0);
    expect(order.discounts.map((d) => d.amount)).toEqual([summary.discountTotal]);
    expect(order.feeAmount).toBe(summary.fee);
    expect(order.value).toBe(summary.total);
    expect(order.amount).toBe(summary.total);
  });

  it("with a discount code of a percentage per ticket, rounded", async () => {
    const { summary, order } = await cartAndOrder(
      EVENT.tourOstrava,
      { [ticketTypeId("tourOstrava", "stani")]: 3 },
      { kind: "discount", code: "STUDENT15" },
      CARD,
    );
    expect(summary.discountTotal).toBeGreaterThan(0);
    expect(order.discounts.map((d) => d.amount)).toEqual([summary.discountTotal]);
    expect(order.value).toBe(summary.total);
  });

  it("with a supercoupon covering whole tickets, the uncovered ones paid", async () => {
    const { summary, order } = await cartAndOrder(
      EVENT.tourBrno,
      { [ticketTypeId("tourBrno", "stani")]: 2, [ticketTypeId("tourBrno", "vip")]: 1 },
      { kind: "supercoupon", code: "TURNE-4" },
      CARD,
    );
    expect(summary.discountTotal).toBeGreaterThan(0);
    expect(summary.total).toBeGreaterThan(0);
    expect(order.discounts.map((d) => d.amount)).toEqual([summary.discountTotal]);
    expect(order.value).toBe(summary.total);
  });
});
