/**
 * What catalog pages list: a page links only to pages this build holds (a white-label site holds a subset),
 * and lists tours in one order. Pure functions over the contract's data and the static-path lists.
 */
import type { EventGroup } from "../../contract/event.ts";

/** An event page of this build (an entry of the static-path list). */
export interface EventRef {
  eventId: string;
  organizerSlug: string;
  eventSlug: string;
}

/** A tour page of this build. */
export interface GroupRef {
  eventGroupId: string;
  eventGroupSlug: string;
}

/** An organizer page of this build. */
export interface OrganizerRef {
  organizerSlug: string;
}

/** Tours by their first date (undated ones first), then by name. */
export function byTourDates(a: EventGroup, b: EventGroup): number {
  return (a.dateFrom ?? "").localeCompare(b.dateFrom ?? "") || a.namePub.localeCompare(b.namePub);
}

/** The visible tours that have a page in this build, by date. */
export function toursOf(groups: readonly EventGroup[], groupRefs: readonly GroupRef[]): EventGroup[] {
  const ids = new Set(groupRefs.map((g) => g.eventGroupId));
  return groups.filter((g) => ids.has(g.eventGroupId) && g.visible).sort(byTourDates);
}

/** True when the organizer has a page in this build. */
export function hasOrganizerPage(organizerRefs: readonly OrganizerRef[], organizerSlug: string): boolean {
  return organizerRefs.some((o) => o.organizerSlug === organizerSlug);
}
