/**
 * What the head of every page says about it (BaseLayout renders it): title, description, canonical URL and
 * Open Graph image, built the same way for every page type. Pages give the texts; the helpers below are the
 * one home of the title and description rules (length limits, brand suffix). No Astro, no fetch.
 */
import { serviceHref } from "../client/site.ts";
import { siteOrigin } from "../lib/site-config.ts";

/** An Open Graph image: an absolute URL with its size and alt text. */
export interface OgImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The SEO of one page. */
export interface PageSeo {
  title: string;
  description: string;
  /** Absolute URL of the page on the site's public origin (also the Open Graph URL). */
  canonical: string;
  image?: OgImage | undefined;
}

/** Where a page is: Astro's `url` and `site` of the page. */
export interface PageAddress {
  url: URL;
  site: URL | undefined;
}

/** An image the pass service answered with (its URL may be a path on the service). */
export interface ServiceImageRef {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The SEO of a page: its texts, its canonical URL and, when it has one, its image made absolute. */
export function pageSeo(
  page: PageAddress,
  texts: { title: string; description: string; image?: ServiceImageRef | null | undefined },
): PageSeo {
  return {
    title: texts.title,
    description: texts.description,
    canonical: absoluteUrl(page.url.pathname, page.site),
    image: texts.image ? ogImage(texts.image) : undefined,
  };
}

/** A path of the site as an absolute URL on its public origin. */
export function absoluteUrl(path: string, site: URL | undefined): string {
  return new URL(path, siteOrigin(site)).href;
}

/** The Open Graph image of a service image: its URL made absolute, its size and alt text. */
export function ogImage(image: ServiceImageRef): OgImage {
  return { url: serviceHref(image.url), width: image.width, height: image.height, alt: image.alt };
}

/** A title followed by the site's name: "Jazz Praha – event tickets | Vstupio". */
export function brandTitle(text: string, brand: string): string {
  return `${text} | ${brand}`;
}

/** Longest page title search engines show whole (and html-validate's `long-title` limit). */
export const MAX_TITLE_LENGTH = 70;

/**
 * The first candidate title that fits within `max` characters, most informative first; when none fits,
 * `name` cut at a word (with "…") followed by `suffix` (e.g. " | Vstupio"). Candidates are read in turn and no
 * further than the first that fits (a generator builds only the ones it needs).
 */
export function fitTitle(
  candidates: Iterable<string>,
  name: string,
  suffix: string,
  max = MAX_TITLE_LENGTH,
): string {
  for (const title of candidates) if (title.length <= max) return title;
  return `${metaDescription(name, Math.max(1, max - suffix.length))}${suffix}`;
}

/** A meta description from a text: whitespace collapsed, at most `max` characters, cut at a word. */
export function metaDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const head = space > max / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.–-]+$/u, "")}…`;
}

/** Longest description taken from a page's first paragraph (organizer and tour pages). */
export const MAX_LEAD_DESCRIPTION = 160;

/** The description of a page from its first paragraph, cut to 160 characters; `fallback` without one. */
export function leadDescription(paragraphs: readonly string[], fallback: string): string {
  const first = paragraphs[0];
  if (!first) return fallback;
  return first.length > MAX_LEAD_DESCRIPTION
    ? `${first.slice(0, MAX_LEAD_DESCRIPTION - 3).trimEnd()}…`
    : first;
}
