/**
 * A breadth-first crawl of the running storefront over HTTP (no browser): from the start pages it follows every
 * internal link — `a[href]`, `link[rel=alternate][hreflang]` and `link[rel=canonical]` — and requests each
 * internal asset a page references (stylesheets, scripts, images, icons) once. Canonical and hreflang URLs are
 * absolute on the site's public origin (SITE_URL), which may differ from the test server's: that origin counts
 * as internal and is mapped onto the test server.
 */
import { jsonLdBlocks, srcsetUrls, tagsOf } from "./html.ts";

/** A page or asset the crawl requested. */
export interface Visited {
  /** Path and query on the site. */
  path: string;
  status: number;
  /** The page that first linked it ("(start)" for a start page). */
  from: string;
  /** True for pages (followed), false for assets (only requested). */
  page: boolean;
  /** A page's HTML as served (pages answered with HTML only). */
  html?: string;
}

/** What a crawl found. */
export interface CrawlResult {
  /** The site's public origin, from the first start page's canonical URL (the test server's when it has none). */
  siteOrigin: string;
  visited: Map<string, Visited>;
  /** One line per link that answered ≥ 400 or failed: `status path ← linking page`. */
  broken: string[];
  /** One line per JSON-LD block that does not parse: `path: error`. */
  badJsonLd: string[];
}

const ASSET_RELS = new Set([
  "stylesheet",
  "icon",
  "apple-touch-icon",
  "manifest",
  "preload",
  "modulepreload",
]);

/** Internal links and assets of a page, as absolute URLs. */
function referencesOf(html: string, pageUrl: URL): { links: URL[]; assets: URL[] } {
  const links: URL[] = [];
  const assets: URL[] = [];
  const add = (list: URL[], href: string | undefined) => {
    if (!href || /^(mailto|tel|javascript|data|blob|sms):/i.test(href.trim())) return;
    try {
      list.push(new URL(href.trim(), pageUrl));
    } catch {
      // not a URL: html-validate reports malformed attributes
    }
  };
  for (const tag of tagsOf(html, ["a", "link", "img", "source", "script"])) {
    const { attrs } = tag;
    if (tag.name === "a") add(links, attrs.href);
    if (tag.name === "link") {
      const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
      if (rels.includes("canonical") || (rels.includes("alternate") && attrs.hreflang))
        add(links, attrs.href);
      else if (rels.some((rel) => ASSET_RELS.has(rel))) add(assets, attrs.href);
    }
    if (tag.name === "img" || tag.name === "script") add(assets, attrs.src);
    if ((tag.name === "img" || tag.name === "source") && attrs.srcset) {
      for (const url of srcsetUrls(attrs.srcset)) add(assets, url);
    }
  }
  return { links, assets };
}

/** The site's public origin: that of a page's absolute canonical URL (the server's own when it has none). */
export async function siteOriginOf(baseURL: string, path = "/"): Promise<string> {
  const page = await fetch(new URL(path, baseURL));
  const canonical = tagsOf(await page.text(), ["link"]).find((t) => t.attrs.rel === "canonical")?.attrs.href;
  return canonical && /^https?:\/\//.test(canonical) ? new URL(canonical).origin : new URL(baseURL).origin;
}

/** Crawls the site at `baseURL` from the start paths; never leaves the site. */
export async function crawlSite(
  baseURL: string,
  starts: readonly string[],
  opts: { concurrency?: number; maxRequests?: number } = {},
): Promise<CrawlResult> {
  const base = new URL(baseURL);
  const concurrency = opts.concurrency ?? 8;
  const maxRequests = opts.maxRequests ?? 20_000;
  const internal = new Set([base.origin]);
  const visited = new Map<string, Visited>();
  const broken: string[] = [];
  const badJsonLd: string[] = [];
  const queue: Visited[] = [];

  /** The path of an internal URL on the test server, or undefined for an external one. */
  const localPath = (url: URL): string | undefined =>
    internal.has(url.origin) ? `${url.pathname}${url.search}` : undefined;
  const enqueue = (url: URL, from: string, page: boolean) => {
    const path = localPath(url);
    if (path === undefined || visited.has(path)) return;
    if (visited.size >= maxRequests) throw new Error(`The crawl passed ${maxRequests} URLs: a link loop?`);
    const entry: Visited = { path, status: 0, from, page };
    visited.set(path, entry);
    queue.push(entry);
  };

  // The site's public origin: canonical and hreflang URLs point there.
  const siteOrigin = await siteOriginOf(baseURL, starts[0] ?? "/");
  internal.add(siteOrigin);

  for (const start of starts) enqueue(new URL(start, base), "(start)", true);

  const visit = async (entry: Visited): Promise<void> => {
    const url = new URL(entry.path, base);
    let response: Response;
    try {
      response = await fetch(url, { method: "GET", redirect: "follow" });
    } catch (error) {
      broken.push(`failed ${entry.path} ← ${entry.from}: ${error instanceof Error ? error.message : error}`);
      return;
    }
    entry.status = response.status;
    if (response.status >= 400) {
      broken.push(`${response.status} ${entry.path} ← ${entry.from}`);
      await response.body?.cancel();
      return;
    }
    const type = response.headers.get("content-type") ?? "";
    if (!entry.page || !type.includes("text/html")) {
      await response.body?.cancel();
      return;
    }
    const html = await response.text();
    entry.html = html;
    // A redirect lands elsewhere: links are relative to where it landed.
    const landed = new URL(response.url);
    const { links, assets } = referencesOf(html, landed);
    for (const link of links) enqueue(link, entry.path, true);
    for (const asset of assets) enqueue(asset, entry.path, false);
    for (const block of jsonLdBlocks(html)) {
      try {
        JSON.parse(block);
      } catch (error) {
        badJsonLd.push(`${entry.path}: ${error instanceof Error ? error.message : error}`);
      }
    }
  };

  // Breadth first: workers take the oldest queued URL; pages found while visiting join the end.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const entry = queue[next++];
      if (entry) await visit(entry);
    }
  };
  let idle = false;
  while (!idle) {
    await Promise.all(Array.from({ length: concurrency }, worker));
    idle = next >= queue.length;
  }
  return { siteOrigin, visited, broken, badJsonLd };
}
