/**
 * The sitemap pages of this build's site: the index, and the organizer, tour and event pages of the site's
 * scope (the static-path lists give each page's `lastModified`). Cart pages are left out: they repeat the
 * event page for buying and are not landing pages. Computed once per build.
 */

import { LOCALES, type Locale } from "../lib/i18n/config.ts";
import { pathTo } from "../lib/routes.ts";
import { newest, pagePath, type SitemapEntry, type SitemapSection, splitSections } from "../lib/sitemap.ts";
import { eventPages, groupPages, organizerPages } from "./site.ts";

let sectionsPromise: Promise<SitemapSection[]> | undefined;

/** The site's sitemap files with their pages (memoized for the build). */
export function sitemapSections(): Promise<SitemapSection[]> {
  sectionsPromise ??= computeSections();
  return sectionsPromise;
}

function inEveryLocale(path: (locale: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pagePath(path(locale))])) as Record<
    Locale,
    string
  >;
}

async function computeSections(): Promise<SitemapSection[]> {
  const [organizers, groups, events] = await Promise.all([organizerPages(), groupPages(), eventPages()]);
  const organizerEntries: SitemapEntry[] = organizers.map((o) => ({
    paths: inEveryLocale((l) => pathTo(l, "organizer", { organizerSlug: o.organizerSlug })),
    lastModified: o.lastModified,
  }));
  const tourEntries: SitemapEntry[] = groups.map((g) => ({
    paths: inEveryLocale((l) => pathTo(l, "tour", { eventGroupSlug: g.eventGroupSlug })),
    lastModified: g.lastModified,
  }));
  const eventEntries: SitemapEntry[] = events.map((e) => ({
    paths: inEveryLocale((l) =>
      pathTo(l, "event", { organizerSlug: e.organizerSlug, eventSlug: e.eventSlug }),
    ),
    lastModified: e.lastModified,
  }));
  // The index lists the site's events: it changes when any of its pages does.
  const index: SitemapEntry = {
    paths: inEveryLocale((l) => pathTo(l, "index")),
    lastModified: newest([...organizers, ...groups, ...events].map((p) => p.lastModified)),
  };
  return splitSections([
    { name: "pages", entries: [index] },
    { name: "organizers", entries: organizerEntries },
    { name: "tours", entries: tourEntries },
    { name: "events", entries: eventEntries },
  ]);
}
