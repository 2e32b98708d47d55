/**
 * The pass-service client of pre-rendered pages and what a build fetches with it: one client per locale,
 * memoised so that an entity is fetched once per build however many locales and pages show it, and the pages
 * this build's site holds. The service's base URL comes from PASS_API_URL (set by `npm run build` /
 * `npm start`, which start the embedded service when it is missing). Its clients send with `serverFetch`
 * (./server-fetch.ts) and check answers against the contract's schemas compiled (./compiled-answers.ts).
 */
import { CALLS } from "../contract/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../lib/i18n/config.ts";
import { localeFromParam } from "../lib/routes.ts";
import { currentSite, currentStageConfig } from "../lib/site-config.ts";
import type { SiteConfig } from "../lib/sites.ts";
import { compiledAnswer } from "./compiled-answers.ts";
import { type ApiClient, resolveHref } from "./http.ts";
import { createPassClient } from "./pass.ts";
import { serverFetch } from "./server-fetch.ts";

const clients = new Map<Locale, ApiClient>();

/** The last PASS_API_URL read and its base URL (a page asks for it for every image it shows). */
let lastPassUrl: { raw: string; base: string } | undefined;

/** Base URL of the pass service for pages (PASS_API_URL); an error names the variable when it is missing. */
export function passBaseUrl(): string {
  const url = typeof process !== "undefined" ? process.env.PASS_API_URL : undefined;
  if (!url) {
    throw new Error(
      "PASS_API_URL is not set: build with `npm run build` (it starts the pass service) or set it",
    );
  }
  if (lastPassUrl?.raw !== url) lastPassUrl = { raw: url, base: url.replace(/\/+$/, "") };
  return lastPassUrl.base;
}

/**
 * Base URL of the pass service as the browser reaches it (islands call it directly): the stage's pass host
 * (PASS_PUBLIC_URL; on development by default the service the build uses).
 */
export function publicPassUrl(): string {
  return currentStageConfig().hosts.pass;
}

/** How the server's clients send (`serverFetch`) and check answers (`compiledAnswer`). */
const serverSide = { fetch: serverFetch, answerSchema: compiledAnswer } as const;

/** The memoized pass client of a locale, for pages. */
export function sitePass(locale: Locale): ApiClient {
  let client = clients.get(locale);
  if (!client) {
    client = createPassClient({ baseUrl: passBaseUrl(), locale, context: "build", ...serverSide });
    clients.set(locale, client);
  }
  return client;
}

/** A pass client for a page rendered on demand: not memoised, as its data changes between requests. */
export function requestPass(locale: Locale): ApiClient {
  return createPassClient({ baseUrl: passBaseUrl(), locale, context: "server", ...serverSide });
}

/** An absolute URL for a link or image the service answered with (paths are on the service). */
export function serviceHref(href: string): string {
  return resolveHref(passBaseUrl(), href);
}

/** Which pages a build holds: every page on the main site, one organizer's or one tour's on a white-label site. */
export interface SiteScope {
  site: SiteConfig;
  /** True when the event's page belongs to this site. */
  event(entry: { eventId: string; organizerSlug: string }): boolean;
  /** True when the tour's page belongs to this site. */
  group(entry: { eventGroupId: string; eventGroupSlug: string }): boolean;
  /** True when the organizer's page belongs to this site. */
  organizer(entry: { organizerSlug: string }): boolean;
}

let scopePromise: Promise<SiteScope> | undefined;

/** The scope of the current site (computed once per build). */
export function siteScope(): Promise<SiteScope> {
  scopePromise ??= computeScope(currentSite());
  return scopePromise;
}

async function computeScope(site: SiteConfig): Promise<SiteScope> {
  if (site.organizerSlug) {
    const slug = site.organizerSlug;
    return {
      site,
      event: (e) => e.organizerSlug === slug,
      group: () => true,
      organizer: (o) => o.organizerSlug === slug,
    };
  }
  if (site.eventGroupSlug) {
    const pass = sitePass(DEFAULT_LOCALE);
    const { eventGroup } = await pass.call(CALLS["v2.groupBySlug"], {
      params: { eventGroupSlug: site.eventGroupSlug },
    });
    const { events } = await pass.call(CALLS["event.groupEvents"], {
      query: { eventGroupId: eventGroup.eventGroupId },
    });
    const ids = new Set(events.map((e) => e.eventId));
    return {
      site,
      event: (e) => ids.has(e.eventId),
      group: (g) => g.eventGroupId === eventGroup.eventGroupId,
      organizer: () => false,
    };
  }
  return { site, event: () => true, group: () => true, organizer: () => true };
}

/**
 * The entries of a static-path list in the site's scope, worked out once per answer: a build asks for the list
 * on every page (the same remembered answer), and filtering 2,000 events for each of them made 2 % of the bytes
 * a render worker allocated. Callers must not change the list.
 */
const inScope = new WeakMap<object, unknown[]>();
function scoped<T extends object>(list: readonly T[], keep: (entry: T) => boolean): T[] {
  let kept = inScope.get(list) as T[] | undefined;
  if (!kept) {
    kept = list.filter(keep);
    inScope.set(list, kept);
  }
  return kept;
}

/** Event pages of this site (from the static-path list), with the locales to render them in. */
export async function eventPages() {
  const scope = await siteScope();
  const { events } = await sitePass(DEFAULT_LOCALE).call(CALLS["v2.staticPathsEvents"]);
  return scoped(events, (e) => scope.event(e));
}

/** Tour pages of this site. */
export async function groupPages() {
  const scope = await siteScope();
  const { groups } = await sitePass(DEFAULT_LOCALE).call(CALLS["v2.staticPathsGroups"]);
  if (!scope.site.organizerSlug) return scoped(groups, (g) => scope.group(g));
  const { eventGroups: own } = await sitePass(DEFAULT_LOCALE).call(CALLS["organizer.eventGroups"], {
    query: { organizerSlug: scope.site.organizerSlug },
  });
  const ids = new Set(own.map((g) => g.eventGroupId));
  return groups.filter((g) => ids.has(g.eventGroupId));
}

/** Organizer pages of this site. */
export async function organizerPages() {
  const scope = await siteScope();
  const { organizers } = await sitePass(DEFAULT_LOCALE).call(CALLS["v2.staticPathsOrganizers"]);
  return scoped(organizers, (o) => scope.organizer(o));
}

/** The locale of a catalog page's `[...locale]` parameter, or undefined when it names no locale (a 404). */
export function pageLocale(param: string | undefined): Locale | undefined {
  try {
    return localeFromParam(param);
  } catch {
    return undefined;
  }
}

/** What the publisher tells the pages it renders (Astro `locals.publishing`). */
export interface Publishing {
  /** One "now" for the whole run (ms), so every locale splits upcoming and past alike. */
  now: number;
}

/** The moment a catalog page is rendered for: the publisher's run, else the clock (dev server). */
export function publishedAt(locals: { publishing?: Publishing | undefined }): Date {
  return new Date(locals.publishing?.now ?? Date.now());
}

/** The site's event pages by "organizerSlug/eventSlug", per list of them. */
const eventsBySlugs = new WeakMap<object, Map<string, Awaited<ReturnType<typeof eventPages>>[number]>>();

/** The event page of this site with these slugs (undefined: unknown, hidden or outside the site's scope). */
export async function findEventPage(organizerSlug: string | undefined, eventSlug: string | undefined) {
  if (organizerSlug === undefined || eventSlug === undefined) return undefined;
  const pages = await eventPages();
  let bySlugs = eventsBySlugs.get(pages);
  if (!bySlugs) {
    bySlugs = new Map();
    for (const e of pages) {
      const key = `${e.organizerSlug}/${e.eventSlug}`;
      // The first of two entries with the same slugs, as a search in order would find.
      if (!bySlugs.has(key)) bySlugs.set(key, e);
    }
    eventsBySlugs.set(pages, bySlugs);
  }
  return bySlugs.get(`${organizerSlug}/${eventSlug}`);
}

/** The tour page of this site with this slug, if any. */
export async function findGroupPage(eventGroupSlug: string | undefined) {
  return (await groupPages()).find((g) => g.eventGroupSlug === eventGroupSlug);
}

/** The organizer page of this site with this slug, if any. */
export async function findOrganizerPage(organizerSlug: string | undefined) {
  return (await organizerPages()).find((o) => o.organizerSlug === organizerSlug);
}
