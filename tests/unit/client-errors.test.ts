import { describe, expect, it } from "vitest";
import { ApiError, isApiError, normalizeErrorName } from "../../src/client/errors.ts";

describe("ApiError", () => {
  it("keeps the cause, body and call it is given", () => {
    const cause = new TypeError("fetch failed");
    const err = new ApiError("no_response", 0, "No response", {
      cause,
      body: { a: 1 },
      call: "event.bySlugs",
    });
    expect(err.cause).toBe(cause);
    expect(err.body).toEqual({ a: 1 });
    expect(err.call).toBe("event.bySlugs");
    expect([err.name, err.status, err.message]).toEqual(["no_response", 0, "No response"]);
  });

  it("has no cause, body or call it was not given", () => {
    const err = new ApiError("api_error", 502, "Bad gateway");
    expect(Object.hasOwn(err, "cause")).toBe(false);
    expect(err.body).toBeUndefined();
    expect(err.call).toBeUndefined();
  });

  it("is matched by status or by a service error text", () => {
    const err = new ApiError("sold_out", 409, "Sold out");
    expect(isApiError(err)).toBe(true);
    expect(isApiError(err, 409)).toBe(true);
    expect(isApiError(err, 400)).toBe(false);
    expect(isApiError(err, "ERROR_SOLD_OUT")).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(normalizeErrorName("ERROR_HOLD_EXPIRED")).toBe("hold_expired");
    expect(normalizeErrorName("X_ERROR_Y")).toBe("x_error_y");
  });
});
