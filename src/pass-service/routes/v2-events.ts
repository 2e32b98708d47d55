/**
 * Second version of the service (spec §7), event-level reads: an event by id or slugs with its tours,
 * partners, price range, availability and venue; tours by slug with their partners and events; organizers;
 * and the static-path lists a build pre-renders pages from.
 */
import { v2Calls } from "../../contract/v2.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import {
  eventGroupOut,
  eventGroupsOut,
  eventOut,
  eventSummariesOut,
  findEventById,
  findGroupById,
  findOrganizerBySlug,
  findVisibleEventBySlugs,
  findVisibleGroupBySlug,
  listVisibleEvents,
  organizerOut,
  orgPartnersOf,
  priceRangeOf,
  quickStatsOf,
  staticPathEvents,
  staticPathGroups,
  staticPathOrganizers,
  venueOfEvent,
  visibleGroupsOfEvent,
  visibleOrganizerSlugs,
} from "../services/events.ts";

/** Registers the event, tour, organizer and static-path calls of the second version. */
export function registerV2EventRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

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

  table.serve(v2Calls.eventsByOrganizer, async ({ query, locale }) => {
    const now = deps.clock.now();
    const organizer = await findOrganizerBySlug(db, query.organizerSlug);
    const rows = await listVisibleEvents(db, { organizerId: organizer.organizerId, notEndedAt: now });
    return { events: await eventSummariesOut(db, rows, locale, now) };
  });

  table.serve(v2Calls.organizerVisibleSlugs, async () => ({
    organizerSlugs: await visibleOrganizerSlugs(db),
  }));

  table.serve(v2Calls.organizerBySlug, async ({ params, locale }) => ({
    organizer: organizerOut(await findOrganizerBySlug(db, params.slug), locale),
  }));

  table.serve(v2Calls.eventBySlugs, async ({ params, locale }) => {
    const row = await findVisibleEventBySlugs(db, params.organizerSlug, params.eventSlug);
    return { event: await eventOut(db, row, locale, deps.clock.now()) };
  });
}
