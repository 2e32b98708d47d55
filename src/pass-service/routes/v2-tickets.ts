/**
 * Second version of the service (spec §7), the ticket part: an event's ticket types, extra products,
 * coupon check and seat price categories; discount-code checks; ticket types, groups and sectors by id.
 */
import { v2Calls } from "../../contract/v2.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { checkCoupon, checkDiscountCode } from "../services/codes.ts";
import { eventBasics } from "../services/event-basics.ts";
import { chipProductsOf, extraProductsOf, productGroupsOf } from "../services/extras.ts";
import { sectorOfEvent } from "../services/sectors.ts";
import {
  reservationCategoriesOf,
  ticketTypeById,
  ticketTypesCovered,
  ticketTypesOf,
} from "../services/ticket-types.ts";

/** Registers the ticket, product, code and sector calls of the second version. */
export function registerV2TicketRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(v2Calls.eventTicketTypes, async ({ params, locale }) => {
    const event = await eventBasics(db, params.eventId);
    return ticketTypesOf(db, event, locale, deps.clock.now());
  });

  table.serve(v2Calls.eventExtraProducts, async ({ params, locale }) => {
    const now = deps.clock.now();
    const event = await eventBasics(db, params.eventId);
    const [extraProducts, productGroups, chipProducts] = await Promise.all([
      extraProductsOf(db, { eventId: event.eventId }, locale, now),
      productGroupsOf(db, { eventId: event.eventId }, locale),
      chipProductsOf(db, event, locale),
    ]);
    return { extraProducts, productGroups, chipProducts };
  });

  table.serve(v2Calls.eventCoupon, async ({ params, query, locale }) => {
    const now = deps.clock.now();
    const { check, event } = await checkCoupon(db, params.eventId, query.code, now);
    if (!check.valid) return { coupon: check, ticketTypes: [] };
    const { ticketTypes } = await ticketTypesOf(db, event, locale, now);
    return { coupon: check, ticketTypes: ticketTypesCovered(ticketTypes, check.ticketTypeIds) };
  });

  table.serve(v2Calls.eventReservationCategories, async ({ params, locale }) => {
    const event = await eventBasics(db, params.eventId);
    return { reservationCategories: await reservationCategoriesOf(db, event, locale) };
  });

  table.serve(v2Calls.checkDiscountCode, async ({ params, body }) => ({
    discount: await checkDiscountCode(db, params.code, body.eventId, body, deps.clock.now()),
  }));

  table.serve(v2Calls.ticketExtraProducts, async ({ query, locale }) => {
    const event = await eventBasics(db, query.eventId);
    return { extraProducts: await extraProductsOf(db, { eventId: event.eventId }, locale, deps.clock.now()) };
  });

  table.serve(v2Calls.ticketGroups, async ({ query, locale }) => {
    const event = await eventBasics(db, query.eventId);
    const { ticketTypeGroups } = await ticketTypesOf(db, event, locale, deps.clock.now());
    return { ticketTypeGroups };
  });

  table.serve(v2Calls.ticketType, async ({ params, locale }) => ({
    ticketType: await ticketTypeById(db, params.ticketTypeId, locale, deps.clock.now()),
  }));

  table.serve(v2Calls.sector, async ({ params, query, locale }) => {
    const { sector, seats } = await sectorOfEvent(
      db,
      params.sectorId,
      query.eventId,
      locale,
      deps.clock.now(),
    );
    return { sector: { ...sector, seats } };
  });
}
