/**
 * The pages a release holds, computed from the static-path lists: every catalog page in every locale, each
 * with its inputs (the digests of what it shows). An event's pages depend on its digest, a tour's and an
 * organizer's on theirs (the service folds their events' digests into them), the index and the sitemaps on
 * every list. Pages whose inputs changed since the last release are rendered again.
 */
import { createHash } from "node:crypto";
import { LOCALES } from "../../../src/lib/i18n/config.ts";
import { pathTo } from "../../../src/lib/routes.ts";
import { SITEMAP_INDEX_PATH, sitemapPath } from "../../../src/lib/sitemap.ts";

/** The static-path lists of the site's scope (what the lists worker reads from the pass service). */
export interface SiteLists {
  events: { eventId: string; organizerSlug: string; eventSlug: string; digest: string }[];
  groups: { eventGroupId: string; eventGroupSlug: string; digest: string }[];
  organizers: { organizerSlug: string; digest: string }[];
  /** Names of the sitemap files. */
  sitemaps: string[];
}

/** One page of a release. */
export interface PageSpec {
  /** URL path ("/en/event/o/e/", "/sitemap-index.xml"). */
  path: string;
  /** Its file under the release's `client/`. */
  file: string;
  /** What it shows: changes exactly when the page must be rendered again. */
  inputs: string;
  /** Pages of one group render in the same worker (they share the entity's fetches). */
  group: string;
}

/** Which entities a release was published from: "event:<id>" → digest, with a name for the log. */
export type EntityDigests = Record<string, { digest: string; name: string }>;

/** The file of a URL path: directory pages are `<path>/index.html`. */
export function fileOf(path: string): string {
  const relative = path.replace(/^\/+/, "");
  return relative === "" || relative.endsWith("/") ? `${relative}index.html` : relative;
}

/** Every entity of the lists with its digest. */
export function entityDigests(lists: SiteLists): EntityDigests {
  const entities: EntityDigests = {};
  for (const e of lists.events) {
    entities[`event:${e.eventId}`] = { digest: e.digest, name: `${e.organizerSlug}/${e.eventSlug}` };
  }
  for (const g of lists.groups)
    entities[`tour:${g.eventGroupId}`] = { digest: g.digest, name: g.eventGroupSlug };
  for (const o of lists.organizers) {
    entities[`organizer:${o.organizerSlug}`] = { digest: o.digest, name: o.organizerSlug };
  }
  return entities;
}

/** The pages of the lists in every locale. */
export function pageList(lists: SiteLists): PageSpec[] {
  const all = createHash("sha256")
    .update(JSON.stringify([entityDigests(lists), lists.sitemaps]))
    .digest("base64url")
    .slice(0, 22);
  const pages: PageSpec[] = [];
  const add = (path: string, inputs: string, group: string): void => {
    pages.push({ path, file: fileOf(path), inputs, group });
  };
  for (const locale of LOCALES) {
    add(pathTo(locale, "index"), all, "listings");
    for (const o of lists.organizers) {
      add(pathTo(locale, "organizer", { organizerSlug: o.organizerSlug }), o.digest, "listings");
    }
    for (const g of lists.groups) {
      add(pathTo(locale, "tour", { eventGroupSlug: g.eventGroupSlug }), g.digest, "listings");
    }
    for (const e of lists.events) {
      const params = { organizerSlug: e.organizerSlug, eventSlug: e.eventSlug };
      add(pathTo(locale, "event", params), e.digest, `event:${e.eventId}`);
      add(pathTo(locale, "cart", params), e.digest, `event:${e.eventId}`);
    }
  }
  add(SITEMAP_INDEX_PATH, all, "listings");
  for (const name of lists.sitemaps) add(sitemapPath(name), all, "listings");
  return pages;
}

/** What changed between two releases' entities: "2 events changed: a/b, c/d; 1 removed: e/f". */
export function describeChanges(before: EntityDigests, after: EntityDigests): string {
  const kinds = new Map<string, { added: string[]; changed: string[]; removed: string[] }>();
  const of = (key: string) => {
    const kind = key.slice(0, key.indexOf(":"));
    let entry = kinds.get(kind);
    if (!entry) {
      entry = { added: [], changed: [], removed: [] };
      kinds.set(kind, entry);
    }
    return entry;
  };
  for (const [key, now] of Object.entries(after)) {
    const old = before[key];
    if (!old) of(key).added.push(now.name);
    else if (old.digest !== now.digest) of(key).changed.push(now.name);
  }
  for (const [key, old] of Object.entries(before)) if (!after[key]) of(key).removed.push(old.name);
  const parts: string[] = [];
  for (const [kind, { added, changed, removed }] of kinds) {
    const list = (names: string[], what: string): void => {
      if (names.length === 0) return;
      const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
      parts.push(`${names.length} ${kind}${names.length === 1 ? "" : "s"} ${what}: ${shown}`);
    };
    list(added, "new");
    list(changed, "changed");
    list(removed, "removed");
  }
  return parts.join("; ");
}
