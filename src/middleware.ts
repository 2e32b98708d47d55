/**
 * Astro middleware of every page, pre-rendered or on demand:
 * - catalog pages (index, organizer, tour, event, cart, sitemaps) are rendered on demand only by the
 *   publisher (scripts/lib/publish/), which passes `locals.publishing`; the running server never renders
 *   them, so a page the last release removed stays gone (answered 404). Astro's dev server renders them on
 *   every request;
 * - HTML answers get Astro's island style element in `<head>` (./layouts/island-styles.ts) so that pages are
 *   valid HTML, and inline only the CSS they can use, with the site's stylesheet linked without blocking the
 *   first paint (./layouts/critical-css.ts), and name the modules their islands that hydrate at load import,
 *   right before the first of them (./layouts/module-preloads.ts); neither in Astro's dev server, which serves
 *   the code itself.
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { readClientFile } from "./layouts/client-files.ts";
import { criticalCssEdits } from "./layouts/critical-css.ts";
import { islandStyleEdits } from "./layouts/island-styles.ts";
import { modulePreloadEdits } from "./layouts/module-preloads.ts";
import { applyEdits } from "./layouts/page-edits.ts";

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
const publishingOnly = defineMiddleware((context, next) => {
  if (!CATALOG_ROUTES.has(context.routePattern) || context.locals.publishing || import.meta.env.DEV) {
    return next();
  }
  return new Response(null, { status: 404 });
});

/**
 * Moves the island style element of an HTML answer into its head, inlines its critical CSS and preloads the
 * modules of its islands that hydrate at load. For the publisher (`locals.keepPage`) the page's bytes are handed
 * over as they are and the answer has no body: a `Response` would copy them, and the publisher read them back.
 */
const islandStyles = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const page = Buffer.from(await response.arrayBuffer());
  const edits = islandStyleEdits(page);
  if (!import.meta.env.DEV) {
    // Read as text once, by both steps (one character per byte: see `criticalCssEdits`).
    const text = page.toString("latin1");
    edits.push(
      ...criticalCssEdits(page, readClientFile, text),
      ...modulePreloadEdits(page, readClientFile, text),
    );
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const init = { status: response.status, statusText: response.statusText, headers };
  const edited = applyEdits(page, edits);
  const keep = context.locals.keepPage;
  if (!keep) return new Response(edited, init);
  keep(edited);
  return new Response(null, init);
});

/** The guard first: a refused catalog page is not rendered at all. */
export const onRequest = sequence(publishingOnly, islandStyles);
