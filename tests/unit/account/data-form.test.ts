import { describe, expect, it } from "vitest";
import { checkAccountData, draftOf } from "../../../src/stores/account/data-form.ts";
import { fillFromAccount } from "../../../src/stores/cart/form.ts";
import { emptyCart } from "../../../src/stores/cart/state.ts";
import { account } from "./support/fixtures.ts";

const billing = {
  countryId: 1,
  city: "Brno",
  address: "Dlouhá 12",
  postalCode: "60200",
  companyName: "Pulse s.r.o.",
  companyId: "27082440",
  vatId: "CZ12345678",
};

describe("account data form", () => {
  it("fills the form from the account, the language's country preselected without billing details", () => {
    expect(draftOf(account({ language: "sk", phone: null }))).toMatchObject({
      firstName: "Jana",
      phone: "",
      language: "sk",
      billing: false,
      countryId: 2,
    });
    expect(draftOf(account({ billingInfo: billing }))).toMatchObject({
      billing: true,
      vatId: "CZ12345678",
      city: "Brno",
    });
  });

  it("builds the body of account.setData: phone in E.164 form, billing details only when wanted", () => {
    const draft = { ...draftOf(account()), phone: "777 123 456", companyName: "Ignored" };
    expect(checkAccountData(draft)).toEqual({
      body: {
        firstName: "Jana",
        lastName: "Nováková",
        phone: "+420777123456",
        language: "cs",
        billingInfo: null,
      },
      errors: null,
    });
    const withBilling = { ...draftOf(account({ billingInfo: billing })), vatId: "cz 123 456 78" };
    expect(checkAccountData(withBilling).body?.billingInfo).toEqual(billing);
  });

  it("names each field's problem: a VAT id off the country's pattern, a bad phone, empty required fields", () => {
    const draft = {
      ...draftOf(account({ billingInfo: billing })),
      firstName: " ",
      phone: "12",
      vatId: "DE123",
      city: "",
    };
    expect(checkAccountData(draft)).toEqual({
      body: null,
      errors: { firstName: "required", phone: "invalid", vatId: "invalid", city: "required" },
    });
  });
});

describe("buyer form filled from the account", () => {
  it("fills the empty fields and keeps what the buyer typed", () => {
    const state = emptyCart("e", "cs");
    state.buyer.firstName = "Petr";
    const filled = fillFromAccount(state, account({ billingInfo: billing }));
    expect(filled.buyer).toEqual({
      firstName: "Petr",
      lastName: "Nováková",
      email: "jana@example.cz",
      phone: "+420777123456",
      countryId: 1,
    });
    expect(filled.billing).toEqual({ ...billing, wanted: false });
  });

  it("leaves billing details the buyer started alone", () => {
    const state = emptyCart("e", "cs");
    state.billing.city = "Praha";
    expect(fillFromAccount(state, account({ billingInfo: billing })).billing).toBe(state.billing);
  });
});
