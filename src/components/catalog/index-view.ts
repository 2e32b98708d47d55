/**
 * The index page (spec §2 `/`) as pure functions of what the page fetched: the sections of spec §3 that a
 * build can know, the closing list of upcoming events, the tours and the organizers (only pages this build
 * holds), and the jump links to each part. No Astro, no fetch.
 */
import type { EventGroup, EventSummary } from "../../contract/event.ts";
import type { Organizer } from "../../contract/organizer.ts";
import { type SectionTypeId, sectionType } from "../../lib/enums/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { Translate } from "../../lib/i18n/index.ts";
import { byStart, type IndexSectionId, indexSections, isUpcoming } from "../../lib/sections.ts";
import { type EventRef, type GroupRef, type OrganizerRef, toursOf } from "./listing.ts";

/** Events shown in the closing "all events" list at most. */
export const ALL_EVENTS_LIMIT = 24;

/** Translation key of each section's one-line lead. */
const SECTION_LEAD: Record<IndexSectionId, string> = {
  popular: "index.sectionLead.popular",
  "our-selection": "index.sectionLead.ourSelection",
  "happening-now": "index.sectionLead.happeningNow",
  "this-weekend": "index.sectionLead.thisWeekend",
  "just-announced": "index.sectionLead.justAnnounced",
  special: "index.sectionLead.special",
};

/** What the index page fetched: every event, organizer and tour, and the pages this build holds. */
export interface IndexPageData {
  allEvents: EventSummary[];
  allOrganizers: Organizer[];
  eventGroups: EventGroup[];
  eventRefs: readonly EventRef[];
  organizerRefs: readonly OrganizerRef[];
  groupRefs: readonly GroupRef[];
}

/** A section of the index with its heading and lead in the page's language. */
export interface IndexSectionView {
  id: IndexSectionId;
  sectionTypeId: SectionTypeId;
  events: EventSummary[];
  heading: string;
  lead: string;
}

/** What the index page shows. */
export interface IndexView {
  /** The visible events of this build, by start. */
  events: EventSummary[];
  sections: IndexSectionView[];
  /** Events that have not ended, and the first of them for the "all events" list. */
  upcoming: EventSummary[];
  listed: EventSummary[];
  tours: EventGroup[];
  organizers: Organizer[];
  organizerNames: Map<string, string>;
  upcomingPerOrganizer: Map<string, number>;
  /** Links to the parts the page has, in page order. */
  jumpLinks: { id: string; label: string }[];
}

/** The index page of the fetched data, at the build's `now`. */
export function indexView(
  data: IndexPageData,
  context: { locale: Locale; t: Translate; now: Date },
): IndexView {
  const { locale, t, now } = context;
  const eventIds = new Set(data.eventRefs.map((e) => e.eventId));
  const organizerSlugs = new Set(data.organizerRefs.map((o) => o.organizerSlug));
  const events = data.allEvents.filter((e) => eventIds.has(e.eventId) && e.visible).sort(byStart);
  const sections = indexSections(events, now).map((section) => ({
    ...section,
    heading: sectionType.label(section.sectionTypeId, locale),
    lead: t(SECTION_LEAD[section.id]),
  }));
  const upcoming = events.filter((e) => isUpcoming(e, now));
  const listed = upcoming.slice(0, ALL_EVENTS_LIMIT);
  const organizers = data.allOrganizers
    .filter((o) => organizerSlugs.has(o.organizerSlug))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const tours = toursOf(data.eventGroups, data.groupRefs);
  const upcomingPerOrganizer = new Map<string, number>();
  for (const e of upcoming) {
    upcomingPerOrganizer.set(e.organizerSlug, (upcomingPerOrganizer.get(e.organizerSlug) ?? 0) + 1);
  }
  return {
    events,
    sections,
    upcoming,
    listed,
    tours,
    organizers,
    organizerNames: new Map(data.allOrganizers.map((o) => [o.organizerSlug, o.name])),
    upcomingPerOrganizer,
    jumpLinks: [
      ...sections.map((s) => ({ id: s.id, label: s.heading })),
      ...(listed.length > 0 ? [{ id: "all-events", label: t("index.allEvents") }] : []),
      ...(tours.length > 0 ? [{ id: "tours", label: t("index.tours") }] : []),
      ...(organizers.length > 0 ? [{ id: "organizers", label: t("index.organizers") }] : []),
    ],
  };
}
