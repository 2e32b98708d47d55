import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { toMajorUnits } from "../../src/lib/money.ts";
import {
  addressParts,
  hashEmail,
  normalizeTrackingEmail,
  trackingUser,
} from "../../src/lib/tracking-user.ts";

describe("account data read for tracking (spec §3)", () => {
  it("takes e-mail, phone and the billing address's parts", () => {
    expect(
      trackingUser({
        email: " Jana@Example.cz ",
        phone: "+420 601 123 456",
        billingInfo: { countryId: 1, city: " Brno ", address: "Dlouhá 12 byt 3", postalCode: "602 00" },
      }),
    ).toEqual({
      email: "Jana@Example.cz",
      phone: "+420 601 123 456",
      countryId: 1,
      city: "Brno",
      postalCode: "602 00",
      addressParts: ["Dlouhá", "12"],
    });
  });

  it("leaves out what the source lacks", () => {
    expect(trackingUser({})).toEqual({});
    expect(trackingUser({ email: "  ", phone: null, billingInfo: null })).toEqual({});
    expect(trackingUser({ billingInfo: { address: "   " } })).toEqual({});
  });

  it("uses the first two space-separated words of the address", () => {
    expect(addressParts("  Na   Příkopě  859/22 ")).toEqual(["Na", "Příkopě"]);
    expect(addressParts("Karlova")).toEqual(["Karlova"]);
    expect(addressParts("")).toEqual([]);
  });
});

describe("the e-mail for the ad network (spec §7, §8)", () => {
  it("is trimmed, lowercased and SHA-256 hashed (hex)", async () => {
    const expected = createHash("sha256").update("jana.novakova@example.cz").digest("hex");
    expect(normalizeTrackingEmail("  Jana.Novakova@Example.CZ\t")).toBe("jana.novakova@example.cz");
    expect(await hashEmail("  Jana.Novakova@Example.CZ\t")).toBe(expected);
    expect(await hashEmail("jana.novakova@example.cz")).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives no hash, so no identity, for a missing or empty e-mail", async () => {
    expect(await hashEmail(undefined)).toBeUndefined();
    expect(await hashEmail("   ")).toBeUndefined();
  });

  it("gives no hash when hashing fails", async () => {
    const subtle = globalThis.crypto.subtle;
    const digest = subtle.digest;
    subtle.digest = () => Promise.reject(new Error("no crypto"));
    try {
      expect(await hashEmail("jana@example.cz")).toBeUndefined();
    } finally {
      subtle.digest = digest;
    }
  });
});

describe("amounts for the social, tag and short-video trackers (spec §9)", () => {
  it("are minor units divided by 100", () => {
    expect(toMajorUnits(79_000)).toBe(790);
    expect(toMajorUnits(65_850)).toBe(658.5);
    expect(toMajorUnits(1)).toBe(0.01);
    expect(toMajorUnits(0)).toBe(0);
  });
});
