/**
 * The tour page (spec §2 `/tour/{eventGroupSlug}`) as pure functions of what the page fetched: its dates
 * (only pages this build holds), upcoming and past, the organizer's link, the partners, the SEO texts and the
 * schema.org `EventSeries`. No Astro, no fetch.
 */
import type { EventGroup, EventSummary } from "../../contract/event.ts";
import type { Organizer } from "../../contract/organizer.ts";
import type { OrgPartner } from "../../contract/v2.ts";
import {
  absoluteUrl,
  brandTitle,
  leadDescription,
  type PageAddress,
  type PageSeo,
  pageSeo,
} from "../../layouts/seo.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { Translate } from "../../lib/i18n/index.ts";
import { pathTo } from "../../lib/routes.ts";
import { byStart, isUpcoming } from "../../lib/sections.ts";
import { paragraphs } from "../../lib/text.ts";
import { dateSpan, type WhenText } from "./format.ts";
import { type EventRef, hasOrganizerPage, type OrganizerRef } from "./listing.ts";

/** What the tour page fetched. */
export interface TourPageData {
  eventGroup: EventGroup;
  /** Every visible event of the tour, past ones included (`event.groupEvents`). */
  events: EventSummary[];
  orgPartners: OrgPartner[];
  organizer: Organizer;
  /** The event and organizer pages of this build. */
  eventRefs: readonly EventRef[];
  organizerRefs: readonly OrganizerRef[];
}

/** The schema.org `EventSeries` of the page: the tour, its organizer and its dates. */
export function tourJsonLd(
  data: Pick<TourPageData, "eventGroup" | "organizer">,
  shown: readonly EventSummary[],
  urls: { canonical: string; image: string | undefined; organizerHref: string | null; site: URL | undefined },
  locale: Locale,
): Record<string, unknown> {
  const { eventGroup, organizer } = data;
  return {
    "@context": "https://schema.org",
    "@type": "EventSeries",
    "@id": `${urls.canonical}#series`,
    name: eventGroup.namePub,
    url: urls.canonical,
    ...(eventGroup.description ? { description: eventGroup.description } : {}),
    ...(urls.image ? { image: urls.image } : {}),
    ...(eventGroup.dateFrom ? { startDate: eventGroup.dateFrom } : {}),
    ...(eventGroup.dateTo ? { endDate: eventGroup.dateTo } : {}),
    organizer: {
      "@type": "Organization",
      name: organizer.name,
      url: urls.organizerHref
        ? absoluteUrl(urls.organizerHref, urls.site)
        : (organizer.web ?? urls.canonical),
    },
    subEvent: shown.map((e) => ({
      "@type": "Event",
      name: e.name,
      startDate: e.startsAt,
      endDate: e.endsAt,
      url: absoluteUrl(
        pathTo(locale, "event", { organizerSlug: e.organizerSlug, eventSlug: e.eventSlug }),
        urls.site,
      ),
      ...(e.venueName || e.city
        ? {
            location: {
              "@type": "Place",
              name: e.venueName ?? e.city,
              ...(e.city ? { address: { "@type": "PostalAddress", addressLocality: e.city } } : {}),
            },
          }
        : {}),
    })),
  };
}

/** What kind of group of events this is, as far as its events tell: a tour travels, a series stays put. */
export type GroupKind = "tour" | "series";

/**
 * A group whose events take place in two or more cities is a tour; any other (a theatre season, a
 * festival's events, a club's series) is a series: the catalog has no kind of its own for a group.
 */
export function groupKind(events: readonly Pick<EventSummary, "city">[]): GroupKind {
  const cities = new Set(events.map((e) => e.city?.trim()).filter(Boolean));
  return cities.size >= 2 ? "tour" : "series";
}

/** What the tour page shows. */
export interface TourView {
  /** The tour's visible events that have a page in this build, past ones included. */
  shown: EventSummary[];
  /** What the group is called above its name. */
  kind: GroupKind;
  upcoming: EventSummary[];
  /** Past dates, newest first. */
  past: EventSummary[];
  /** The organizer's page, or null when this build has none. */
  organizerHref: string | null;
  partners: OrgPartner[];
  span: WhenText | null;
  about: string[];
  seo: PageSeo;
  jsonLd: Record<string, unknown>;
}

/** The tour page of the fetched data, at the build's `now`. */
export function tourView(
  data: TourPageData,
  context: { locale: Locale; t: Translate; now: Date; brand: string; page: PageAddress },
): TourView {
  const { eventGroup, organizer } = data;
  const { locale, t, now } = context;
  const pageIds = new Set(data.eventRefs.map((e) => e.eventId));
  const shown = data.events.filter((e) => e.visible && pageIds.has(e.eventId));
  const organizerHref = hasOrganizerPage(data.organizerRefs, organizer.organizerSlug)
    ? pathTo(locale, "organizer", { organizerSlug: organizer.organizerSlug })
    : null;
  const about = paragraphs(eventGroup.description);
  const seo = pageSeo(context.page, {
    title: brandTitle(t("tour.title", { name: eventGroup.namePub }), context.brand),
    description: leadDescription(about, t("tour.description", { name: eventGroup.namePub })),
    image: eventGroup.poster,
  });
  return {
    shown,
    kind: groupKind(shown),
    upcoming: shown.filter((e) => isUpcoming(e, now)).sort(byStart),
    past: shown.filter((e) => !isUpcoming(e, now)).sort((a, b) => byStart(b, a)),
    organizerHref,
    partners: [...data.orgPartners].sort((a, b) => a.displayOrder - b.displayOrder),
    span: dateSpan(eventGroup.dateFrom, eventGroup.dateTo, locale, now),
    about,
    seo,
    jsonLd: tourJsonLd(
      data,
      shown,
      { canonical: seo.canonical, image: seo.image?.url, organizerHref, site: context.page.site },
      locale,
    ),
  };
}
