/** `/sitemap-<name>.xml`: one sitemap of this build's site (pages, organizers, tours, events…), pre-rendered. */
import type { APIRoute, GetStaticPaths } from "astro";
import { sitemapSections } from "../client/sitemap.ts";
import { siteOrigin } from "../lib/site-config.ts";
import { renderUrlset, type SitemapEntry } from "../lib/sitemap.ts";

export const prerender = true;

/** One path per sitemap file. */
export const getStaticPaths = (async () =>
  (await sitemapSections()).map((section) => ({
    params: { name: section.name },
    props: { entries: section.entries },
  }))) satisfies GetStaticPaths;

/** The sitemap's `<urlset>`. */
export const GET: APIRoute<{ entries: SitemapEntry[] }> = ({ props, site }) =>
  new Response(renderUrlset(props.entries, siteOrigin(site)), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
