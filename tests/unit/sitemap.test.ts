import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { pathTo } from "../../src/lib/routes.ts";
import {
  newest,
  pagePath,
  renderSitemapIndex,
  renderUrlset,
  robotsTxt,
  type SitemapEntry,
  splitSections,
} from "../../src/lib/sitemap.ts";

const site = new URL("https://tickets.example.cz");
const tour = (slug: string, lastModified?: string): SitemapEntry => ({
  paths: Object.fromEntries(
    LOCALES.map((l) => [l, pagePath(pathTo(l, "tour", { eventGroupSlug: slug }))]),
  ) as SitemapEntry["paths"],
  lastModified,
});

describe("sitemaps", () => {
  it("lists each page once per locale with all four alternates and x-default", () => {
    const xml = renderUrlset([tour("turne-na-sever", "2026-05-01T10:00:00.000Z")], site);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://tickets.example.cz/tour/turne-na-sever/",
      "https://tickets.example.cz/en/tour/turne-na-sever/",
      "https://tickets.example.cz/de/tour/turne-na-sever/",
      "https://tickets.example.cz/sk/tour/turne-na-sever/",
    ]);
    const firstUrl = xml.split("</url>")[0] ?? "";
    expect(
      [...firstUrl.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
    ).toEqual([
      "cs https://tickets.example.cz/tour/turne-na-sever/",
      "en https://tickets.example.cz/en/tour/turne-na-sever/",
      "de https://tickets.example.cz/de/tour/turne-na-sever/",
      "sk https://tickets.example.cz/sk/tour/turne-na-sever/",
      "x-default https://tickets.example.cz/tour/turne-na-sever/",
    ]);
    expect(firstUrl).toContain("<lastmod>2026-05-01T10:00:00.000Z</lastmod>");
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it("escapes URLs and leaves lastmod out when unknown", () => {
    const entry: SitemapEntry = {
      paths: { cs: "/a?x=1&y=2", en: "/en/a", de: "/de/a", sk: "/sk/a" },
    };
    const xml = renderUrlset([entry], site);
    expect(xml).toContain("<loc>https://tickets.example.cz/a?x=1&amp;y=2</loc>");
    expect(xml).not.toContain("<lastmod>");
  });

  it("splits long lists into files of at most the URL limit and names them", () => {
    const entries = Array.from({ length: 7 }, (_, i) => tour(`t-${i}`));
    const sections = splitSections(
      [
        { name: "pages", entries: [tour("x")] },
        { name: "organizers", entries: [] },
        { name: "tours", entries },
      ],
      12,
    );
    expect(sections.map((s) => `${s.name}:${s.entries.length}`)).toEqual([
      "pages:1",
      "tours:3",
      "tours-2:3",
      "tours-3:1",
    ]);
  });

  it("indexes the sitemap files with the newest date of each", () => {
    const xml = renderSitemapIndex(
      [{ name: "tours", entries: [tour("a", "2026-01-01T00:00:00Z"), tour("b", "2026-03-01T00:00:00Z")] }],
      site,
    );
    expect(xml).toContain("<loc>https://tickets.example.cz/sitemap-tours.xml</loc>");
    expect(xml).toContain("<lastmod>2026-03-01T00:00:00.000Z</lastmod>");
    expect(newest([undefined, "bad", "2026-02-01T00:00:00Z"])).toBe("2026-02-01T00:00:00.000Z");
    expect(newest([])).toBeUndefined();
  });

  it("points robots.txt at the sitemap index with the absolute URL", () => {
    const text = robotsTxt(site);
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Sitemap: https://tickets.example.cz/sitemap-index.xml");
    expect(text).toContain("Disallow: /api/");
  });
});
