/**
 * Astro writes the style of its island elements (`<style>astro-island,…{display:contents}</style>`) just
 * before the first island of a page, which is in `<body>` (the header's session island): HTML allows
 * `<style>` in `<head>` only. The page middleware (src/middleware.ts) moves it to the end of `<head>`, in the
 * page's bytes.
 */
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";
import type { PageEdit } from "./page-edits.ts";

const ISLAND_STYLE_ELEMENT = Buffer.from(`<style>${ISLAND_STYLES}</style>`);

/** The edits that move Astro's island style element from `<body>` to the end of `<head>` (none if it is not there). */
export function islandStyleEdits(page: Buffer): PageEdit[] {
  const headEnd = page.indexOf("</head>");
  const at = headEnd < 0 ? -1 : page.indexOf(ISLAND_STYLE_ELEMENT, headEnd);
  if (at < 0) return [];
  return [
    { at: headEnd, remove: 0, insert: ISLAND_STYLE_ELEMENT },
    { at, remove: ISLAND_STYLE_ELEMENT.length, insert: Buffer.alloc(0) },
  ];
}
