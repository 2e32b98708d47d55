/**
 * Astro middleware of every page, pre-rendered or on demand: HTML answers get Astro's island style element
 * in `<head>` (./layouts/island-styles.ts) so that pages are valid HTML.
 */
import { defineMiddleware } from "astro:middleware";
import { islandStylesInHead } from "./layouts/island-styles.ts";

/** Moves the island style element of an HTML answer into its head. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(islandStylesInHead(html), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});
