/** A fake pass service for the cart's store tests, answering through the pass client's `fetch`. */
import type { Seat } from "../../../../src/contract/reservation.ts";
import type { CartCatalog } from "../../../../src/stores/cart/state.ts";
import { U } from "./fixtures.ts";
import { HOLD_MS, START } from "./store-fixtures.ts";

/** A request the fake service received. */
export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  idempotencyKey: string | null;
}

/** Answers a request before the fake's own logic (undefined: let it answer). */
export type Handler = (sent: Sent) => Response | Promise<Response> | undefined;

/** A JSON answer. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A refusal as the service answers it (`errorText`, `type`, `message`). */
export const refusal = (name: string, status: number, extra: Record<string, unknown> = {}) =>
  json(
    { errorText: `ERROR_${name.toUpperCase()}`, type: name, message: `${name} (English)`, ...extra },
    status,
  );

/**
 * A fake pass service: live availability, holds with expiry (replacing the standing items of a hold),
 * code checks, payment methods, and holds and order creation with idempotency keys. `before` answers first when it
 * returns a response (refusals, outages); `gate` delays reservation answers.
 */
export function fakeService(catalog: CartCatalog, seats: Seat[] = []) {
  const sent: Sent[] = [];
  const available: Record<string, number> = Object.fromEntries(
    catalog.ticketTypes.map((t) => [t.ticketTypeId, t.available]),
  );
  const holds = new Map<
    string,
    { items: Record<string, number>; expiresAt: number; seats?: Record<string, string[]> }
  >();
  // Seats taken by holds of other buyers (the tests take them with `takeSeat`).
  const takenByOthers = new Set<string>();
  const seatHolder = (seatId: string) =>
    [...holds.entries()].find(
      ([, h]) => h.expiresAt > Date.now() && Object.values(h.seats ?? {}).some((ids) => ids.includes(seatId)),
    )?.[0];
  const holdKeys = new Map<string, string>();
  const losing: Record<string, number> = {};
  const orders = new Map<string, Record<string, unknown>>();
  let holdNumber = 500;
  let orderNumber = 260001;
  let before: Handler | undefined;
  let gate: Promise<void> | undefined;

  const reservation = (id: string) => {
    const hold = holds.get(id);
    return {
      reservationId: id,
      eventId: catalog.eventId,
      status: (hold?.expiresAt ?? 0) > Date.now() ? "active" : "expired",
      createdAt: new Date(START).toISOString(),
      expiresAt: new Date(hold?.expiresAt ?? START).toISOString(),
      items: [
        ...Object.entries(hold?.items ?? {}).map(([ticketTypeId, count]) => ({
          ticketTypeId,
          count,
          sectorId: null,
          seats: [] as unknown[],
        })),
        ...Object.entries(hold?.seats ?? {}).flatMap(([sectorId, ids]) =>
          ids.map((seatId) => {
            const seat = seats.find((x) => x.seatId === seatId);
            return {
              ticketTypeId: seat?.ticketTypeId,
              count: 1,
              sectorId,
              seats: [{ seatId, sectorId, sectorName: "Stalls", row: seat?.row, number: seat?.number }],
            };
          }),
        ),
      ],
      total: 0,
      currencyId: 1,
    };
  };

  const order = (body: Record<string, unknown>) => {
    const orderId = U(900 + orderNumber - 260000);
    return {
      orderId,
      orderNumber: orderNumber++,
      parentOrderId: null,
      eventId: catalog.eventId,
      organizerSlug: "louka-open-air",
      eventSlug: "louka-open-air",
      status: "pendingPayment",
      language: "cs",
      value: 249000,
      amount: 249000,
      paidAmount: 0,
      feeAmount: 0,
      currencyId: 1,
      paymentMethodId: body.paymentMethodId,
      created: new Date(START).toISOString(),
      paid: null,
      canceled: null,
      expiresAt: null,
      accountId: null,
      buyer: body.buyer,
      billingInfo: null,
      tickets: [],
      chips: [],
      extraProducts: [],
      discounts: [],
      trackingContext: { eventName: "Louka", eventLocation: "Praha", eventPlace: "Louka", eventGroups: [] },
      payment: {
        paymentMethodId: body.paymentMethodId,
        status: "pending",
        declineReason: null,
        redirectUrl: `/gateway/${orderId}`,
        bankTransfer: null,
      },
    };
  };

  const codeCheck = (code: string, valid: boolean, reason: string | null) => ({
    code,
    valid,
    reason,
    kind: valid ? "percent" : null,
    value: valid ? 10 : null,
    currencyId: null,
    ticketTypeIds: [],
    ticketProductIds: [],
    validFrom: null,
    validTo: null,
    discountAmount: null,
  });

  async function answer(s: Sent): Promise<Response> {
    const early = await before?.(s);
    if (early) return early;
    if (s.path === "/api/ticket-types-extra-products") {
      return json({
        errorText: "OK",
        ticketTypes: catalog.ticketTypes.map((t) => ({
          ...t,
          available: available[t.ticketTypeId] ?? 0,
          soldOut: (available[t.ticketTypeId] ?? 0) === 0,
        })),
        ticketTypeGroups: [],
        extraProducts: catalog.extraProducts,
        chipProducts: catalog.chipProducts,
      });
    }
    if (s.path === "/api/reservation" && s.method === "POST") {
      await gate;
      const known = s.idempotencyKey ? holdKeys.get(s.idempotencyKey) : undefined;
      if (known) return json({ errorText: "OK", reservation: reservation(known) });
      const body = s.body as { reservationId?: string; items: { ticketTypeId: string; count: number }[] };
      const existing = body.reservationId ? holds.get(body.reservationId) : undefined;
      if (body.reservationId && !existing) return refusal("reservation_not_found", 404);
      if (existing && existing.expiresAt <= Date.now()) return refusal("hold_expired", 409);
      for (const [index, item] of body.items.entries()) {
        const free = (available[item.ticketTypeId] ?? 0) + (existing?.items[item.ticketTypeId] ?? 0);
        if (item.count > free) return refusal("sold_out", 409, { field: `items.${index}`, available: free });
      }
      for (const [id, count] of Object.entries(existing?.items ?? {}))
        available[id] = (available[id] ?? 0) + count;
      for (const item of body.items)
        available[item.ticketTypeId] = (available[item.ticketTypeId] ?? 0) - item.count;
      const id = body.reservationId ?? U(holdNumber++);
      holds.set(id, {
        items: Object.fromEntries(body.items.map((i) => [i.ticketTypeId, i.count])),
        expiresAt: Date.now() + HOLD_MS,
        seats: existing?.seats ?? {},
      });
      if (s.idempotencyKey) holdKeys.set(s.idempotencyKey, id);
      return json({ errorText: "OK", reservation: reservation(id) });
    }
    if (s.path === "/api/reservation-seat") {
      await gate;
      const known = s.idempotencyKey ? holdKeys.get(s.idempotencyKey) : undefined;
      if (known) return json({ errorText: "OK", reservation: reservation(known) });
      const body = s.body as { reservationId?: string; sectorId: string; seatIds: string[] };
      const existing = body.reservationId ? holds.get(body.reservationId) : undefined;
      if (body.reservationId && !existing) return refusal("reservation_not_found", 404);
      if (existing && existing.expiresAt <= Date.now()) return refusal("hold_expired", 409);
      const taken = body.seatIds.filter((id) => {
        const holder = seatHolder(id);
        return takenByOthers.has(id) || (holder !== undefined && holder !== body.reservationId);
      });
      if (taken.length > 0) return refusal("seat_taken", 409, { seatIds: taken });
      const id = body.reservationId ?? U(holdNumber++);
      const hold = existing ?? { items: {}, expiresAt: 0 };
      holds.set(id, {
        ...hold,
        expiresAt: Date.now() + HOLD_MS,
        seats: { ...hold.seats, [body.sectorId]: body.seatIds },
      });
      if (s.idempotencyKey) holdKeys.set(s.idempotencyKey, id);
      return json({ errorText: "OK", reservation: reservation(id) });
    }
    const sectorSeats = /^\/api\/reservation\/sector\/([^/]+)\/seats$/.exec(s.path);
    if (sectorSeats) {
      return json({
        errorText: "OK",
        seats: seats
          .filter((x) => x.sectorId === sectorSeats[1])
          .map((x) => ({
            ...x,
            state: takenByOthers.has(x.seatId) || seatHolder(x.seatId) ? "held" : "free",
          })),
      });
    }
    if (s.path === "/api/reservation" && s.method === "DELETE") {
      const id = s.query.get("reservationId") ?? "";
      for (const [type, count] of Object.entries(holds.get(id)?.items ?? {})) {
        available[type] = (available[type] ?? 0) + count;
      }
      holds.delete(id);
      return json({ errorText: "OK" });
    }
    if (s.path === "/api/coupon") {
      const code = s.query.get("code") ?? "";
      return json({
        errorText: "OK",
        coupon: codeCheck(code, code === "LOUKA10", code === "OLD" ? "expired" : "notFound"),
      });
    }
    if (s.path.startsWith("/api/v2/check-discount-code/")) {
      const code = decodeURIComponent(s.path.split("/").at(-1) ?? "");
      return json({ errorText: "OK", discount: codeCheck(code, code === "STUDENT15", "notFound") });
    }
    if (s.path === "/api/supercoupon") {
      const code = s.query.get("code") ?? "";
      return json({
        errorText: "OK",
        supercoupon: {
          code,
          valid: false,
          reason: "notFound",
          eventIds: [],
          ticketTypeIds: [],
          remainingTickets: 0,
          validTo: null,
        },
      });
    }
    if (s.path === `/api/event/${catalog.eventId}/payment-method`) {
      return json({ errorText: "OK", paymentMethods: catalog.paymentMethods.slice(0, 1) });
    }
    if (s.path === "/api/order-create-v2") {
      const key = s.idempotencyKey ?? "";
      const body = s.body as Record<string, unknown>;
      let made = orders.get(key);
      if (!made) {
        made = order(body);
        orders.set(key, made);
      }
      return json({ errorText: "OK", order: made });
    }
    return refusal("not_found", 404);
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const s: Sent = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      idempotencyKey: new Headers(init.headers).get("idempotency-key"),
    };
    sent.push(s);
    const response = await answer(s);
    if ((losing[s.path] ?? 0) > 0) {
      losing[s.path] = (losing[s.path] ?? 0) - 1;
      throw new TypeError("fetch failed");
    }
    return response;
  };

  return {
    sent,
    available,
    holds,
    orders,
    /** Another buyer holds a seat. */
    takeSeat(seatId: string) {
      takenByOthers.add(seatId);
    },
    fetch: fetch as typeof globalThis.fetch,
    /** Answers before the fake's own logic (undefined: let it answer). */
    before(handler: Handler | undefined) {
      before = handler;
    },
    /** Does the next `count` requests to a path, then loses their answers (the connection drops). */
    loseAnswers(path: string, count = 1) {
      losing[path] = count;
    },
    /** Holds reservation answers until the returned function is called. */
    gate(): () => void {
      let open: () => void = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}
