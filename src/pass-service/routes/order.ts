/**
 * Order area of spec §7 (and the v2 order reads): creating orders (idempotent), checking, cancelling and
 * reading them, their tickets, vouchers, receipts, bank transfer and the tickets' PDF.
 */
import { eq, or } from "drizzle-orm";
import { orderCalls } from "../../contract/order.ts";
import { v2Calls } from "../../contract/v2.ts";
import { orders } from "../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable, ServiceLocale } from "../http.ts";
import { runIdempotent } from "../services/idempotency.ts";
import {
  bankTransactionOut,
  contentsOut,
  orderEventRef,
  orderOut,
  orderStatusOut,
  receiptsOut,
  ticketsOut,
  vouchersOut,
} from "../services/order-views.ts";
import { type CreateBody, createOrder } from "../services/orders/create.ts";
import { closeOrder, expireDueOrders, findOrder } from "../services/orders/lifecycle.ts";
import { renderTicketsPdf } from "../services/ticket-pdf.ts";

/**
 * 400 unless a return URL is on an origin of the storefront (or of the service itself): the payment gateway
 * sends the buyer there, so any other origin would make the service an open redirect.
 */
export function checkReturnUrl(deps: ServiceDeps, returnUrl: string | undefined): void {
  if (returnUrl === undefined) return;
  const origin = new URL(returnUrl).origin;
  const { corsOrigins, publicUrl } = deps.settings;
  if (corsOrigins.includes("*") || corsOrigins.includes(origin)) return;
  if (publicUrl && new URL(publicUrl).origin === origin) return;
  throw new ServiceError(400, "VALIDATION", `body.returnUrl: ${origin} is not an origin of the storefront`, {
    field: "body.returnUrl",
  });
}

/** Registers the calls of the order area and the v2 order reads. */
export function registerOrderRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const publicUrl = () => deps.settings.publicUrl;
  const timing = () => ({
    gatewayMs: deps.settings.orderPaymentMs,
    bankTransferDays: deps.settings.bankTransferDays,
  });

  const create = async (callId: string, body: CreateBody, key: string | undefined, locale: ServiceLocale) => {
    checkReturnUrl(deps, body.returnUrl);
    const now = deps.clock.now();
    // Units of orders whose time is up are given back before this order counts what is left.
    await expireDueOrders(db, now);
    const orderId = await runIdempotent(db, callId, key, body, now, (tx) =>
      createOrder(tx, body, {
        now,
        locale,
        timing: timing(),
        publicUrl: publicUrl(),
        paymentProviders: deps.settings.paymentProviders,
      }),
    );
    return { order: await orderOut(db, await findOrder(db, orderId, deps.clock.now()), locale, publicUrl()) };
  };

  table.serve(orderCalls.create, ({ body, idempotencyKey, locale }) =>
    create("order.create", body, idempotencyKey, locale),
  );
  table.serve(orderCalls.createV2, ({ body, idempotencyKey, locale }) =>
    create("order.createV2", body, idempotencyKey, locale),
  );

  table.serve(orderCalls.byId, async ({ query, locale }) => ({
    order: await orderOut(db, await findOrder(db, query.orderId, deps.clock.now()), locale, publicUrl()),
  }));
  table.serve(orderCalls.check, async ({ query }) => ({
    orderStatus: await orderStatusOut(db, await findOrder(db, query.orderId, deps.clock.now()), publicUrl()),
  }));
  table.serve(v2Calls.orderStatus, async ({ params }) => ({
    orderStatus: await orderStatusOut(db, await findOrder(db, params.orderId, deps.clock.now()), publicUrl()),
  }));
  table.serve(orderCalls.content, async ({ query, locale }) => ({
    contents: await contentsOut(
      db,
      await findOrder(db, query.orderId, deps.clock.now()),
      locale,
      publicUrl(),
    ),
  }));
  table.serve(v2Calls.orderContents, async ({ params, locale }) => ({
    contents: await contentsOut(
      db,
      await findOrder(db, params.orderId, deps.clock.now()),
      locale,
      publicUrl(),
    ),
  }));
  table.serve(orderCalls.tickets, async ({ query, locale }) => {
    await findOrder(db, query.orderId, deps.clock.now());
    return { tickets: await ticketsOut(db, { orderId: query.orderId }, locale) };
  });
  table.serve(orderCalls.vouchers, async ({ query, locale }) => ({
    vouchers: await vouchersOut(db, await findOrder(db, query.orderId, deps.clock.now()), locale),
  }));
  table.serve(orderCalls.bankTransaction, async ({ query }) => ({
    bankTransaction: await bankTransactionOut(db, await findOrder(db, query.orderId, deps.clock.now())),
  }));

  table.serve(orderCalls.cancel, async ({ query }) => {
    const now = deps.clock.now();
    const paidRefusal = () =>
      new ServiceError(409, "ORDER_PAID", "A paid order cannot be canceled here", { field: "orderId" });
    const order = await findOrder(db, query.orderId, now);
    if (order.status === "paid") throw paidRefusal();
    await db.transaction((tx) => closeOrder(tx, order.orderId, "canceled", now));
    const after = await findOrder(db, order.orderId, now);
    // A payment that arrived while the cancel waited wins: the order is paid, not canceled.
    if (after.status === "paid") throw paidRefusal();
    return { orderStatus: await orderStatusOut(db, after, publicUrl()) };
  });

  const receiptsOf = async (orderId: string, which: "own" | "extra" | "all") => {
    const order = await findOrder(db, orderId, deps.clock.now());
    const family = await db
      .select()
      .from(orders)
      .where(or(eq(orders.orderId, order.orderId), eq(orders.parentOrderId, order.orderId)));
    const picked = family.filter((o) =>
      which === "all"
        ? true
        : which === "own"
          ? o.orderId === order.orderId
          : o.parentOrderId === order.orderId,
    );
    return picked;
  };
  table.serve(orderCalls.receipts, async ({ query, locale }) => ({
    receipts: await receiptsOut(db, await receiptsOf(query.orderId, "own"), locale, publicUrl()),
  }));
  table.serve(orderCalls.receiptsV2, async ({ query, locale }) => ({
    receipts: await receiptsOut(db, await receiptsOf(query.orderId, "all"), locale, publicUrl()),
  }));
  table.serve(orderCalls.extraReceipts, async ({ query, locale }) => ({
    receipts: await receiptsOut(db, await receiptsOf(query.orderId, "extra"), locale, publicUrl()),
  }));

  table.serve(orderCalls.downloadTicket, async ({ query, locale, c }) => {
    const order = await findOrder(db, query.orderId, deps.clock.now());
    if (order.status !== "paid") {
      throw new ServiceError(409, "ORDER_NOT_PAID", "Tickets are issued when the order is paid", {
        field: "orderId",
      });
    }
    const language = order.language;
    let issued = await ticketsOut(db, { orderId: order.orderId }, language);
    if (query.ticketId) {
      issued = issued.filter((t) => t.ticketId === query.ticketId);
      if (issued.length === 0)
        throw new ServiceError(404, "NOT_FOUND", `Ticket "${query.ticketId}" is not in this order`);
    }
    if (issued.length === 0) throw new ServiceError(404, "NOT_FOUND", "This order has no tickets");
    const { ref, organizerName } = await orderEventRef(db, order.eventId, language);
    const full = await orderOut(db, order, locale, publicUrl());
    const pdf = await renderTicketsPdf({
      language,
      orderNumber: order.orderNumber,
      buyerName: `${order.buyer.firstName} ${order.buyer.lastName}`,
      event: {
        name: ref.name,
        startsAt: ref.startsAt,
        endsAt: ref.endsAt,
        timezone: ref.timezone,
        venueName: ref.venueName,
        venueCity: ref.city,
        organizerName,
      },
      tickets: issued.map((t) => ({
        code: t.code,
        qrCode: t.qrCode,
        ticketTypeName: t.ticketType.namePub,
        groupName: t.ticketType.ticketTypeGroup?.namePub ?? null,
        price: t.ticketType.price,
        currencyId: full.currencyId,
        seat: t.seat ? { sectorName: t.seat.sectorName, row: t.seat.row, number: t.seat.number } : null,
        holderName: t.holderName,
      })),
    });
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="tickets-${order.orderNumber}.pdf"`,
      "cache-control": "private, no-store",
    });
  });
}
