import { describe, expect, it } from "vitest";
import {
  checkForm,
  fieldErrorKey,
  fieldOfIssuePath,
  normalizePhone,
  visibleErrors,
} from "../../../src/stores/cart/form.ts";
import { BUYER, cart } from "./support/fixtures.ts";

describe("buyer's form", () => {
  it("accepts a complete buyer, normalising the phone", () => {
    const form = checkForm(cart({ buyer: { ...BUYER, phone: "777 123 456" } }));
    expect(form.errors).toEqual({});
    expect(form.buyer).toEqual({ ...BUYER, phone: "+420777123456" });
    expect(form.billingInfo).toBeNull();
  });

  it("accepts a buyer without a phone, leaving the phone out of the order", () => {
    const form = checkForm(cart({ buyer: { ...BUYER, phone: "  " } }));
    expect(form.errors).toEqual({});
    expect(form.buyer).not.toHaveProperty("phone");
  });

  it("normalises phone numbers: spaces and dashes out, 00 as +, the country's code for local numbers", () => {
    expect(normalizePhone(" +420 777-123-456 ", 1)).toBe("+420777123456");
    expect(normalizePhone("00421905123456", 1)).toBe("+421905123456");
    expect(normalizePhone("0905 123 456", 2)).toBe("+421905123456");
    expect(normalizePhone("0171 1234567", 14)).toBe("+491711234567");
    expect(normalizePhone("", 1)).toBe("");
    expect(normalizePhone("abc", 1)).toBe("abc");
  });

  it("names each field's problem: required, invalid, too long", () => {
    const form = checkForm(
      cart({
        buyer: { firstName: " ", lastName: "x".repeat(101), email: "jana@", phone: "12", countryId: 1 },
      }),
    );
    expect(form.errors).toEqual({
      firstName: "required",
      lastName: "tooLong",
      email: "invalid",
      phone: "invalid",
    });
    expect(form.buyer).toBeNull();
    expect(fieldErrorKey("email", "invalid")).toBe("form.errors.email");
    expect(fieldErrorKey("phone", "invalid")).toBe("form.errors.phone");
    expect(fieldErrorKey("city", "invalid")).toBe("form.errors.invalid");
    expect(fieldErrorKey("city", "required")).toBe("form.errors.required");
    expect(fieldErrorKey("city", "tooLong")).toBe("form.errors.tooLong");
  });

  it("checks billing details when wanted, the VAT id against the billing country's pattern", () => {
    const billing = {
      wanted: true,
      companyName: "Kapela s.r.o.",
      companyId: " 12345678 ",
      vatId: "cz 123 456 78",
      address: "Dlouhá 12",
      city: "Praha",
      postalCode: "110 00",
      countryId: 1,
    };
    const ok = checkForm(cart({ buyer: BUYER, billing }));
    expect(ok.errors).toEqual({});
    expect(ok.billingInfo).toEqual({
      ...billing,
      wanted: undefined,
      companyId: "12345678",
      vatId: "CZ12345678",
    } as unknown);
    const wrongCountry = checkForm(cart({ buyer: BUYER, billing: { ...billing, countryId: 14 } }));
    expect(wrongCountry.errors).toEqual({ vatId: "invalid" });
    expect(fieldErrorKey("vatId", "invalid")).toBe("form.errors.vatId");
    const missing = checkForm(cart({ buyer: BUYER, billing: { ...billing, city: "", vatId: "" } }));
    expect(missing.errors).toEqual({ city: "required" });
    const notWanted = checkForm(cart({ buyer: BUYER, billing: { ...billing, wanted: false, city: "" } }));
    expect(notWanted.errors).toEqual({});
  });

  it("shows problems of fields left by the buyer, or all after a submit", () => {
    const errors = { email: "invalid", phone: "required" } as const;
    expect(visibleErrors(errors, { email: true }, false)).toEqual({ email: "invalid" });
    expect(visibleErrors(errors, {}, true)).toEqual(errors);
  });

  it("maps the service's issue paths to fields", () => {
    expect(fieldOfIssuePath("buyer.email")).toBe("email");
    expect(fieldOfIssuePath("billingInfo.vatId")).toBe("vatId");
    expect(fieldOfIssuePath("body.buyer.phone")).toBe("phone");
    expect(fieldOfIssuePath("billingInfo.countryId")).toBe("billingCountryId");
    expect(fieldOfIssuePath("items.0")).toBeNull();
  });
});
