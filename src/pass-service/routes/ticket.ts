/**
 * Ticket area of spec §7: what an event's cart sells (ticket types, extra products, chip top-ups), item
 * types, the chip credit limit, coupon and supercoupon checks, redeeming a supercoupon, and issued tickets
 * (by id or printed code) with their items, products and chips.
 */
import { TicketPublic, ticketCalls } from "../../contract/ticket.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { checkCoupon, checkSupercoupon } from "../services/codes.ts";
import { eventBasics } from "../services/event-basics.ts";
import { chipProductsOf, extraProductsOf } from "../services/extras.ts";
import { orderOut } from "../services/order-views.ts";
import { redeemSupercoupon } from "../services/orders/from-codes.ts";
import { findOrder } from "../services/orders/lifecycle.ts";
import { itemTypeCounts, ticketTypesCovered, ticketTypesOf } from "../services/ticket-types.ts";
import { chipsOfTicket, ticketByCode, ticketById, ticketsOut } from "../services/tickets.ts";

/** Registers the calls of the ticket area. */
export function registerTicketRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(ticketCalls.typesExtraProducts, async ({ query, locale }) => {
    const now = deps.clock.now();
    const event = await eventBasics(db, query.eventId);
    const [types, extraProducts, chipProducts] = await Promise.all([
      ticketTypesOf(db, event, locale, now),
      extraProductsOf(db, { eventId: event.eventId }, locale, now),
      chipProductsOf(db, event, locale),
    ]);
    return { ...types, extraProducts, chipProducts };
  });

  table.serve(ticketCalls.contentItemTypes, async ({ query }) => {
    const event = await eventBasics(db, query.eventId);
    return { itemTypes: await itemTypeCounts(db, event.eventId, "ticketTypes") };
  });

  table.serve(ticketCalls.productItemTypes, async ({ query }) => {
    const event = await eventBasics(db, query.eventId);
    return { itemTypes: await itemTypeCounts(db, event.eventId, "extraProducts") };
  });

  table.serve(ticketCalls.chipCreditLimit, async ({ query }) => {
    const event = await eventBasics(db, query.eventId);
    const limit = event.chipCreditLimit;
    return {
      chipCreditLimit: limit
        ? {
            eventId: event.eventId,
            minAmount: limit.minAmount,
            maxAmount: limit.maxAmount,
            step: limit.step,
            currencyId: event.currencyId,
          }
        : null,
    };
  });

  table.serve(ticketCalls.extraProducts, async ({ query, locale }) => {
    const event = await eventBasics(db, query.eventId);
    return { extraProducts: await extraProductsOf(db, { eventId: event.eventId }, locale, deps.clock.now()) };
  });

  // Codes.
  table.serve(ticketCalls.coupon, async ({ query }) => {
    const { check } = await checkCoupon(db, query.eventId, query.code, deps.clock.now());
    return { coupon: check };
  });

  table.serve(ticketCalls.supercoupon, async ({ query }) => ({
    supercoupon: await checkSupercoupon(db, query.code, query.eventId, deps.clock.now()),
  }));

  table.serve(ticketCalls.supercouponWithTicketTypes, async ({ query, locale }) => {
    const now = deps.clock.now();
    const supercoupon = await checkSupercoupon(db, query.code, query.eventId, now);
    if (!supercoupon.valid) return { supercoupon, ticketTypes: [] };
    const event = await eventBasics(db, query.eventId);
    const { ticketTypes } = await ticketTypesOf(db, event, locale, now);
    return { supercoupon, ticketTypes: ticketTypesCovered(ticketTypes, supercoupon.ticketTypeIds) };
  });

  table.serve(ticketCalls.supercouponRedeem, async ({ body, idempotencyKey, locale }) => {
    const now = deps.clock.now();
    const orderId = await redeemSupercoupon(db, body, idempotencyKey, {
      now,
      locale,
      timing: { gatewayMs: deps.settings.orderPaymentMs, bankTransferDays: 1 },
      publicUrl: deps.settings.publicUrl,
    });
    const order = await findOrder(db, orderId, now);
    return {
      orderId,
      orderNumber: order.orderNumber,
      tickets: await ticketsOut(db, { orderId }, locale),
    };
  });

  // Issued tickets. A printed code opens its ticket only: the public schema drops what leads to the order.
  table.serve(ticketCalls.byId, async ({ query, locale }) => ({
    ticket: await ticketById(db, query.ticketId, locale),
  }));

  table.serve(ticketCalls.byCode, async ({ query, locale }) => ({
    ticket: TicketPublic.parse(await ticketByCode(db, query.code, locale)),
  }));

  table.serve(ticketCalls.items, async ({ query, locale }) => {
    const ticket = await ticketById(db, query.ticketId, locale);
    return { items: [{ itemTypeId: ticket.itemTypeId, name: ticket.ticketType.namePub, count: 1 }] };
  });

  table.serve(ticketCalls.products, async ({ query, locale }) => {
    const ticket = await ticketById(db, query.ticketId, locale);
    const order = await findOrder(db, ticket.orderId, deps.clock.now());
    return { extraProducts: (await orderOut(db, order, locale, deps.settings.publicUrl)).extraProducts };
  });

  table.serve(ticketCalls.chips, async ({ query, locale }) => {
    const ticket = await ticketById(db, query.ticketId, locale);
    return { chips: await chipsOfTicket(db, ticket.ticketId) };
  });
}
