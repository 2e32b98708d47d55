import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../src/client/index.ts";
import { money } from "../../src/components/event/event-view.ts";
import { loadOrderPage } from "../../src/components/order/order-data.ts";
import { orderPageTexts, orderPageView } from "../../src/components/order/order-view.ts";
import { Event, type PaymentMethod } from "../../src/contract/event.ts";
import { getT } from "../../src/lib/i18n/index.ts";
import { EVENT_ID, ORDER_ID, order } from "./support/orders.ts";

const en = getT("en");
const PUBLIC = "https://pass.example";

const method = (id: number, displayOrder: number): PaymentMethod => ({
  paymentMethodId: id,
  name: `Method ${id}`,
  description: null,
  feeAmount: null,
  currencyId: 1,
  displayOrder,
});

describe("order page texts", () => {
  it("names the order and its event, or says the page is missing or unavailable, with the brand", () => {
    expect(
      orderPageTexts({ kind: "order", order: order(), event: { name: "Summer Fest" } }, en, "Vstupio"),
    ).toEqual({
      title: en("order.metaTitle", { number: 1042, event: "Summer Fest", brand: "Vstupio" }),
      description: en("order.description", { event: "Summer Fest" }),
    });
    expect(orderPageTexts({ kind: "notFound" }, en, "Vstupio")).toEqual({
      title: `${en("notFound.title")} | Vstupio`,
      description: en("notFound.text"),
    });
    expect(orderPageTexts({ kind: "unavailable" }, en, "Vstupio").title).toBe(
      `${en("order.unavailable.heading")} | Vstupio`,
    );
  });
});

describe("order page view", () => {
  const context = { locale: "en" as const, t: en, publicBase: PUBLIC };

  it("leads a paid order to its tickets, or without them to its credit vouchers, the loaded chip or its extras' vouchers", () => {
    const lead = (o: ReturnType<typeof order>) =>
      orderPageView({ order: o, event: { timezone: "Europe/Prague" }, methods: [], phase: "paid" }, context)
        .phaseLead;
    const paid = order({ status: "paid" });
    const [credit] = paid.chips;
    if (!credit) throw new Error("The sample order holds chip credit");
    expect(lead(paid)).toBe(en("order.phase.paid.lead"));
    expect(lead({ ...paid, tickets: [] })).toBe(en("chips.vouchers.paidLead"));
    expect(lead({ ...paid, tickets: [], chips: [{ ...credit, chipId: "chip-1" }] })).toBe(
      en("chips.loadedLead"),
    );
    const shirt = {
      ticketProductId: "7c6b5a4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
      name: "T-shirt",
      price: 45000,
      count: 2,
      variantValueId: null,
      variantName: null,
      currencyId: 1,
    };
    expect(lead({ ...paid, tickets: [], chips: [], extraProducts: [shirt] as never })).toBe(
      en("chips.extras.paidLead"),
    );
  });

  it("links back to the event and the cart, the gateway, and says until when to pay", () => {
    const view = orderPageView(
      { order: order(), event: { timezone: "Europe/Prague" }, methods: [], phase: "gateway" },
      context,
    );
    expect(view.eventHref).toBe("/en/event/pulse-events/summer-fest/");
    expect(view.cartHref).toBe("/en/event/pulse-events/summer-fest/cart/");
    expect(view.gatewayHref).toBe(`${PUBLIC}/gateway/p1`);
    expect(view.phaseLead).toBe(en("order.phase.gateway.lead"));
    expect(view.expiresText).toBe(en("order.expiresAt", { date: "1 May 2026 at 12:15" }));
    expect(view.transfer).toBeNull();
    expect(view.downloadHref()).toBe(`${PUBLIC}/api/order-download-ticket?orderId=${ORDER_ID}`);
    expect(view.downloadHref("t-1")).toBe(
      `${PUBLIC}/api/order-download-ticket?orderId=${ORDER_ID}&ticketId=t-1`,
    );
    expect(view.receiptPdfHref).toBe(`${PUBLIC}/api/order-receipt-pdf?orderId=${ORDER_ID}`);
  });

  it("shows a bank transfer with its due date and QR code", () => {
    const bankTransfer = {
      accountNumber: "2900123456/2010",
      iban: "CZ6520100000002900123456",
      bic: "FIOBCZPPXXX",
      variableSymbol: "1042",
      amount: 262000,
      currencyId: 1,
      dueDate: "2026-05-04",
      message: "Order 1042",
      qrUrl: `/order/${ORDER_ID}/spayd-qr`,
    };
    const base = order();
    const transferred = order({ payment: { ...base.payment, paymentMethodId: 2, bankTransfer } });
    const view = orderPageView(
      { order: transferred, event: { timezone: "Europe/Prague" }, methods: [], phase: "bankTransfer" },
      context,
    );
    expect(view.transfer).toEqual(bankTransfer);
    expect(view.qrSrc).toBe(`${PUBLIC}/order/${ORDER_ID}/spayd-qr`);
    expect(view.phaseLead).toBe(en("order.phase.bankTransfer.lead", { date: "4 May 2026" }));
  });

  it("explains a known decline reason in words and shows another as given", () => {
    const declined = (reason: string) => {
      const base = order();
      return orderPageView(
        {
          order: order({ payment: { ...base.payment, status: "declined", declineReason: reason } }),
          event: { timezone: "Europe/Prague" },
          methods: [],
          phase: "declined",
        },
        context,
      ).declineText;
    };
    expect(declined("card_declined")).toBe(en("order.declineReason.card_declined"));
    expect(declined("3ds_timeout")).toBe("3ds_timeout");
  });

  it("offers the methods in display order, the order's own first when the event still offers it", () => {
    const methods = [method(2, 2), method(1, 1), method(5, 0)];
    const view = orderPageView(
      { order: order(), event: { timezone: "Europe/Prague" }, methods, phase: "choose" },
      context,
    );
    expect(view.methods.map((m) => m.id)).toEqual([5, 1, 2]);
    expect(view.selectedMethod).toBe(1);
    const other = orderPageView(
      {
        order: order({ paymentMethodId: 7 }),
        event: { timezone: "Europe/Prague" },
        methods,
        phase: "choose",
      },
      context,
    );
    expect(other.selectedMethod).toBe(5);
  });

  it("names each method's fee and the amount paying with it charges, its fee included", () => {
    const card = method(1, 0);
    const bank = { ...method(2, 1), feeAmount: 2500 };
    const view = orderPageView(
      {
        order: order({ feeAmount: 0, value: 658000, amount: 658000 }),
        event: { timezone: "Europe/Prague" },
        methods: [card, bank],
        phase: "declined",
      },
      context,
    );
    const m = (minor: number) => money(minor, 1, "en");
    expect(view.methods.map((x) => [x.fee, x.submit])).toEqual([
      [null, en("order.pay.submit", { amount: m(658000) })],
      [en("cart.payment.fee", { fee: m(2500) }), en("order.pay.submit", { amount: m(660500) })],
    ]);
  });
});

/** The order's event as `event.byId` answers it. */
const summerFest = Event.parse({
  eventId: EVENT_ID,
  organizerSlug: "pulse-events",
  eventSlug: "summer-fest",
  name: "Summer Fest",
  startsAt: "2026-07-01T16:00:00Z",
  endsAt: "2026-07-01T22:00:00Z",
  timezone: "Europe/Prague",
  eventTypeId: 1,
  eventKindId: 1,
  eventCategoryIds: [1],
  currencyId: 1,
  salesState: "onSale",
  saleStartsAt: null,
  priceFrom: 50000,
  poster: null,
  venueName: "Výstaviště",
  city: "Praha",
  flags: { popular: false, ourSelection: false, special: false },
  visible: true,
  updatedAt: "2026-01-01T00:00:00Z",
  description: "",
  doorsAt: null,
  saleEndsAt: null,
  eventSizeId: 1,
  venue: null,
  gallery: [],
  galleryIds: [],
  eventGroups: [],
  organizer: {
    organizerId: "22d91917-808a-5b17-b4c8-953092b0f552",
    organizerSlug: "pulse-events",
    name: "Pulse",
  },
  hasProgram: false,
  hasSeatMap: false,
});

describe("order page data", () => {
  /** A client whose service answers each path with `answer(path)`. */
  function pass(answer: (path: string) => Response) {
    const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input)).pathname));
    return createApiClient({
      baseUrl: PUBLIC,
      agentVersion: "test",
      agentSource: "web",
      language: "en",
      fetch,
    });
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const request = {
    orderId: ORDER_ID,
    organizerSlug: "pulse-events",
    eventSlug: "summer-fest",
    enforceMethod: false,
  };
  const logger = () => ({ error: vi.fn() });

  it("answers not found for an id that is no UUID, an unknown order, or an order of another event", async () => {
    const log = logger();
    const unknown = pass(() => json({ errorText: "ERROR_NOT_FOUND", type: "not_found", message: "no" }, 404));
    expect(await loadOrderPage(unknown, { ...request, orderId: "nope" }, log)).toEqual({ kind: "notFound" });
    expect(await loadOrderPage(unknown, request, log)).toEqual({ kind: "notFound" });
    const found = pass(() => json({ errorText: "OK", order: order() }));
    expect(await loadOrderPage(found, { ...request, eventSlug: "other" }, log)).toEqual({ kind: "notFound" });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("answers unavailable, and logs it, when the service cannot answer", async () => {
    const log = logger();
    const down = pass(() => json({ errorText: "ERROR_INTERNAL", message: "down" }, 503));
    expect(await loadOrderPage(down, request, log)).toEqual({ kind: "unavailable" });
    expect(log.error).toHaveBeenCalledWith(
      `order ${ORDER_ID} not loaded:`,
      expect.objectContaining({ status: 503 }),
    );
  });

  it("fetches the payment methods when the page offers a choice", async () => {
    const base = order();
    const choose = order({
      payment: { ...base.payment, status: "declined", declineReason: "card_declined" },
    });
    const paths: string[] = [];
    const client = pass((path) => {
      paths.push(path);
      if (path === "/api/order-by-id") return json({ errorText: "OK", order: choose });
      if (path === "/api/event-by-id") return json({ errorText: "OK", event: summerFest });
      if (path.endsWith("/payment-method")) return json({ errorText: "OK", paymentMethods: [method(1, 0)] });
      return json({ errorText: "ERROR_NOT_FOUND" }, 404);
    });
    const page = await loadOrderPage(client, request, logger());
    expect(page).toMatchObject({ kind: "order", phase: "declined", choice: true, tickets: [] });
    expect(page.kind === "order" && page.methods.map((m) => m.paymentMethodId)).toEqual([1]);
    expect(paths).toContain(`/api/event/${EVENT_ID}/payment-method`);
  });

  it("fetches the tickets, the vouchers of its chip credit and the receipt of a paid order, and none before", async () => {
    const paths: string[] = [];
    const voucher = {
      voucherId: "6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d",
      orderId: ORDER_ID,
      code: "CRD-ABCD-EFGH-JKLM",
      qrCode: "VSTC1.x",
      kind: "chipCredit",
      name: "Kredit 100",
      detail: null,
      count: 1,
      amount: 10000,
      currencyId: 1,
      validTo: null,
      redeemed: false,
      redeemedAt: null,
    };
    const receipt = {
      receiptId: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
      receiptNumber: "2026-000001",
      orderId: ORDER_ID,
      issuedAt: "2026-05-01T10:00:00.000Z",
      currencyId: 1,
      seller: { name: "Pulse", address: "", companyId: null, vatId: null },
      buyerName: "Jana Nováková",
      billing: null,
      paymentMethodId: 1,
      lines: [{ name: "Entry", count: 1, unitPrice: 1000, total: 1000, vatRate: 12, itemTypeId: null }],
      vatTable: [{ rate: 12, base: 893, vat: 107, total: 1000 }],
      total: 1000,
      downloadUrl: `${PUBLIC}/api/order-receipt-pdf?orderId=${ORDER_ID}`,
    };
    const client = (status: "paid" | "created") =>
      pass((path) => {
        paths.push(path);
        if (path === "/api/order-by-id") return json({ errorText: "OK", order: order({ status }) });
        if (path === "/api/event-by-id") return json({ errorText: "OK", event: summerFest });
        if (path === "/api/order-tickets") return json({ errorText: "OK", tickets: [] });
        if (path === "/api/order-receipts") return json({ errorText: "OK", receipts: [receipt] });
        if (path === "/api/order-vouchers") return json({ errorText: "OK", vouchers: [voucher] });
        if (path.endsWith("/payment-method")) return json({ errorText: "OK", paymentMethods: [] });
        return json({ errorText: "ERROR_NOT_FOUND" }, 404);
      });
    const paid = await loadOrderPage(client("paid"), request, logger());
    expect(paid).toMatchObject({ kind: "order", phase: "paid", receipt, vouchers: [voucher] });
    expect(paths).toContain("/api/order-receipts");
    paths.length = 0;
    const unpaid = await loadOrderPage(client("created"), request, logger());
    expect(unpaid).toMatchObject({ kind: "order", receipt: null, vouchers: [] });
    expect(paths).not.toContain("/api/order-receipts");
    expect(paths).not.toContain("/api/order-vouchers");
  });
});
