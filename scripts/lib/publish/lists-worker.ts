/**
 * Worker thread of the publisher: reads the site's static-path lists (in its scope) and sitemap names from
 * the pass service through the storefront's own client code. A fresh thread per run: the clients memoise.
 */
import { parentPort } from "node:worker_threads";
import { eventPages, groupPages, organizerPages } from "../../../src/client/site.ts";
import { sitemapSections } from "../../../src/client/sitemap.ts";
import type { SiteLists } from "./pages.ts";

const [events, groups, organizers, sections] = await Promise.all([
  eventPages(),
  groupPages(),
  organizerPages(),
  sitemapSections(),
]);
const lists: SiteLists = { events, groups, organizers, sitemaps: sections.map((s) => s.name) };
parentPort?.postMessage(lists);
