/** `/sitemap-<name>.xml`: one sitemap of this site (pages, organizers, tours, events…), rendered by the publisher. */
import type { APIRoute } from "astro";
import { sitemapSections } from "../client/sitemap.ts";
import { siteOrigin } from "../lib/site-config.ts";
import { renderUrlset } from "../lib/sitemap.ts";

export const prerender = false;

/** The sitemap's `<urlset>`; an unknown name answers 404. */
export const GET: APIRoute = async ({ params, site }) => {
  const section = (await sitemapSections()).find((s) => s.name === params.name);
  if (!section) return new Response(null, { status: 404 });
  return new Response(renderUrlset(section.entries, siteOrigin(site)), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
