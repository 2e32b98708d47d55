import { describe, expect, it } from "vitest";
import { isValidIban, SpaydError, spaydString } from "../../src/lib/spayd.ts";

const IBAN = "CZ2720100000002900123451";

describe("isValidIban", () => {
  it("accepts valid IBANs with or without spaces and refuses wrong check digits or shapes", () => {
    expect(isValidIban(IBAN)).toBe(true);
    expect(isValidIban("CZ27 2010 0000 0029 0012 3451")).toBe(true);
    expect(isValidIban("SK3112000000198742637541")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("CZ2820100000002900123451")).toBe(false);
    expect(isValidIban("CZ27")).toBe(false);
    expect(isValidIban("2720100000002900123451")).toBe(false);
  });
});

describe("spaydString", () => {
  it("writes account, amount with two decimals, currency, variable symbol and message in SPAYD order", () => {
    expect(
      spaydString({
        iban: IBAN,
        amountMinor: 89000,
        currency: "czk",
        variableSymbol: 1042,
        message: "Objednávka 1042",
      }),
    ).toBe(`SPD*1.0*ACC:${IBAN}*AM:890.00*CC:CZK*X-VS:1042*MSG:Objednavka 1042`);
  });

  it("keeps the minor units exact and adds BIC, recipient and due date when given", () => {
    expect(
      spaydString({
        iban: "CZ27 2010 0000 0029 0012 3451",
        bic: "fiobczpp",
        amountMinor: 105,
        currency: "CZK",
        recipientName: "Agentura Vltava, s.r.o.",
        dueDate: new Date("2026-12-03T10:00:00Z"),
      }),
    ).toBe(`SPD*1.0*ACC:${IBAN}+FIOBCZPP*AM:1.05*CC:CZK*DT:20261203*RN:Agentura Vltava, s.r.o.`);
  });

  it("removes diacritics and the * separator from texts and cuts the message at 60 characters", () => {
    const out = spaydString({
      iban: IBAN,
      amountMinor: 100,
      currency: "CZK",
      message: `Žluťoučký*kůň ${"x".repeat(80)}`,
    });
    const message = out.split("*MSG:")[1] ?? "";
    expect(message.startsWith("Zlutoucky kun ")).toBe(true);
    expect(message.length).toBe(60);
    expect(out.split("*")).toHaveLength(6);
  });

  it("refuses what a bank could not read, naming the field", () => {
    const bad = (patch: object) => () =>
      spaydString({ iban: IBAN, amountMinor: 100, currency: "CZK", ...patch });
    expect(bad({ iban: "CZ0000" })).toThrow(SpaydError);
    expect(bad({ iban: "CZ0000" })).toThrow(/^iban:/);
    expect(bad({ amountMinor: 0 })).toThrow(/^amountMinor:/);
    expect(bad({ amountMinor: 10.5 })).toThrow(/^amountMinor:/);
    expect(bad({ currency: "KČ" })).toThrow(/^currency:/);
    expect(bad({ variableSymbol: "12345678901" })).toThrow(/^variableSymbol:/);
    expect(bad({ variableSymbol: "12A" })).toThrow(/^variableSymbol:/);
    expect(bad({ bic: "NOPE" })).toThrow(/^bic:/);
  });
});
