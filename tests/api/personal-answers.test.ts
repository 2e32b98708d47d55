/**
 * What a printed ticket opens, and caching of personal answers: a code look-up (ticket-by-code, the v2 QR
 * look-up) answers that ticket only, without its order or its id; ticket codes carry at least 64 random
 * bits; answers about orders, tickets, receipts, transfers and holds carry `Cache-Control: no-store`, JSON
 * or not, while catalog answers do not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../src/contract/order.ts";
import { type Ticket, ticketCalls } from "../../src/contract/ticket.ts";
import { v2Calls } from "../../src/contract/v2.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { randomCode } from "../../src/pass-service/services/orders/issue.ts";
import { BANK, BUYER, createOrder, payByCard, ticketsOf } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const THREE_DAY = ticketTypeId("festival", "tridenni");
const CAMPING = ticketTypeId("festival", "kemp");
/** Letters and digits of printed codes (no 0/O, 1/I): 32 of them, 5 bits each. */
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

let svc: TestService;
let paid: Order;
let tickets: Ticket[];
beforeAll(async () => {
  svc = await startTestService();
  paid = await payByCard(
    svc,
    await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: THREE_DAY, count: 2 }] }),
  );
  tickets = await ticketsOf(svc, paid.orderId);
});
afterAll(() => svc?.close());

/** A ticket as a printed code shows it: without its id and its order's. */
function printed(ticket: Ticket) {
  const { ticketId: _ticketId, orderId: _orderId, ...rest } = ticket;
  return rest;
}

describe("code look-ups", () => {
  it("ticket-by-code answers that ticket only: no order id, no ticket id, no buyer contact", async () => {
    const ticket = tickets[0] as Ticket;
    const res = await svc.request(
      `/api/ticket-by-code?code=${encodeURIComponent(ticket.code.toLowerCase())}`,
      {
        lang: "en",
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body.ticket)).not.toContain("orderId");
    expect(Object.keys(res.body.ticket)).not.toContain("ticketId");
    const text = JSON.stringify(res.body);
    for (const secret of [paid.orderId, ticket.ticketId, BUYER.email, BUYER.phone]) {
      expect(text).not.toContain(secret);
    }
    expect(ticketCalls.byCode.response.parse(res.body).ticket).toEqual(printed(ticket));
  });

  it("the v2 look-up by QR code answers the same smaller ticket", async () => {
    const ticket = tickets[1] as Ticket;
    const res = await svc.request(`/api/v2/ticket/qrCode/${encodeURIComponent(ticket.qrCode)}`, {
      lang: "en",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body.ticket)).not.toContain("orderId");
    expect(Object.keys(res.body.ticket)).not.toContain("ticketId");
    expect(JSON.stringify(res.body)).not.toContain(paid.orderId);
    expect(v2Calls.ticketByQrCode.response.parse(res.body).ticket).toEqual(printed(ticket));
  });

  it("the order's own reads keep the whole ticket", async () => {
    const ticket = tickets[0] as Ticket;
    const res = await svc.request(`/api/ticket-by-id?ticketId=${ticket.ticketId}`, { lang: "en" });
    expect(ticketCalls.byId.response.parse(res.body).ticket).toEqual(ticket);
  });

  it("ticket codes carry at least 64 random bits in readable groups of four", () => {
    const codes = [...tickets.map((t) => t.code), ...Array.from({ length: 200 }, () => randomCode("VST"))];
    const bitsPerChar = Math.log2(CODE_ALPHABET.length);
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^VST(-[${CODE_ALPHABET}]{4})+$`));
      const random = code.slice("VST-".length).replaceAll("-", "");
      expect(random.length * bitsPerChar).toBeGreaterThanOrEqual(64);
      expect(code.length).toBeLessThanOrEqual(64);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("Cache-Control of personal answers", () => {
  const noStore = async (path: string, init?: Parameters<TestService["request"]>[1]) => {
    const res = await svc.request(path, init);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    expect(res.headers.get("cache-control") ?? "", path).toMatch(/\bno-store\b/);
    return res;
  };

  it("orders, tickets, receipts, status and contents carry no-store", async () => {
    const id = paid.orderId;
    const ticket = tickets[0] as Ticket;
    for (const path of [
      `/api/order-by-id?orderId=${id}`,
      `/api/order-check?orderId=${id}`,
      `/api/order-tickets?orderId=${id}`,
      `/api/order-vouchers?orderId=${id}`,
      `/api/order-receipts?orderId=${id}`,
      `/api/order-content?orderId=${id}`,
      `/api/v2/order/${id}/status`,
      `/api/v2/order/${id}/contents`,
      `/api/ticket-by-id?ticketId=${ticket.ticketId}`,
      `/api/ticket-by-code?code=${ticket.code}`,
      `/api/v2/ticket/qrCode/${encodeURIComponent(ticket.qrCode)}`,
      `/api/ticket-chips?ticketId=${ticket.ticketId}`,
    ]) {
      const res = await noStore(path);
      expect(res.status, path).toBe(200);
    }
  });

  it("the tickets' PDF, a transfer's details and its QR image carry no-store", async () => {
    const pdf = await noStore(`/api/order-download-ticket?orderId=${paid.orderId}`);
    expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
    const transfer = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: CAMPING, count: 1 }],
      paymentMethodId: BANK,
    });
    await noStore(`/api/bank-transaction?orderId=${transfer.orderId}`);
    const qr = await noStore(`/order/${transfer.orderId}/spayd-qr`);
    expect(qr.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    await noStore(`/api/order-cancel?orderId=${transfer.orderId}`, { method: "POST" });
  });

  it("holds and refusals of personal calls carry no-store", async () => {
    const hold = await noStore("/api/reservation", {
      method: "POST",
      json: { eventId: FESTIVAL, items: [{ ticketTypeId: CAMPING, count: 1 }] },
    });
    expect(hold.status).toBe(200);
    await noStore(`/api/reservation?reservationId=${hold.body.reservation.reservationId}`, {
      method: "DELETE",
    });
    const missing = await noStore("/api/ticket-by-code?code=VST-NONE-NONE-NONE-NONE");
    expect(missing.status).toBe(404);
  });

  it("catalog answers do not", async () => {
    for (const path of [
      `/api/ticket-types-extra-products?eventId=${FESTIVAL}`,
      `/api/event-by-id?eventId=${FESTIVAL}`,
      `/api/v2/event/id/${FESTIVAL}/ticket-type`,
      `/api/event/${FESTIVAL}/payment-method`,
    ]) {
      const res = await svc.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("no-store");
    }
  });
});
