import { describe, expect, it } from "vitest";
import { returnedOrderId } from "../../../src/stores/cart/gateway-return.ts";
import { U } from "./support/fixtures.ts";

describe("return from the payment gateway", () => {
  it("takes the order id from the address when it is one, else the order the cart created", () => {
    expect(returnedOrderId(U(5), U(6))).toBe(U(5));
    expect(returnedOrderId("{orderId}", U(6))).toBe(U(6));
    expect(returnedOrderId("{orderId}", null)).toBeNull();
    expect(returnedOrderId(null, U(6))).toBeNull();
  });
});
