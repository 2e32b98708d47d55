/**
 * What the end-to-end tests know about the built site: the page type of a path, the pass service the test
 * server started (one port above the storefront, see playwright.config.ts), the pages it should hold (from
 * the service's static-path lists) and a sample page of each type to inspect closely.
 */

import type { BrowserContext, Page, Response } from "@playwright/test";
import { createApiClient as createPassClient } from "../../../src/client/http.ts";
import { CALLS } from "../../../src/contract/index.ts";
import type { Locale as RouteLocale } from "../../../src/lib/i18n/config.ts";
import { localePrefix, pathTo, splitLocale } from "../../../src/lib/routes.ts";

/** The kinds of pages the storefront pre-renders, plus its "not found" page. */
export const PAGE_TYPES = ["index", "organizer", "tour", "event", "cart", "404"] as const;

/** A kind of page. */
export type PageType = (typeof PAGE_TYPES)[number];

/** A path no page will ever have: it must answer the "not found" page. */
export const UNKNOWN_PAGE = "/e2e-no-such-page-7f3a";

/** The page type of a path of the site, or undefined for any other path (assets, on-demand pages). */
export function pageTypeOf(pathname: string): Exclude<PageType, "404"> | undefined {
  const rest = splitLocale(pathname).rest.replace(/\/index\.html$/, "/");
  if (rest === "/" || rest === "") return "index";
  if (/^\/organizer\/[^/]+\/?$/.test(rest)) return "organizer";
  if (/^\/tour\/[^/]+\/?$/.test(rest)) return "tour";
  if (/^\/event\/[^/]+\/[^/]+\/?$/.test(rest)) return "event";
  if (/^\/event\/[^/]+\/[^/]+\/cart\/?$/.test(rest)) return "cart";
  return undefined;
}

/** The locale of a path of the site. */
export function localeOfPath(pathname: string): RouteLocale {
  return splitLocale(pathname).locale;
}

/** A path without its trailing slash (the root stays "/"): canonical URLs may or may not end in one. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The pass service of the end-to-end server: one port above the storefront's. */
export function passUrlFor(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
}

/** A pass client reading the catalog the test server was built from. */
function passClient(baseURL: string) {
  return createPassClient({
    baseUrl: passUrlFor(baseURL),
    agentVersion: "e2e",
    agentSource: "web",
    language: "cs",
  });
}

/** What a page of an event must show in its schema.org data, as the pass service knows the event. */
export interface EventFacts {
  eventId: string;
  organizerSlug: string;
  eventSlug: string;
  visible: boolean;
  /** Not over yet. */
  upcoming: boolean;
  hasVenue: boolean;
  hasPoster: boolean;
  /** Bands or performers on the line-up. */
  hasLineup: boolean;
  /** Ticket types on sale or not: the page has something to offer. */
  hasTickets: boolean;
  /** Sells seats picked on a map (its cart page has the seating island). */
  hasSeatMap: boolean;
}

/** The pages the site should hold, from the pass service's static-path lists. */
export interface SiteCatalog {
  organizers: string[];
  tours: string[];
  events: EventFacts[];
}

const catalogs = new Map<string, Promise<SiteCatalog>>();

/** The organizers, tours and events of the test server's catalog (fetched once per worker). */
export function siteCatalog(baseURL: string): Promise<SiteCatalog> {
  let promise = catalogs.get(baseURL);
  if (!promise) {
    promise = loadCatalog(baseURL);
    catalogs.set(baseURL, promise);
  }
  return promise;
}

async function loadCatalog(baseURL: string): Promise<SiteCatalog> {
  const pass = passClient(baseURL);
  const [{ organizers }, { groups }, { events }] = await Promise.all([
    pass.call(CALLS["v2.staticPathsOrganizers"]),
    pass.call(CALLS["v2.staticPathsGroups"]),
    pass.call(CALLS["v2.staticPathsEvents"]),
  ]);
  const facts = await Promise.all(
    events.map(async (entry): Promise<EventFacts> => {
      const query = { eventId: entry.eventId };
      const params = { eventId: entry.eventId };
      const [{ event }, { bands }, { performers }, { ticketTypes }] = await Promise.all([
        pass.call(CALLS["event.byId"], { query }),
        pass.call(CALLS["event.bands"], { params }),
        pass.call(CALLS["event.performers"], { params }),
        pass.call(CALLS["v2.eventTicketTypes"], { params }),
      ]);
      return {
        eventId: entry.eventId,
        organizerSlug: entry.organizerSlug,
        eventSlug: entry.eventSlug,
        visible: event.visible,
        upcoming: Date.parse(event.endsAt) > Date.now(),
        hasVenue: event.venue !== null,
        hasPoster: event.poster !== null,
        hasLineup: bands.length > 0 || performers.length > 0,
        hasTickets: ticketTypes.length > 0,
        hasSeatMap: event.hasSeatMap,
      };
    }),
  );
  return {
    organizers: organizers.map((o) => o.organizerSlug),
    tours: groups.map((g) => g.eventGroupSlug),
    events: facts,
  };
}

/** The cart page of the first upcoming, listed event that sells seats on a map, in a locale. */
export async function seatedCartPath(baseURL: string, locale: RouteLocale): Promise<string> {
  const { events } = await siteCatalog(baseURL);
  const event = events.find((e) => e.visible && e.upcoming && e.hasSeatMap);
  if (!event) throw new Error("The catalog has no event with a seat map");
  return pathTo(locale, "cart", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug });
}

/** The path of an event's page in a locale. */
export function eventPath(locale: RouteLocale, event: EventFacts): string {
  return pathTo(locale, "event", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug });
}

/**
 * The page of a type to inspect closely in a locale: the first organizer and tour, and the richest event
 * (listed, upcoming, with a venue, a poster, a line-up and tickets) for the event and cart pages.
 */
export async function samplePath(baseURL: string, type: PageType, locale: RouteLocale): Promise<string> {
  if (type === "index") return pathTo(locale, "index");
  if (type === "404") return `${localePrefix(locale)}${UNKNOWN_PAGE}`;
  const catalog = await siteCatalog(baseURL);
  if (type === "organizer") {
    const organizerSlug = catalog.organizers[0];
    if (!organizerSlug) throw new Error("The catalog has no organizer page");
    return pathTo(locale, "organizer", { organizerSlug });
  }
  if (type === "tour") {
    const eventGroupSlug = catalog.tours[0];
    if (!eventGroupSlug) throw new Error("The catalog has no tour page");
    return pathTo(locale, "tour", { eventGroupSlug });
  }
  const rich = (e: EventFacts) => e.visible && e.hasVenue && e.hasPoster && e.hasLineup && e.hasTickets;
  const event =
    catalog.events.find((e) => rich(e) && e.upcoming) ??
    catalog.events.find(rich) ??
    catalog.events.find((e) => e.visible) ??
    catalog.events[0];
  if (!event) throw new Error("The catalog has no event page");
  const params = { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug };
  return type === "event" ? pathTo(locale, "event", params) : pathTo(locale, "cart", params);
}

/** Refuses every request that would leave the test server, so no real tracker or service is ever contacted. */
export async function refuseOutsideRequests(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

/**
 * The body of a response of a page. A stopped worker's script (the ICU worker of src/islands/hydration-tasks.ts)
 * leaves no body behind in the browser: the same immutable file is then fetched again.
 */
export function responseBody(page: Page, response: Response): Promise<Buffer> {
  return response.body().catch(() => page.request.get(response.url()).then((again) => again.body()));
}
