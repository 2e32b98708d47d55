/**
 * The organizer page (spec §2 `/organizer/{organizerSlug}`) as pure functions of what the page fetched: its
 * upcoming and past events and its tours (only pages this build holds), the contacts, the SEO texts and the
 * schema.org `Organization`. No Astro, no fetch.
 */
import { serviceHref } from "../../client/site.ts";
import type { Event, EventGroup, EventSummary } from "../../contract/event.ts";
import type { Organizer } from "../../contract/organizer.ts";
import { brandTitle, leadDescription, type PageAddress, type PageSeo, pageSeo } from "../../layouts/seo.ts";
import { country } from "../../lib/enums/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { Translate } from "../../lib/i18n/index.ts";
import { byStart, isUpcoming } from "../../lib/sections.ts";
import { paragraphs } from "../../lib/text.ts";
import { type EventRef, type GroupRef, toursOf } from "./listing.ts";

/** What the organizer page fetched besides the past events. */
export interface OrganizerPageData {
  organizer: Organizer;
  /** Visible events of the organizer that have not ended (`event.byOrganizer`). */
  listed: EventSummary[];
  eventGroups: EventGroup[];
  /** The event and tour pages of this build. */
  eventRefs: readonly EventRef[];
  groupRefs: readonly GroupRef[];
}

/** Ids of the organizer's events that have a page in this build but are not listed: its past events. */
export function pastEventIds(
  listed: readonly Pick<EventSummary, "eventId">[],
  eventRefs: readonly EventRef[],
  organizerSlug: string,
): string[] {
  const listedIds = new Set(listed.map((e) => e.eventId));
  return eventRefs
    .filter((e) => e.organizerSlug === organizerSlug && !listedIds.has(e.eventId))
    .map((e) => e.eventId);
}

/** One way to reach the organizer: web, e-mail or phone. */
export interface Contact {
  kind: "web" | "email" | "phone";
  label: string;
  href: string;
  text: string;
}

/** "+420519123456" → "+420 519 123 456" in three-digit groups, joined by no-break spaces (one line). */
export function phoneText(phone: string): string {
  const m = /^\+(\d{3})(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return m ? `+${m.slice(1).join("\u00a0")}` : phone;
}

/** The organizer's web site, e-mail and phone, as links, in that order. */
export function contactsOf(organizer: Pick<Organizer, "web" | "email" | "phone">, t: Translate): Contact[] {
  const contacts: Contact[] = [];
  if (organizer.web) {
    const href = serviceHref(organizer.web);
    contacts.push({
      kind: "web",
      label: t("organizer.web"),
      href,
      text: new URL(href).host.replace(/^www\./, ""),
    });
  }
  if (organizer.email) {
    contacts.push({
      kind: "email",
      label: t("organizer.email"),
      href: `mailto:${organizer.email}`,
      text: organizer.email,
    });
  }
  if (organizer.phone) {
    contacts.push({
      kind: "phone",
      label: t("organizer.phone"),
      href: `tel:${organizer.phone}`,
      text: phoneText(organizer.phone),
    });
  }
  return contacts;
}

/** Where the organizer is based: "Brno, Czechia" (city and country, whichever are known). */
export function homeOf(organizer: Pick<Organizer, "address" | "countryId">, locale: Locale): string {
  const entry = country.find(organizer.address?.countryId ?? organizer.countryId);
  return [organizer.address?.city, entry ? country.label(entry.id, locale) : null].filter(Boolean).join(", ");
}

/** The schema.org `Organization` of the page. */
export function organizerJsonLd(
  organizer: Organizer,
  urls: { canonical: string; logo: string | undefined },
): Record<string, unknown> {
  const countryEntry = country.find(organizer.address?.countryId ?? organizer.countryId);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${urls.canonical}#organization`,
    name: organizer.name,
    url: organizer.web ? serviceHref(organizer.web) : urls.canonical,
    ...(organizer.description ? { description: organizer.description } : {}),
    ...(urls.logo ? { logo: urls.logo } : {}),
    ...(organizer.email ? { email: organizer.email } : {}),
    ...(organizer.phone ? { telephone: organizer.phone } : {}),
    ...(organizer.address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: organizer.address.street,
            addressLocality: organizer.address.city,
            postalCode: organizer.address.postalCode,
            ...(countryEntry ? { addressCountry: countryEntry.iso2 } : {}),
          },
        }
      : {}),
  };
}

/** What the organizer page shows. */
export interface OrganizerView {
  upcoming: EventSummary[];
  /** Past events, newest first. */
  past: Event[];
  tours: EventGroup[];
  about: string[];
  home: string;
  contacts: Contact[];
  seo: PageSeo;
  jsonLd: Record<string, unknown>;
}

/** The organizer page of the fetched data, at the build's `now`. */
export function organizerView(
  data: OrganizerPageData & { pastEvents: readonly Event[] },
  context: { locale: Locale; t: Translate; now: Date; brand: string; page: PageAddress },
): OrganizerView {
  const { organizer } = data;
  const { locale, t, now } = context;
  const pageIds = new Set(data.eventRefs.map((e) => e.eventId));
  const about = paragraphs(organizer.description);
  const seo = pageSeo(context.page, {
    title: brandTitle(t("organizer.title", { name: organizer.name }), context.brand),
    description: leadDescription(about, t("organizer.description", { name: organizer.name })),
    image: organizer.logo,
  });
  return {
    upcoming: data.listed.filter((e) => pageIds.has(e.eventId) && isUpcoming(e, now)).sort(byStart),
    past: data.pastEvents.filter((e) => e.visible && !isUpcoming(e, now)).sort((a, b) => byStart(b, a)),
    tours: toursOf(data.eventGroups, data.groupRefs),
    about,
    home: homeOf(organizer, locale),
    contacts: contactsOf(organizer, t),
    seo,
    jsonLd: organizerJsonLd(organizer, { canonical: seo.canonical, logo: seo.image?.url }),
  };
}
