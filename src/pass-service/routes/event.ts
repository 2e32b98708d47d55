/**
 * Event area of spec §7: events by slugs or id, event groups (tours), the event lists of the index and
 * organizer pages, and an event's payment methods and venue. (Line-up, program and sectors are served by
 * their own areas.)
 */
import { eventCalls } from "../../contract/event.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import {
  eventGroupOut,
  eventOut,
  eventSummariesOut,
  findEventById,
  findGroupById,
  findOrganizerBySlug,
  findVisibleEventBySlugs,
  findVisibleGroupBySlug,
  listVisibleEvents,
  paymentMethodsOf,
  venueOfEvent,
  visibleGroupsOut,
} from "../services/events.ts";

/** Registers the event calls of the event area. */
export function registerEventRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(eventCalls.bySlugs, async ({ query, locale }) => {
    const row = await findVisibleEventBySlugs(db, query.organizerSlug, query.eventSlug);
    return { event: await eventOut(db, row, locale, deps.clock.now()) };
  });

  table.serve(eventCalls.byId, async ({ query, locale }) => ({
    event: await eventOut(db, await findEventById(db, query.eventId), locale, deps.clock.now()),
  }));

  table.serve(eventCalls.groupBySlug, async ({ query, locale }) => {
    const group = await findVisibleGroupBySlug(db, query.eventGroupSlug);
    return { eventGroup: await eventGroupOut(db, group, locale) };
  });

  table.serve(eventCalls.groupEvents, async ({ query, locale }) => {
    const group = await findGroupById(db, query.eventGroupId);
    const rows = await listVisibleEvents(db, { eventGroupId: group.eventGroupId });
    return { events: await eventSummariesOut(db, rows, locale, deps.clock.now()) };
  });

  table.serve(eventCalls.groupsAll, async ({ locale }) => ({
    eventGroups: await visibleGroupsOut(db, locale),
  }));

  table.serve(eventCalls.all, async ({ query, locale }) => {
    const now = deps.clock.now();
    const rows = await listVisibleEvents(db, {
      notEndedAt: now,
      ...(query.eventCategoryId !== undefined ? { eventCategoryId: query.eventCategoryId } : {}),
      ...(query.eventTypeId !== undefined ? { eventTypeId: query.eventTypeId } : {}),
    });
    return { events: await eventSummariesOut(db, rows, locale, now) };
  });

  table.serve(eventCalls.byOrganizer, async ({ query, locale }) => {
    const now = deps.clock.now();
    const organizer = await findOrganizerBySlug(db, query.organizerSlug);
    const rows = await listVisibleEvents(db, { organizerId: organizer.organizerId, notEndedAt: now });
    return { events: await eventSummariesOut(db, rows, locale, now) };
  });

  table.serve(eventCalls.paymentMethods, async ({ params, locale }) => ({
    paymentMethods: await paymentMethodsOf(
      db,
      await findEventById(db, params.eventId),
      locale,
      deps.settings.paymentProviders,
    ),
  }));

  table.serve(eventCalls.venue, async ({ params, locale }) => ({
    venue: await venueOfEvent(db, await findEventById(db, params.eventId), locale),
  }));
}
