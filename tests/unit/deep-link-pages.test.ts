import { describe, expect, it } from "vitest";
import { storefrontPathOf } from "../../src/lib/deep-link-pages.ts";

const ID = "0b6c2f4e-8d1a-4c3b-9e7f-5a2d1c0b9e8f";
const slugs = { organizerSlug: "louka-open-air", eventSlug: "louka-2026" };
const refs = {
  event: (id: string) => (id === ID ? slugs : undefined),
  eventGroup: (id: string) => (id === ID ? "turne-na-sever" : undefined),
  order: (id: string) => (id === ID ? slugs : undefined),
};

describe("storefrontPathOf: the storefront page of a deep link", () => {
  it("sends setPassword and login to their pages with the parameters filled", () => {
    expect(
      storefrontPathOf("cs", { link: "setPassword", email: "jana@example.cz", accessCode: "ab12CD34" }),
    ).toBe("/set-password/?email=jana%40example.cz&accessCode=ab12CD34");
    expect(storefrontPathOf("de", { link: "login", email: "jana+x@example.cz" })).toBe(
      "/de/login/?email=jana%2Bx%40example.cz",
    );
  });

  it("sends event, cart, tour and order links to their pages when the slugs are known", () => {
    expect(storefrontPathOf("en", { link: "eventDetail", eventId: ID }, refs)).toBe(
      "/en/event/louka-open-air/louka-2026/",
    );
    expect(storefrontPathOf("cs", { link: "ticketCart", eventId: ID, codes: ["A", "B"] }, refs)).toBe(
      "/event/louka-open-air/louka-2026/cart/?codes=A%2CB",
    );
    expect(storefrontPathOf("sk", { link: "eventGroupDetail", eventGroupId: ID }, refs)).toBe(
      "/sk/tour/turne-na-sever/",
    );
    expect(storefrontPathOf("cs", { link: "orderDetail", orderId: ID, orderNumber: 5 }, refs)).toBe(
      `/event/louka-open-air/louka-2026/order/${ID}/`,
    );
    const other = "7f3e9a1c-2b4d-4e6f-8a0b-1c2d3e4f5a6b";
    expect(storefrontPathOf("cs", { link: "eventDetail", eventId: other }, refs)).toBeNull();
    expect(storefrontPathOf("cs", { link: "eventDetail", eventId: ID })).toBeNull();
  });

  it("sends chips to the account, openUrl to its URL, and has no page for oAuth and plant orders", () => {
    expect(storefrontPathOf("cs", { link: "chipDetail", chipId: ID })).toBe("/account/");
    expect(storefrontPathOf("cs", { link: "openUrl", url: "https://example.cz/" })).toBe(
      "https://example.cz/",
    );
    expect(storefrontPathOf("cs", { link: "oAuth", token: "t", ok: true })).toBeNull();
    expect(storefrontPathOf("cs", { link: "plantOrderDetail", plantOrderId: ID, orderNumber: 1 })).toBeNull();
  });
});
