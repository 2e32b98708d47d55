/** `/robots.txt`: crawl rules and the sitemap index's absolute URL (pre-rendered for this build's site). */
import type { APIRoute } from "astro";
import { siteOrigin } from "../lib/site-config.ts";
import { robotsTxt } from "../lib/sitemap.ts";

export const prerender = true;

/** robots.txt. */
export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(siteOrigin(site)), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
