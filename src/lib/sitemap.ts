/**
 * Sitemaps (sitemaps.org protocol) and robots.txt of a site: every pre-rendered page in each locale, with
 * `xhtml:link` alternates for the four locales plus x-default (Czech), split into sitemaps by kind of page
 * and size, and a sitemap index that lists them.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./i18n/config.ts";

/** One page in every locale: its path per locale and when its data last changed. */
export interface SitemapEntry {
  paths: Record<Locale, string>;
  lastModified?: string | undefined;
}

/** One sitemap file: `sitemap-<name>.xml`. */
export interface SitemapSection {
  name: string;
  entries: SitemapEntry[];
}

/** At most this many URLs per sitemap (the protocol allows 50,000; smaller files are friendlier to fetch). */
export const MAX_URLS_PER_SITEMAP = 10_000;

/** Path of the sitemap index. */
export const SITEMAP_INDEX_PATH = "/sitemap-index.xml";

/** Path of a sitemap file. */
export function sitemapPath(name: string): string {
  return `/sitemap-${name}.xml`;
}

/**
 * The URL path of a pre-rendered page as its canonical link gives it: pages are built as folders
 * (`/tour/x/index.html`), so Astro knows them as `/tour/x/`, and the sitemap lists that same form.
 */
export function pagePath(path: string): string {
  return path.endsWith("/") ? path : `${path}/`;
}

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`,
  );
}

/** The newest of some ISO timestamps (undefined when there are none). */
export function newest(dates: readonly (string | undefined)[]): string | undefined {
  let best: string | undefined;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const date of dates) {
    const time = date ? Date.parse(date) : Number.NaN;
    if (!Number.isNaN(time) && time > bestTime) {
      best = new Date(time).toISOString();
      bestTime = time;
    }
  }
  return best;
}

/**
 * Splits page lists into sitemap files of at most {@link MAX_URLS_PER_SITEMAP} URLs (one URL per page and
 * locale): `events`, then `events-2`, `events-3`… Empty lists make no file.
 */
export function splitSections(
  sections: readonly SitemapSection[],
  maxUrls = MAX_URLS_PER_SITEMAP,
): SitemapSection[] {
  const perFile = Math.max(1, Math.floor(maxUrls / LOCALES.length));
  return sections.flatMap(({ name, entries }) => {
    const files: SitemapSection[] = [];
    for (let start = 0; start < entries.length; start += perFile) {
      const part = files.length + 1;
      files.push({
        name: part === 1 ? name : `${name}-${part}`,
        entries: entries.slice(start, start + perFile),
      });
    }
    return files;
  });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>`: each page once per locale, each URL listing all locales and x-default as alternates. */
export function renderUrlset(entries: readonly SitemapEntry[], site: URL): string {
  const abs = (path: string): string => xmlEscape(new URL(path, site).href);
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LOCALES.map(
        (code) => `    <xhtml:link rel="alternate" hreflang="${code}" href="${abs(entry.paths[code])}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(entry.paths[DEFAULT_LOCALE])}"/>`,
    ].join("\n");
    const lastmod = entry.lastModified ? `\n    <lastmod>${xmlEscape(entry.lastModified)}</lastmod>` : "";
    return LOCALES.map(
      (code) => `  <url>\n    <loc>${abs(entry.paths[code])}</loc>${lastmod}\n${alternates}\n  </url>`,
    );
  });
  return (
    XML_HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    (urls.length ? `${urls.join("\n")}\n` : "") +
    "</urlset>\n"
  );
}

/** The `<sitemapindex>` listing the site's sitemap files, each with its newest page's date. */
export function renderSitemapIndex(sections: readonly SitemapSection[], site: URL): string {
  const items = sections.map((section) => {
    const lastModified = newest(section.entries.map((e) => e.lastModified));
    const lastmod = lastModified ? `\n    <lastmod>${lastModified}</lastmod>` : "";
    return `  <sitemap>\n    <loc>${xmlEscape(new URL(sitemapPath(section.name), site).href)}</loc>${lastmod}\n  </sitemap>`;
  });
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    (items.length ? `${items.join("\n")}\n` : "") +
    "</sitemapindex>\n"
  );
}

/**
 * robots.txt: everything may be crawled except the API, the demo cart and order pages (private, on demand);
 * the sitemap index is given with the site's absolute URL.
 */
export function robotsTxt(site: URL): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /*/cart/demo",
    "Disallow: /*/order/",
    "",
    `Sitemap: ${new URL(SITEMAP_INDEX_PATH, site).href}`,
    "",
  ].join("\n");
}
