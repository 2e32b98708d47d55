import { decode } from "bysquare/pay";
import { describe, expect, it } from "vitest";
import { payBySquareString, usesPayBySquare } from "../../src/lib/pay-by-square.ts";
import { groupIban, SpaydError } from "../../src/lib/spayd.ts";

/** A Slovak buyer's order paid to a Slovak account, as the order page builds it. */
const SLOVAK_ORDER = {
  iban: "SK31 1200 0000 1987 4263 7541",
  bic: "subasksx",
  amountMinor: 4250,
  currency: "EUR",
  variableSymbol: "1042",
  message: "Objednávka 1042",
  recipientName: "Agentúra Dunaj, s.r.o.",
  dueDate: new Date("2026-12-03T12:00:00Z"),
};

describe("payBySquareString", () => {
  it("decodes back, field by field, to the Slovak order's payment", () => {
    const decoded = decode(payBySquareString(SLOVAK_ORDER));
    expect(decoded.payments).toHaveLength(1);
    const [payment] = decoded.payments;
    expect(payment?.type).toBe(1);
    expect(payment?.amount).toBe(42.5);
    expect(payment?.currencyCode).toBe("EUR");
    expect(payment?.variableSymbol).toBe("1042");
    expect(payment?.paymentDueDate).toBe("20261203");
    expect(payment?.paymentNote).toBe("Objednavka 1042");
    expect(payment?.bankAccounts).toEqual([{ iban: "SK3112000000198742637541", bic: "SUBASKSX" }]);
    expect(payment?.beneficiary).toEqual({ name: "Agentura Dunaj, s.r.o." });
  });

  it("keeps a Czech account and crowns for a Slovak buyer of a Czech event, without BIC or due date", () => {
    const [payment] = decode(
      payBySquareString({
        iban: "CZ2720100000002900123451",
        amountMinor: 660500,
        currency: "czk",
        recipientName: "Agentura Vltava",
      }),
    ).payments;
    expect(payment?.amount).toBe(6605);
    expect(payment?.currencyCode).toBe("CZK");
    expect(payment?.bankAccounts).toEqual([{ iban: "CZ2720100000002900123451" }]);
    expect(payment?.paymentDueDate).toBeUndefined();
  });

  it("refuses a bad IBAN, an unknown currency and a payment without the recipient's name", () => {
    expect(() => payBySquareString({ ...SLOVAK_ORDER, iban: "SK3212000000198742637541" })).toThrow(
      SpaydError,
    );
    expect(() => payBySquareString({ ...SLOVAK_ORDER, currency: "XYZ" })).toThrow(/currency/);
    expect(() => payBySquareString({ ...SLOVAK_ORDER, recipientName: " " })).toThrow(/recipientName/);
  });
});

describe("usesPayBySquare", () => {
  it("is PAY by square for a Slovak buyer or a payment in euros, SPAYD otherwise", () => {
    expect(usesPayBySquare("sk", "CZK")).toBe(true);
    expect(usesPayBySquare("cs", "EUR")).toBe(true);
    expect(usesPayBySquare("en", "eur")).toBe(true);
    expect(usesPayBySquare("cs", "CZK")).toBe(false);
    expect(usesPayBySquare("de", "CZK")).toBe(false);
  });
});

describe("groupIban", () => {
  it("groups an IBAN in fours, whatever spaces it came with", () => {
    expect(groupIban("CZ2720100000002900123451")).toBe("CZ27 2010 0000 0029 0012 3451");
    expect(groupIban("de89 3704 00440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
});
