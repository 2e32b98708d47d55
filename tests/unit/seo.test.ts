import { afterEach, describe, expect, it, vi } from "vitest";
import {
  absoluteUrl,
  brandTitle,
  fitTitle,
  leadDescription,
  metaDescription,
  pageSeo,
} from "../../src/layouts/seo.ts";

describe("pageSeo", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("takes the canonical URL from the page's path on the site's origin, without the query", () => {
    const seo = pageSeo(
      { url: new URL("http://127.0.0.1:4391/en/tour/x/?utm=1"), site: new URL("https://shop.example") },
      { title: "Title", description: "Text" },
    );
    expect(seo).toEqual({
      title: "Title",
      description: "Text",
      canonical: "https://shop.example/en/tour/x/",
      image: undefined,
    });
  });

  it("falls back to the local storefront when Astro has no site", () => {
    const seo = pageSeo(
      { url: new URL("http://x.test/a/"), site: undefined },
      { title: "T", description: "D" },
    );
    expect(seo.canonical).toBe("http://localhost:4321/a/");
    expect(absoluteUrl("/b/", undefined)).toBe("http://localhost:4321/b/");
  });

  it("makes a service image absolute for Open Graph, with its size and alt text", () => {
    vi.stubEnv("PASS_API_URL", "http://pass.test/");
    const seo = pageSeo(
      { url: new URL("https://shop.example/"), site: new URL("https://shop.example") },
      {
        title: "T",
        description: "D",
        image: { url: "/images/p.webp", width: 600, height: 800, alt: "Poster" },
      },
    );
    expect(seo.image).toEqual({
      url: "http://pass.test/images/p.webp",
      width: 600,
      height: 800,
      alt: "Poster",
    });
  });
});

describe("titles and descriptions", () => {
  it("adds the brand to a title", () => {
    expect(brandTitle("Jazz Praha – event tickets", "Vstupio")).toBe("Jazz Praha – event tickets | Vstupio");
  });

  it("takes a page's first paragraph as its description, cut to 160 characters", () => {
    expect(leadDescription(["Short lead.", "More."], "Fallback")).toBe("Short lead.");
    expect(leadDescription([], "Fallback")).toBe("Fallback");
    const long = `${"word ".repeat(40)}end`;
    const cut = leadDescription([long], "Fallback");
    expect(cut).toBe(`${long.slice(0, 157).trimEnd()}…`);
    expect(cut.length).toBeLessThanOrEqual(160);
  });
});

describe("metaDescription", () => {
  it("keeps a short text, collapsing whitespace", () => {
    expect(metaDescription("  Three days\n\nof music.  ")).toBe("Three days of music.");
  });

  it("cuts a long text at a word and ends it with an ellipsis, within the limit", () => {
    const text = `${"Tři dny hudby na louce pod Pálavou, ".repeat(8)}konec.`;
    const result = metaDescription(text);
    expect(result.length).toBeLessThanOrEqual(155);
    expect(result.endsWith("…")).toBe(true);
    expect(text.startsWith(result.slice(0, -1))).toBe(true);
    expect(result).not.toMatch(/[\s,]…$/);
    expect(text.charAt(result.length - 1)).toMatch(/[\s,]/);
  });

  it("cuts inside a word only when there is no space to cut at", () => {
    expect(metaDescription("a".repeat(200), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("fitTitle", () => {
  it("builds candidates no further than the first that fits", () => {
    const built: string[] = [];
    function* candidates(): Generator<string> {
      for (const title of ["x".repeat(80), "Polární záře | Vstupio", "Polární záře"]) {
        built.push(title);
        yield title;
      }
    }
    expect(fitTitle(candidates(), "Polární záře", " | Vstupio")).toBe("Polární záře | Vstupio");
    expect(built).toHaveLength(2);
  });

  it("takes the first candidate within 70 characters", () => {
    const long = `${"Polární záře: Tournee „Nach Norden“ – Prag"} – Prag, 13. Dezember 2026 | Vstupio`;
    expect(long.length).toBeGreaterThan(70);
    expect(fitTitle([long, "Polární záře – Prag, 13.12.2026 | Vstupio"], "Polární záře", " | Vstupio")).toBe(
      "Polární záře – Prag, 13.12.2026 | Vstupio",
    );
  });

  it("cuts the name at a word, keeping the suffix, when no candidate fits", () => {
    const name = "A very long event name that goes on and on about a festival of many days and stages";
    const title = fitTitle([`${name} | Vstupio`], name, " | Vstupio");
    expect(title.length).toBeLessThanOrEqual(70);
    expect(title).toMatch(/^A very long event name .*… \| Vstupio$/);
  });
});
