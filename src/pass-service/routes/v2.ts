/**
 * Second version of the service (spec §7): an event by id or slugs with its tours, partners, price range,
 * availability and venue; tours and organizers; the static-path lists a build pre-renders pages from; an
 * event's ticket types, extra products, coupon check and seat price categories; discount-code checks;
 * ticket types, groups and sectors by id; a ticket by its QR code; an order's status and contents; and chip
 * credit from a printed chip code.
 */
import { TicketPublic } from "../../contract/ticket.ts";
import { v2Calls } from "../../contract/v2.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { checkCoupon, checkDiscountCode } from "../services/codes.ts";
import { eventBasics } from "../services/event-basics.ts";
import {
  eventGroupOut,
  eventGroupsOut,
  findGroupById,
  findVisibleGroupBySlug,
  visibleGroupsOfEvent,
} from "../services/event-groups.ts";
import { priceRangeOf, quickStatsOf } from "../services/event-stats.ts";
import {
  eventOut,
  eventSummariesOut,
  findEventById,
  findVisibleEventBySlugs,
  listVisibleEvents,
  upcomingEventsOfOrganizer,
} from "../services/events.ts";
import { chipProductsOf, extraProductsOf, productGroupsOf } from "../services/extras.ts";
import { contentsOut, orderStatusOut } from "../services/order-views.ts";
import { findOrder } from "../services/orders/lifecycle.ts";
import { findOrganizerBySlug, organizerOut, orgPartnersOf } from "../services/organizers.ts";
import { sectorOfEvent } from "../services/sectors.ts";
import {
  staticPathEvents,
  staticPathGroups,
  staticPathOrganizers,
  visibleOrganizerSlugs,
} from "../services/static-paths.ts";
import {
  reservationCategoriesOf,
  ticketTypeById,
  ticketTypesCovered,
  ticketTypesOf,
} from "../services/ticket-types.ts";
import { ticketByQrCode } from "../services/tickets.ts";
import { venueOfEvent } from "../services/venues.ts";
import { serveCreditFromCode } from "./order.ts";

/** Registers the calls of the second version. */
export function registerV2Routes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  // Events, tours, organizers and static paths.

  table.serve(v2Calls.event, async ({ params, locale }) => ({
    event: await eventOut(db, await findEventById(db, params.eventId), locale, deps.clock.now()),
  }));

  table.serve(v2Calls.eventGroups, async ({ params, locale }) => {
    const event = await findEventById(db, params.eventId);
    return { eventGroups: await eventGroupsOut(db, await visibleGroupsOfEvent(db, event.eventId), locale) };
  });

  table.serve(v2Calls.eventOrgPartners, async ({ params, locale }) => {
    const event = await findEventById(db, params.eventId);
    return { orgPartners: await orgPartnersOf(db, { eventId: event.eventId }, locale) };
  });

  table.serve(v2Calls.eventPriceRange, async ({ params }) => ({
    priceRange: await priceRangeOf(db, await findEventById(db, params.eventId), deps.clock.now()),
  }));

  table.serve(v2Calls.eventQuickStats, async ({ params }) => ({
    quickStats: await quickStatsOf(db, await findEventById(db, params.eventId), deps.clock.now()),
  }));

  table.serve(v2Calls.eventVenue, async ({ params, locale }) => ({
    venue: await venueOfEvent(db, await findEventById(db, params.eventId), locale),
  }));

  table.serve(v2Calls.staticPathsEvents, async () => ({ events: await staticPathEvents(db) }));

  table.serve(v2Calls.staticPathsGroups, async () => ({ groups: await staticPathGroups(db) }));

  table.serve(v2Calls.staticPathsOrganizers, async () => ({ organizers: await staticPathOrganizers(db) }));

  table.serve(v2Calls.groupBySlug, async ({ params, locale }) => {
    const group = await findVisibleGroupBySlug(db, params.eventGroupSlug);
    return { eventGroup: await eventGroupOut(db, group, locale) };
  });

  table.serve(v2Calls.groupOrgPartners, async ({ params, locale }) => {
    const group = await findVisibleGroupBySlug(db, params.eventGroupSlug);
    return { orgPartners: await orgPartnersOf(db, { eventGroupId: group.eventGroupId }, locale) };
  });

  table.serve(v2Calls.groupVisibleEvents, async ({ params, locale }) => {
    const now = deps.clock.now();
    const group = await findGroupById(db, params.eventGroupId);
    const rows = await listVisibleEvents(db, { eventGroupId: group.eventGroupId, notEndedAt: now });
    return { events: await eventSummariesOut(db, rows, locale, now) };
  });

  table.serve(v2Calls.eventsByOrganizer, async ({ query, locale }) => ({
    events: await upcomingEventsOfOrganizer(db, query.organizerSlug, locale, deps.clock.now()),
  }));

  table.serve(v2Calls.organizerVisibleSlugs, async () => ({
    organizerSlugs: await visibleOrganizerSlugs(db),
  }));

  table.serve(v2Calls.organizerBySlug, async ({ params, locale }) => ({
    organizer: organizerOut(await findOrganizerBySlug(db, params.slug), locale),
  }));

  // What an event sells, codes, ticket types and sectors.

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

  // Tickets, orders and chip credit.
  table.serve(v2Calls.ticketByQrCode, async ({ params, locale }) => ({
    ticket: TicketPublic.parse(await ticketByQrCode(db, params.qrCode, locale)),
  }));

  table.serve(v2Calls.orderStatus, async ({ params }) => ({
    orderStatus: await orderStatusOut(
      db,
      await findOrder(db, params.orderId, deps.clock.now()),
      deps.settings.publicUrl,
    ),
  }));

  table.serve(v2Calls.orderContents, async ({ params, locale }) => ({
    contents: await contentsOut(
      db,
      await findOrder(db, params.orderId, deps.clock.now()),
      locale,
      deps.settings.publicUrl,
    ),
  }));

  table.serve(v2Calls.orderCreditFromCode, (input) =>
    serveCreditFromCode(deps, "v2.orderCreditFromCode", input),
  );

  // Last in the contract, whose order the mount layer keeps: its path matches every two-segment v2 path.
  table.serve(v2Calls.eventBySlugs, async ({ params, locale }) => {
    const row = await findVisibleEventBySlugs(db, params.organizerSlug, params.eventSlug);
    return { event: await eventOut(db, row, locale, deps.clock.now()) };
  });
}
