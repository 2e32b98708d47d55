/**
 * Ticket area of spec §7 (reads): what an event's cart sells (ticket types, extra products, chip top-ups),
 * item types, the chip credit limit, and coupon and supercoupon checks.
 */
import { ticketCalls } from "../../contract/ticket.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { checkCoupon, checkSupercoupon } from "../services/codes.ts";
import { eventBasics } from "../services/event-basics.ts";
import { chipProductsOf, extraProductsOf } from "../services/extras.ts";
import { itemTypeCounts, ticketTypesCovered, ticketTypesOf } from "../services/ticket-types.ts";

/** Registers the read calls of the ticket area. */
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
}
