/**
 * Sitemaps and robots.txt of the built site: the index parses, its sitemaps list every organizer, tour and
 * event page in the four locales with hreflang alternates, and every listed URL answers 200 with itself as
 * canonical URL on the test server (the sitemap's origin is the site's public one, SITE_URL).
 */
import { expect, type Page, test } from "@playwright/test";
import { createApiClient as createPassClient } from "../../src/client/http.ts";
import { CALLS } from "../../src/contract/index.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

/** Parses sitemap XML in the browser (DOMParser): the `<loc>`s of an index, or the `<url>`s of a urlset. */
async function parseXml(
  page: Page,
  xml: string,
): Promise<{ root: string; sitemaps: string[]; urls: SitemapUrl[] }> {
  return page.evaluate(
    ({ xml, ns }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const error = doc.querySelector("parsererror");
      if (error) throw new Error(`XML does not parse: ${error.textContent}`);
      const text = (el: Element, name: string) => el.getElementsByTagNameNS(ns, name)[0]?.textContent ?? null;
      const sitemaps = [...doc.getElementsByTagNameNS(ns, "sitemap")].map((s) => text(s, "loc") ?? "");
      const urls = [...doc.getElementsByTagNameNS(ns, "url")].map((u) => ({
        loc: text(u, "loc") ?? "",
        lastmod: text(u, "lastmod"),
        alternates: Object.fromEntries(
          [...u.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link")].map((l) => [
            l.getAttribute("hreflang") ?? "",
            l.getAttribute("href") ?? "",
          ]),
        ),
      }));
      return { root: doc.documentElement.localName, sitemaps, urls };
    },
    { xml, ns: SITEMAP_NS },
  );
}

test("robots.txt points at the sitemap index with the site's absolute URL", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap-index\.xml$/m);
});

test("the sitemaps list every page in four locales with alternates, and every URL answers 200", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const index = await request.get("/sitemap-index.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const parsedIndex = await parseXml(page, await index.text());
  expect(parsedIndex.root).toBe("sitemapindex");
  expect(parsedIndex.sitemaps.length).toBeGreaterThan(0);

  const urls: SitemapUrl[] = [];
  for (const loc of parsedIndex.sitemaps) {
    const res = await request.get(new URL(loc).pathname);
    expect(res.status(), loc).toBe(200);
    const sitemap = await parseXml(page, await res.text());
    expect(sitemap.root, loc).toBe("urlset");
    urls.push(...sitemap.urls);
  }
  const origin = new URL(parsedIndex.sitemaps[0] ?? "").origin;
  const paths = urls.map((u) => new URL(u.loc).pathname);
  expect(new Set(paths).size, "no URL is listed twice").toBe(paths.length);

  for (const url of urls) {
    expect(new URL(url.loc).origin, url.loc).toBe(origin);
    expect(Object.keys(url.alternates).sort(), url.loc).toEqual(["cs", "de", "en", "sk", "x-default"]);
    expect(Object.values(url.alternates), `${url.loc} is among its alternates`).toContain(url.loc);
    expect(url.alternates["x-default"]).toBe(url.alternates.cs);
    const [, prefix] = /^\/(en|de|sk)\//.exec(new URL(url.alternates.en ?? "").pathname) ?? [];
    expect(prefix, `${url.loc}: the en alternate is under /en/`).toBe("en");
  }

  // Every page of the catalog is listed, in each locale.
  const pass = createPassClient({
    baseUrl: `http://127.0.0.1:${Number(new URL(baseURL ?? "").port) + 1}`,
    agentVersion: "e2e",
    agentSource: "web",
    language: "cs",
  });
  const [{ organizers }, { groups }, { events }] = await Promise.all([
    pass.call(CALLS["v2.staticPathsOrganizers"]),
    pass.call(CALLS["v2.staticPathsGroups"]),
    pass.call(CALLS["v2.staticPathsEvents"]),
  ]);
  const listed = new Set(paths);
  for (const prefix of ["", "/en", "/de", "/sk"]) {
    expect(listed.has(`${prefix}/`), `${prefix}/ is listed`).toBe(true);
    for (const o of organizers) expect(listed).toContain(`${prefix}/organizer/${o.organizerSlug}/`);
    for (const g of groups) expect(listed).toContain(`${prefix}/tour/${g.eventGroupSlug}/`);
    for (const e of events) expect(listed).toContain(`${prefix}/event/${e.organizerSlug}/${e.eventSlug}/`);
  }
  expect(urls.length).toBe(4 * (1 + organizers.length + groups.length + events.length));
  const lastModified = new Map(
    events.map((e) => [`/event/${e.organizerSlug}/${e.eventSlug}/`, e.lastModified]),
  );
  for (const url of urls) {
    const known = lastModified.get(new URL(url.loc).pathname);
    if (known) expect(Date.parse(url.lastmod ?? ""), url.loc).toBe(Date.parse(known));
  }

  // Each URL answers 200 on the test server and names itself as the canonical URL.
  const pending = [...urls];
  const worker = async () => {
    for (let url = pending.shift(); url; url = pending.shift()) {
      const res = await request.get(new URL(url.loc).pathname, { maxRedirects: 0 });
      expect(res.status(), url.loc).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await res.text())?.[1];
      expect(canonical, `${url.loc} is its page's canonical URL`).toBe(url.loc);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
});
