/** `/sitemap-index.xml`: the sitemap index of this site (rendered by the publisher). */
import type { APIRoute } from "astro";
import { sitemapSections } from "../client/sitemap.ts";
import { siteOrigin } from "../lib/site-config.ts";
import { renderSitemapIndex } from "../lib/sitemap.ts";

export const prerender = false;

/** The sitemap index. */
export const GET: APIRoute = async ({ site }) =>
  new Response(renderSitemapIndex(await sitemapSections(), siteOrigin(site)), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
