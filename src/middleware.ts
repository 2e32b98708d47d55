/**
 * Catalog pages (index, organizer, tour, event, cart, sitemaps) are rendered on demand only by the publisher
 * (scripts/lib/publish/), which passes `locals.publishing`; the running server never renders them, so a
 * page the last release removed stays gone (answered 404). Astro's dev server renders them on every request.
 */
import { defineMiddleware } from "astro:middleware";

/** The routes whose pages the publisher renders into each release. */
const CATALOG_ROUTES = new Set([
  "/[...locale]",
  "/[...locale]/organizer/[organizerSlug]",
  "/[...locale]/tour/[eventGroupSlug]",
  "/[...locale]/event/[organizerSlug]/[eventSlug]",
  "/[...locale]/event/[organizerSlug]/[eventSlug]/cart",
  "/sitemap-index.xml",
  "/sitemap-[name].xml",
]);

/** Lets a catalog route render only for the publisher (or in dev); every other route as it is. */
export const onRequest = defineMiddleware((context, next) => {
  if (!CATALOG_ROUTES.has(context.routePattern) || context.locals.publishing || import.meta.env.DEV) {
    return next();
  }
  return new Response(null, { status: 404 });
});
