import { describe, expect, it } from "vitest";
import { ERROR_MESSAGE_KEYS, errorMessageKey } from "../../../src/stores/cart/refusals.ts";

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
});
