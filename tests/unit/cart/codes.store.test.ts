import { describe, expect, it } from "vitest";
import { applyCode, removeCode } from "../../../src/stores/cart/checkout-api.ts";
import { setTicketCount } from "../../../src/stores/cart/index.ts";
import { PASS } from "./support/store-fixtures.ts";
import { installCartStoreHooks, setup } from "./support/store-harness.ts";

installCartStoreHooks();

describe("codes", () => {
  it("applies the first valid kind of an entered code and explains refusals", async () => {
    const s = await setup();
    setTicketCount(s.catalog.eventId, PASS, 1);
    expect(await applyCode(s.catalog.eventId, " student15 ".toUpperCase())).toBe(true);
    expect(s.cart.$cart.get().codes.discount?.code).toBe("STUDENT15");
    expect(s.cart.$status.get().codeNotice).toEqual({
      key: "codes.applied.discount",
      values: { code: "STUDENT15" },
      tone: "success",
    });
    const check = s.service.sent.find((x) => x.path.startsWith("/api/v2/check-discount-code/"));
    expect(check?.body).toEqual({ eventId: s.catalog.eventId, items: [{ ticketTypeId: PASS, count: 1 }] });

    expect(await applyCode(s.catalog.eventId, "OLD")).toBe(false);
    expect(s.cart.$status.get().codeNotice).toEqual({
      key: "codes.reasons.expired",
      values: { code: "OLD" },
      tone: "error",
    });
    expect(await applyCode(s.catalog.eventId, "   ")).toBe(false);
    expect(s.cart.$status.get().codeNotice?.key).toBe("codes.empty");
    expect(s.cart.$cart.get().codes.discount?.code).toBe("STUDENT15");

    removeCode(s.catalog.eventId, "discount");
    expect(s.cart.$cart.get().codes).toEqual({});
  });

  it("says when the service cannot be reached, keeping the cart", async () => {
    const s = await setup();
    s.service.before(() => Promise.reject(new TypeError("fetch failed")));
    expect(await applyCode(s.catalog.eventId, "LOUKA10")).toBe(false);
    expect(s.cart.$status.get().codeNotice).toEqual({ key: "errors.network", tone: "error" });
  });
});
