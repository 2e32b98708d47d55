/**
 * Event area of spec §7: events by slugs or id, event groups (tours), the event lists of the index and
 * organizer pages, an event's line-up, stages and program, its sectors, payment methods and venue.
 */
import { eventCalls } from "../../contract/event.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import {
  eventGroupOut,
  findGroupById,
  findVisibleGroupBySlug,
  visibleGroupsOut,
} from "../services/event-groups.ts";
import {
  eventOut,
  eventSummariesOut,
  findEventById,
  findVisibleEventBySlugs,
  listVisibleEvents,
  paymentMethodsOf,
  upcomingEventsOfOrganizer,
} from "../services/events.ts";
import { extraProductsOf } from "../services/extras.ts";
import {
  entryRowsOfEvent,
  lineupBandsOf,
  lineupPerformersOf,
  programEntryOut,
  stagesOf,
} from "../services/program.ts";
import { sectorsOfEvent } from "../services/sectors.ts";
import { venueOfEvent } from "../services/venues.ts";

/** Registers the calls of the event area. */
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

  table.serve(eventCalls.byOrganizer, async ({ query, locale }) => ({
    events: await upcomingEventsOfOrganizer(db, query.organizerSlug, locale, deps.clock.now()),
  }));

  // Line-up, stages and program.
  table.serve(eventCalls.bands, async ({ params, locale }) => ({
    bands: await lineupBandsOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.mainBands, async ({ params, locale }) => ({
    bands: await lineupBandsOf(db, params.eventId, locale, true),
  }));

  table.serve(eventCalls.performers, async ({ params, locale }) => ({
    performers: await lineupPerformersOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.mainPerformers, async ({ params, locale }) => ({
    performers: await lineupPerformersOf(db, params.eventId, locale, true),
  }));

  table.serve(eventCalls.stages, async ({ params, locale }) => ({
    stages: await stagesOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.entries, async ({ params, locale }) => ({
    entries: (await entryRowsOfEvent(db, params.eventId)).map((row) => programEntryOut(row, locale)),
  }));

  table.serve(eventCalls.entriesWithProducts, async ({ params, locale }) => {
    const rows = await entryRowsOfEvent(db, params.eventId);
    const productIds = [...new Set(rows.flatMap((row) => row.ticketProductIds))];
    const products =
      productIds.length === 0
        ? []
        : await extraProductsOf(
            db,
            { eventId: params.eventId, ticketProductIds: productIds },
            locale,
            deps.clock.now(),
          );
    return {
      entries: rows.map((row) => {
        const own = new Set(row.ticketProductIds);
        return {
          ...programEntryOut(row, locale),
          products: products.filter((p) => own.has(p.ticketProductId)),
        };
      }),
    };
  });

  // Sectors, payment methods and venue.
  table.serve(eventCalls.sectors, async ({ params, locale }) => ({
    sectors: await sectorsOfEvent(db, params.eventId, locale, deps.clock.now()),
  }));

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
