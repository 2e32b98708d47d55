import { describe, expect, it } from "vitest";
import type { ExtraProduct } from "../../../src/contract/ticket.ts";
import {
  extraKey,
  extraOptions,
  extraSections,
  parseExtraKey,
  ticketSections,
} from "../../../src/stores/cart/lines.ts";
import { catalog, IDS } from "./support/fixtures.ts";

describe("catalog sections", () => {
  it("groups ticket types by group in the groups' order, types by display order, ungrouped last", () => {
    const sections = ticketSections(catalog());
    expect(sections.map((s) => s.group?.namePub ?? null)).toEqual(["Passes", "Day tickets", null]);
    expect(sections[0]?.ticketTypes.map((t) => t.namePub)).toEqual(["Festival pass", "VIP"]);
    expect(sections[2]?.ticketTypes.map((t) => t.namePub)).toEqual(["Stalls", "Other"]);
  });

  it("lists extra products outside product groups in one section, and a variant's values as lines", () => {
    const sections = extraSections(catalog());
    expect(sections).toHaveLength(1);
    expect(sections[0]?.group).toBeNull();
    const shirt = catalog().extraProducts[1] as ExtraProduct;
    const options = extraOptions(shirt);
    expect(options.map((o) => [o.valueName, o.price, o.available])).toEqual([
      ["S", 60000, 1],
      ["L", 65000, 5],
    ]);
    expect(parseExtraKey(options[1]?.key ?? "")).toEqual({
      ticketProductId: IDS.shirt,
      variantValueId: IDS.sizeL,
    });
    expect(extraKey(IDS.parking)).toBe(IDS.parking);
  });

  it("prices a variant value as the service does: its delta never takes the price below zero", () => {
    const shirt = catalog().extraProducts[1] as ExtraProduct;
    const variants = shirt.variants.map((variant) => ({
      ...variant,
      values: variant.values.map((value) => ({ ...value, priceDelta: -shirt.price - 5000 })),
    }));
    expect(extraOptions({ ...shirt, variants }).map((o) => o.price)).toEqual([0, 0]);
  });
});
