import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import {
  localeFromParam,
  localeParam,
  pathTo,
  routeOf,
  splitLocale,
  switchLocale,
} from "../../src/lib/routes.ts";

describe("pathTo", () => {
  it("leaves Czech unprefixed and prefixes the other locales", () => {
    expect(pathTo("cs", "index")).toBe("/");
    expect(pathTo("en", "index")).toBe("/en/");
    expect(pathTo("de", "organizer", { organizerSlug: "rock-club" })).toBe("/de/organizer/rock-club/");
    expect(pathTo("sk", "tour", { eventGroupSlug: "jarni-tour" })).toBe("/sk/tour/jarni-tour/");
  });

  it("fills every route of the table", () => {
    const ev = { organizerSlug: "o", eventSlug: "e" };
    expect(pathTo("cs", "event", ev)).toBe("/event/o/e/");
    expect(pathTo("cs", "cart", ev)).toBe("/event/o/e/cart/");
    expect(pathTo("en", "demoCart", ev, { secret: "abc=" })).toBe("/en/event/o/e/cart/demo/?secret=abc%3D");
    expect(pathTo("cs", "order", { ...ev, orderId: "42" }, { fromQueue: true, enforceMethod: false })).toBe(
      "/event/o/e/order/42/?fromQueue=true",
    );
    expect(pathTo("de", "login")).toBe("/de/login/");
    expect(pathTo("sk", "register")).toBe("/sk/register/");
  });

  it("encodes parameters and refuses a missing one", () => {
    expect(pathTo("cs", "organizer", { organizerSlug: "a b/c" })).toBe("/organizer/a%20b%2Fc/");
    expect(() => pathTo("cs", "organizer", { organizerSlug: "" })).toThrow(/organizerSlug/);
  });
});

describe("locale parameters", () => {
  it("round-trips every locale through the [...locale] route parameter", () => {
    for (const locale of LOCALES) expect(localeFromParam(localeParam(locale))).toBe(locale);
  });

  it("rejects an unknown or redundant default prefix", () => {
    expect(() => localeFromParam("fr")).toThrow(/fr/);
    expect(() => localeFromParam("cs")).toThrow(/cs/);
  });
});

describe("switchLocale", () => {
  it("keeps the page when the language changes", () => {
    expect(switchLocale("/tour/x", "en")).toBe("/en/tour/x");
    expect(switchLocale("/en/tour/x", "cs")).toBe("/tour/x");
    expect(switchLocale("/de/", "sk")).toBe("/sk/");
    expect(switchLocale("/", "de")).toBe("/de/");
    expect(switchLocale("/en", "cs")).toBe("/");
  });

  it("does not mistake a path that starts like a locale for one", () => {
    expect(splitLocale("/english-club")).toEqual({ locale: "cs", rest: "/english-club" });
    expect(splitLocale("/sk/event/a/b")).toEqual({ locale: "sk", rest: "/event/a/b" });
  });
});

describe("routeOf", () => {
  it("names the route of a path in every locale, with or without its trailing slash", () => {
    for (const locale of LOCALES) {
      expect(routeOf(pathTo(locale, "index"))).toBe("index");
      const params = { organizerSlug: "o", eventSlug: "e" };
      expect(routeOf(pathTo(locale, "event", params))).toBe("event");
      expect(routeOf(pathTo(locale, "cart", params))).toBe("cart");
      expect(routeOf(pathTo(locale, "cart", params).replace(/\/$/, ""))).toBe("cart");
      expect(routeOf(pathTo(locale, "demoCart", params))).toBe("demoCart");
      expect(routeOf(pathTo(locale, "order", { ...params, orderId: "1" }))).toBe("order");
      expect(routeOf(pathTo(locale, "account"))).toBe("account");
    }
  });

  it("names no route for a path that is none of them", () => {
    for (const path of ["/event/o/", "/event/o/e/cart/x/", "/nope/", "/en/tour/", "/_astro/app.js"]) {
      expect(routeOf(path), path).toBeUndefined();
    }
  });
});
