/** Organizer area of spec §7: an organizer by slug, its tours, and every organizer with something to show. */
import { organizerCalls } from "../../contract/organizer.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { visibleGroupsOut } from "../services/event-groups.ts";
import {
  findOrganizerBySlug,
  listVisibleOrganizers,
  organizerOut,
  organizersOut,
} from "../services/organizers.ts";

/** Registers the organizer calls. */
export function registerOrganizerRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(organizerCalls.bySlug, async ({ query, locale }) => ({
    organizer: organizerOut(await findOrganizerBySlug(db, query.organizerSlug), locale),
  }));

  table.serve(organizerCalls.eventGroups, async ({ query, locale }) => {
    const organizer = await findOrganizerBySlug(db, query.organizerSlug);
    return { eventGroups: await visibleGroupsOut(db, locale, organizer.organizerId) };
  });

  table.serve(organizerCalls.all, async ({ locale }) => ({
    organizers: organizersOut(await listVisibleOrganizers(db), locale),
  }));
}
