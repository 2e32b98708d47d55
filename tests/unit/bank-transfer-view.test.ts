import { describe, expect, it } from "vitest";
import { copyableAmount, transferQr, transferRows } from "../../src/components/order/bank-transfer-view.ts";
import type { BankTransferDetails } from "../../src/contract/order.ts";
import type { Locale } from "../../src/lib/i18n/config.ts";
import { getT } from "../../src/lib/i18n/index.ts";

/** A bank transfer of 3 315 CZK as the service describes it. */
const TRANSFER: BankTransferDetails = {
  accountNumber: "2100456792/2010",
  iban: "CZ9820100000002100456792",
  bic: "FIOBCZPPXXX",
  variableSymbol: "260067",
  amount: 331500,
  currencyId: 1,
  dueDate: "2026-11-27",
  message: "Vstupio 260067",
  qrUrl: "/order/x/spayd-qr",
};

const qrOf = (locale: Locale, transfer = TRANSFER) =>
  transferQr(transfer, {
    locale,
    t: getT(locale),
    spaydSrc: "https://pass/qr",
    recipientName: "Agentura Vltava",
  });

describe("copyableAmount", () => {
  it("is a bare number in the buyer's locale: no currency, no grouping, decimals only when there are some", () => {
    expect(copyableAmount(331500, "cs")).toBe("3315");
    expect(copyableAmount(4250, "sk")).toBe("42,50");
    expect(copyableAmount(4250, "en")).toBe("42.50");
  });
});

describe("transferRows", () => {
  it("shows the IBAN in fours and copies it without spaces; the BIC and due date have no copy button", () => {
    const rows = transferRows(TRANSFER, "en", getT("en"));
    const iban = rows.find((r) => r.key === "iban");
    expect(iban?.value).toBe("CZ98 2010 0000 0021 0045 6792");
    expect(iban?.copy).toEqual({ value: TRANSFER.iban, label: "Copy IBAN", status: "IBAN copied" });
    expect(rows.find((r) => r.key === "amount")?.copy?.value).toBe("3315");
    expect(rows.filter((r) => !r.copy).map((r) => r.key)).toEqual(["bic", "dueDate"]);
  });
});

describe("transferQr", () => {
  it("is PAY by square for a Slovak buyer or euros, and the service's SPAYD image otherwise", () => {
    const slovak = qrOf("sk");
    expect(slovak.kind).toBe("payBySquare");
    expect(slovak.kind === "payBySquare" && slovak.svg).toContain('role="img"');
    expect(qrOf("cs", { ...TRANSFER, currencyId: 2 }).kind).toBe("payBySquare");
    expect(qrOf("cs")).toMatchObject({ kind: "spayd", src: "https://pass/qr" });
    expect(qrOf("de").kind).toBe("spayd");
  });
});
