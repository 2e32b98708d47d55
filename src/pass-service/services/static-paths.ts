/**
 * The static-path lists a build pre-renders pages from (one query each), and the visible organizers' slugs.
 */
import { asc, eq } from "drizzle-orm";
import type { z } from "zod/mini";
import type { StaticPathEvent, StaticPathGroup, StaticPathOrganizer } from "../../contract/v2.ts";
import type { Db } from "../db/index.ts";
import { eventGroups, events, organizers } from "../db/schema.ts";
import { byStart } from "./events.ts";
import { iso } from "./localize.ts";
import { organizerIsVisible } from "./organizers.ts";

/** Every visible event page (past events too: their pages stay online), by start time. */
export async function staticPathEvents(db: Db): Promise<z.input<typeof StaticPathEvent>[]> {
  const rows = await db
    .select({
      eventId: events.eventId,
      organizerSlug: organizers.slug,
      eventSlug: events.slug,
      updatedAt: events.updatedAt,
      digest: events.digest,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(eq(events.visible, true))
    .orderBy(...byStart);
  return rows.map((r) => ({
    eventId: r.eventId,
    organizerSlug: r.organizerSlug,
    eventSlug: r.eventSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Every visible event group page, by slug. */
export async function staticPathGroups(db: Db): Promise<z.input<typeof StaticPathGroup>[]> {
  const rows = await db
    .select({
      eventGroupId: eventGroups.eventGroupId,
      eventGroupSlug: eventGroups.slug,
      updatedAt: eventGroups.updatedAt,
      digest: eventGroups.digest,
    })
    .from(eventGroups)
    .where(eq(eventGroups.visible, true))
    .orderBy(asc(eventGroups.slug));
  return rows.map((r) => ({
    eventGroupId: r.eventGroupId,
    eventGroupSlug: r.eventGroupSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Every page of an organizer with a visible event or event group, by slug. */
export async function staticPathOrganizers(db: Db): Promise<z.input<typeof StaticPathOrganizer>[]> {
  const rows = await db
    .select({ organizerSlug: organizers.slug, updatedAt: organizers.updatedAt, digest: organizers.digest })
    .from(organizers)
    .where(organizerIsVisible(db))
    .orderBy(asc(organizers.slug));
  return rows.map((r) => ({
    organizerSlug: r.organizerSlug,
    lastModified: iso(r.updatedAt),
    digest: r.digest,
  }));
}

/** Slugs of organizers with a visible event or event group, sorted. */
export async function visibleOrganizerSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: organizers.slug })
    .from(organizers)
    .where(organizerIsVisible(db))
    .orderBy(asc(organizers.slug));
  return rows.map((r) => r.slug);
}
