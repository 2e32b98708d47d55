/**
 * Astro writes the style of its island elements (`<style>astro-island,…{display:contents}</style>`) just
 * before the first island of a page, which is in `<body>` (the header's session island): HTML allows
 * `<style>` in `<head>` only. The page middleware (src/middleware.ts) moves it to the end of `<head>`.
 */
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";

const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** The page with Astro's island style element moved from `<body>` to the end of `<head>` (else as it is). */
export function islandStylesInHead(html: string): string {
  const headEnd = html.indexOf("</head>");
  const at = html.indexOf(ISLAND_STYLE_ELEMENT, headEnd);
  if (headEnd < 0 || at < 0) return html;
  return (
    html.slice(0, headEnd) +
    ISLAND_STYLE_ELEMENT +
    html.slice(headEnd, at) +
    html.slice(at + ISLAND_STYLE_ELEMENT.length)
  );
}
