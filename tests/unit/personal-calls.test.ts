/** Which calls answer about one buyer (sent with Cache-Control: no-store) and which are catalog reads. */
import { describe, expect, it } from "vitest";
import { isPersonalCall, PERSONAL_CALL_IDS } from "../../src/contract/define.ts";
import { CALLS, passServiceCalls } from "../../src/contract/index.ts";

describe("personal calls", () => {
  it("lists only calls of the contract", () => {
    const ids = new Set(passServiceCalls().map((def) => def.id));
    for (const id of PERSONAL_CALL_IDS) expect(ids.has(id), id).toBe(true);
  });

  it("counts orders, tickets, receipts, transfers, holds and accounts as personal, catalog reads not", () => {
    for (const id of [
      "order.byId",
      "order.downloadTicket",
      "order.bankTransaction",
      "receipt.products",
      "payment.start",
      "account.get",
      "reservation.create",
      "ticket.byCode",
      "v2.ticketByQrCode",
      "v2.orderStatus",
      "root.spaydQr",
    ] as const) {
      expect(isPersonalCall(CALLS[id]), id).toBe(true);
    }
    for (const id of [
      "event.byId",
      "ticket.typesExtraProducts",
      "reservation.sectorSeats",
      "v2.eventTicketTypes",
      "root.health",
    ] as const) {
      expect(isPersonalCall(CALLS[id]), id).toBe(false);
    }
  });
});
