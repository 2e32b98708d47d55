import { describe, expect, it } from "vitest";
import { CountryId, CUSTOM_ENUM_ID, CurrencyId, LocaleCode } from "../../src/contract/common.ts";
import { BANK_TRANSFER_METHOD_ID, GATEWAY_METHOD_IDS } from "../../src/contract/payment.ts";
import { CUSTOM_ID_THRESHOLD, country, currency } from "../../src/lib/enums/index.ts";
import { basePaymentMethodId, paymentMethod } from "../../src/lib/enums/payment-method.ts";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { pickLocale, SERVICE_LOCALES } from "../../src/pass-service/http.ts";

describe("the contract's ids are the enumerations' ids", () => {
  it("takes every country and currency of lib/enums, and custom ids above the threshold", () => {
    expect(CUSTOM_ENUM_ID).toBe(CUSTOM_ID_THRESHOLD);
    for (const [schema, enumeration] of [
      [CountryId, country],
      [CurrencyId, currency],
    ] as const) {
      for (const id of enumeration.ids) expect(schema.safeParse(id).success).toBe(true);
      expect(schema.safeParse(CUSTOM_ID_THRESHOLD + 1).success).toBe(true);
      expect(schema.safeParse(CUSTOM_ID_THRESHOLD).success).toBe(false);
      expect(schema.safeParse(0).success).toBe(false);
      expect(schema.safeParse(Math.max(...enumeration.ids) + 1).success).toBe(false);
    }
  });

  it("names the payment methods by the payment method enumeration", () => {
    expect(BANK_TRANSFER_METHOD_ID).toBe(paymentMethod.id.BANK_TRANSFER);
    const bases = new Set(GATEWAY_METHOD_IDS.map((id) => paymentMethod.get(basePaymentMethodId(id)).key));
    expect([...bases].sort()).toEqual([
      "CARD",
      "CLICK_TO_PAY",
      "DEVICE_MAKER_WALLET",
      "SEARCH_ENGINE_WALLET",
    ]);
  });
});

describe("one list of locales", () => {
  it("gives the contract and the service the storefront's locales, the first one the default", () => {
    expect(LocaleCode.options).toEqual([...LOCALES]);
    expect(SERVICE_LOCALES).toBe(LOCALES);
    expect(pickLocale(undefined)).toBe(LOCALES[0]);
    expect(pickLocale("xx")).toBe(LOCALES[0]);
  });
});
