/**
 * Seats sold through orders: an order takes over its hold's seats, v2 bodies must list exactly those seats,
 * seated ticket types are not sold by count, paid tickets carry their seats, and canceled or expired orders
 * free them.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { orderCalls } from "../../src/contract/order.ts";
import { reservationCalls } from "../../src/contract/reservation.ts";
import { pdfTextLines } from "../support/pdf-text.ts";
import { must } from "./support/expect.ts";
import {
  cancelOrder,
  createOrder,
  expectError,
  orderBody,
  payByCard,
  postOrder,
  ticketsOf,
} from "./support/sales.ts";
import { postSeatHold, seatedSector, seatTestService, statesOf } from "./support/seats.ts";

const target = seatedSector();
const { eventId, sectorId } = target;
const defaultType = must(target.ticketTypeIds[0], "default type");

const seatService = seatTestService(eventId, sectorId);
const { freshSeats } = seatService;

/** Holds seats and answers the reservation. */
async function hold(ids: string[]) {
  const res = await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.seat.response.parse(res.body).reservation;
}

describe("orders of held seats", () => {
  it("takes over the hold's seats, lists them on the order line, and prints them on the paid tickets", async () => {
    const ids = freshSeats(3);
    const reservation = await hold(ids);
    const order = await createOrder(seatService.svc, { eventId, reservationId: reservation.reservationId });
    const line = must(order.tickets[0], "ticket line");
    expect(order.tickets).toHaveLength(1);
    expect(line).toMatchObject({ count: 3 });
    expect(line.ticketType.ticketTypeId).toBe(defaultType);
    expect(line.seats.map((s) => s.seatId).sort()).toEqual([...ids].sort());
    expect(order.value).toBeGreaterThanOrEqual(line.price * 3);
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["sold", "sold", "sold"]);

    await payByCard(seatService.svc, order);
    const tickets = await ticketsOf(seatService.svc, order.orderId);
    expect(tickets).toHaveLength(3);
    expect(tickets.map((t) => t.seat?.seatId).sort()).toEqual([...ids].sort());
    for (const t of tickets) {
      const seat = must(t.seat ?? undefined, "seat");
      expect(seat).toMatchObject({ sectorId, sectorName: line.seats[0]?.sectorName });
      expect(seat.row).not.toBe("");
    }
    // Paid seats stay sold; nobody can hold them.
    expectError(await postSeatHold(seatService.svc, { eventId, sectorId, seatIds: ids }), 409, "SEAT_TAKEN");
  });

  it("order-create-v2 takes the seats when the body lists exactly the hold's seats", async () => {
    const ids = freshSeats(2);
    const reservation = await hold(ids);
    const seats = ids.map((seatId) => ({ sectorId, seatId, ticketTypeId: defaultType }));
    const res = await postOrder(
      seatService.svc,
      orderBody({ eventId, reservationId: reservation.reservationId, seats } as never),
      { path: "/api/order-create-v2" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = orderCalls.createV2.response.parse(res.body).order;
    expect(order.tickets.flatMap((l) => l.seats.map((s) => s.seatId)).sort()).toEqual([...ids].sort());
  });

  it("order-create-v2 refuses seats the hold does not hold, a part of them, and seats without a hold", async () => {
    const [a, b, c] = freshSeats(3) as [string, string, string];
    const reservation = await hold([a, b]);
    const v2 = (fields: Record<string, unknown>) =>
      postOrder(seatService.svc, orderBody({ eventId, ...fields }), { path: "/api/order-create-v2" });
    const rid = reservation.reservationId;
    expectError(
      await v2({
        reservationId: rid,
        seats: [
          { sectorId, seatId: a },
          { sectorId, seatId: c },
        ],
      }),
      400,
      "SEATS_NOT_HELD",
      "seats.1",
    );
    expectError(
      await v2({ reservationId: rid, seats: [{ sectorId, seatId: a }] }),
      400,
      "SEATS_NOT_HELD",
      "seats",
    );
    const other = target.ticketTypeIds.find((t) => t !== defaultType);
    if (other) {
      const wrongType = [
        { sectorId, seatId: a, ticketTypeId: other },
        { sectorId, seatId: b },
      ];
      expectError(await v2({ reservationId: rid, seats: wrongType }), 400, "SEATS_NOT_HELD", "seats.0");
    }
    expectError(await v2({ seats: [{ sectorId, seatId: c }] }), 400, "SEATS_NOT_HELD", "reservationId");
    // Nothing was sold: the hold still has its seats, the other seat is free.
    expect(await statesOf(seatService.svc, eventId, sectorId, [a, b, c])).toEqual(["held", "held", "free"]);
  });

  it("refuses a seated ticket type bought by count without seats", async () => {
    const res = await postOrder(
      seatService.svc,
      orderBody({ eventId, items: [{ ticketTypeId: defaultType, count: 2 }] }),
    );
    expectError(res, 400, "SEATS_REQUIRED", "items.0");
  });

  it("a canceled order frees its seats for the next buyer", async () => {
    const ids = freshSeats(2);
    const order = await createOrder(seatService.svc, {
      eventId,
      reservationId: (await hold(ids)).reservationId,
    });
    expect((await cancelOrder(seatService.svc, order.orderId)).status).toBe(200);
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["free", "free"]);
    await hold(ids);
  });

  it("an unpaid order past its due time frees its seats", async () => {
    const ids = freshSeats(2);
    const order = await createOrder(seatService.svc, {
      eventId,
      reservationId: (await hold(ids)).reservationId,
    });
    seatService.svc.clock.offsetMs =
      Date.parse(must(order.expiresAt ?? undefined, "due time")) - Date.now() + 1_000;
    expect(await statesOf(seatService.svc, eventId, sectorId, ids)).toEqual(["free", "free"]);
    const again = await hold(ids);
    expect(again.items.flatMap((i) => i.seats.map((s) => s.seatId)).sort()).toEqual([...ids].sort());
  });

  it("a hold that expired cannot become an order, and its seats go to whoever holds them next", async () => {
    const ids = freshSeats(2);
    const first = await hold(ids);
    seatService.svc.clock.offsetMs = Date.parse(first.expiresAt) - Date.now() + 1_000;
    await hold(ids);
    const res = await postOrder(seatService.svc, orderBody({ eventId, reservationId: first.reservationId }), {
      key: randomUUID(),
    });
    expectError(res, 409, "HOLD_EXPIRED", "reservationId");
  });

  it("prints sector, row and seat on the tickets' PDF and the receipt", async () => {
    const ids = freshSeats(2);
    const order = await createOrder(seatService.svc, {
      eventId,
      reservationId: (await hold(ids)).reservationId,
    });
    await payByCard(seatService.svc, order);
    const seats = must(order.tickets[0], "line").seats;
    const expected = seats.map((s) => `${s.sectorName}, row ${s.row}, seat ${s.number}`);

    const pdf = await fetch(
      new URL(`/api/order-download-ticket?orderId=${order.orderId}`, seatService.svc.url),
    );
    expect(pdf.status).toBe(200);
    const text = pdfTextLines(new Uint8Array(await pdf.arrayBuffer()))
      .join("\n")
      .replace(/\s+/g, " ");
    for (const seat of expected) expect(text).toContain(seat);

    const receipts = await seatService.svc.request(`/api/order-receipts?orderId=${order.orderId}`, {
      lang: "en",
    });
    expect(receipts.status).toBe(200);
    const ticketLine = must(
      orderCalls.receipts.response.parse(receipts.body).receipts[0]?.lines[0],
      "receipt line",
    );
    for (const seat of expected) expect(ticketLine.name).toContain(seat);
  });
});
