/**
 * The buyer's phone is optional: an order without one is created and read back without a phone, and a
 * phone that is given is still checked (E.164) and kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { BUYER, createOrder, expectError, orderBody, orderById, postOrder } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const THREE_DAY = ticketTypeId("festival", "tridenni");
const items = [{ ticketTypeId: THREE_DAY, count: 1 }];

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("order.create: the buyer's phone", () => {
  it("creates an order without a phone, and reads it back without one", async () => {
    const { phone: _phone, ...buyer } = BUYER;
    const order = await createOrder(svc, { eventId: EVENT.festival, items, buyer });
    expect(order.buyer).toEqual(buyer);
    expect((await orderById(svc, order.orderId)).buyer).not.toHaveProperty("phone");
  });

  it("keeps a phone that is given, and refuses one that is not E.164", async () => {
    const order = await createOrder(svc, { eventId: EVENT.festival, items });
    expect((await orderById(svc, order.orderId)).buyer.phone).toBe(BUYER.phone);
    const res = await postOrder(
      svc,
      orderBody({ eventId: EVENT.festival, items, buyer: { ...BUYER, phone: "777 123 456" } }),
    );
    expectError(res, 400, "VALIDATION", "body.buyer.phone");
  });
});
