/**
 * The receipt of a paid order as a PDF (order.receiptPdf): in the order's language, with the seller, the
 * lines, the VAT table per rate and the total, and the billing data when the buyer asked for a company
 * invoice; personal (no-store); refused before the order is paid and for an unknown order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Order, orderCalls } from "../../src/contract/order.ts";
import type { Receipt } from "../../src/contract/receipt.ts";
import { EVENT, productId, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { pdfTextLines } from "../support/pdf-text.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import { BUYER, cancelOrder, createOrder, expectError, payByCard } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const THREE_DAY = ticketTypeId("festival", "tridenni");
const PARKING = productId("festival", "parkovani");
const BILLING = {
  countryId: 1,
  city: "Brno",
  address: "Krátká 2",
  postalCode: "602 00",
  companyName: "Žluťoučký kůň a.s.",
  companyId: "12345678",
  vatId: "CZ12345678",
};

let svc: TestService;
let company: Order;
let personal: Order;
beforeAll(async () => {
  svc = await startTestService();
  const items = [{ ticketTypeId: THREE_DAY, count: 2 }];
  company = await payByCard(
    svc,
    await createOrder(svc, {
      eventId: FESTIVAL,
      items,
      extraProducts: [{ ticketProductId: PARKING, count: 1 }],
      billingInfo: BILLING,
      language: "cs",
    }),
  );
  personal = await payByCard(svc, await createOrder(svc, { eventId: FESTIVAL, items, language: "en" }));
});
afterAll(() => svc?.close());

/** GETs the receipt PDF of an order: status, headers and the raw bytes. */
async function receiptPdf(orderId: string) {
  const res = await fetch(new URL(`/api/order-receipt-pdf?orderId=${orderId}`, svc.url));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The text lines of a PDF, every kind of space (Intl writes no-break spaces) as a plain one. */
const textOf = (bytes: Uint8Array) => pdfTextLines(bytes).map((line) => line.replace(/\s/g, " "));

/** The receipt of an order as order.receipts answers it. */
async function receiptOf(orderId: string, lang: string): Promise<Receipt> {
  const res = await svc.request(`/api/order-receipts?orderId=${orderId}`, { lang });
  const [receipt] = orderCalls.receipts.response.parse(res.body).receipts;
  if (!receipt) throw new Error(`no receipt for ${orderId}`);
  return receipt;
}

describe("receipt PDF", () => {
  it("prints a company invoice in the order's language with the billing data, lines and VAT table", async () => {
    const res = await receiptPdf(company.orderId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-disposition")).toContain(`receipt-${company.orderNumber}.pdf`);
    expect(Buffer.from(res.bytes).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = textOf(res.bytes);
    const receipt = await receiptOf(company.orderId, "cs");
    expect(text).toContain(`Daňový doklad ${receipt.receiptNumber}`);
    expect(text).toContain("Žluťoučký kůň a.s.");
    expect(text).toContain("DIČ: CZ12345678");
    expect(text).toContain("IČO: 12345678");
    expect(text).toContain("Krátká 2, 602 00 Brno");
    expect(text).toContain(receipt.seller.name);
    if (receipt.seller.vatId) expect(text).toContain(`DIČ: ${receipt.seller.vatId}`);
    expect(text).toContain("Rekapitulace DPH");
    for (const line of receipt.lines) expect(text).toContain(line.name);
    // Tickets and parking are taxed at different rates: one VAT row each.
    expect(receipt.vatTable.length).toBeGreaterThan(1);
    for (const row of receipt.vatTable) expect(text).toContain(`${row.rate} %`);
    expect(text.some((t) => t.includes("Platební karta"))).toBe(true);
  });

  it("prints a receipt without a company invoice with the buyer's name and no billing block", async () => {
    const res = await receiptPdf(personal.orderId);
    expect(res.status).toBe(200);
    const text = textOf(res.bytes);
    const receipt = await receiptOf(personal.orderId, "en");
    expect(receipt.billing).toBeNull();
    expect(text).toContain(`Receipt ${receipt.receiptNumber}`);
    expect(text).toContain(`${BUYER.firstName} ${BUYER.lastName}`);
    expect(text).toContain("VAT summary");
    expect(text.join("\n")).not.toContain("VAT ID: CZ12345678");
  });

  it("answers the billing data and the PDF's address in the receipts", async () => {
    const receipt = await receiptOf(company.orderId, "en");
    expect(receipt.billing).toEqual({
      companyName: BILLING.companyName,
      companyId: BILLING.companyId,
      vatId: BILLING.vatId,
      address: "Krátká 2, 602 00 Brno",
      countryId: 1,
    });
    expect(receipt.paymentMethodId).toBe(company.paymentMethodId);
    expect(receipt.downloadUrl).toBe(`${svc.url}/api/order-receipt-pdf?orderId=${company.orderId}`);
  });

  it("refuses an unpaid order with ORDER_NOT_PAID, an unknown one with 404 and a malformed id with 400", async () => {
    const unpaid = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: THREE_DAY, count: 1 }],
    });
    const refused = expectError(
      await svc.request(`/api/order-receipt-pdf?orderId=${unpaid.orderId}`),
      409,
      "ORDER_NOT_PAID",
    );
    expect(refused.field).toBe("orderId");
    expectError(await svc.request(`/api/order-receipt-pdf?orderId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expect((await svc.request("/api/order-receipt-pdf?orderId=nope")).status).toBe(400);
    expect((await cancelOrder(svc, unpaid.orderId)).status).toBe(200);
  });
});
