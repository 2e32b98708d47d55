import { describe, expect, it } from "vitest";
import { PROVIDER_SOURCES } from "../../src/lib/consent/sources.ts";
import { contentSecurityPolicy, inlineContent } from "../../src/server/security.ts";

/** An HTML page as BaseLayout writes it: the tracking ids block and, optionally, the error-reporting DSN. */
function page(tracking: Record<string, string>, dsn?: string): string {
  const html = dsn ? `<html lang="cs" data-error-dsn="${dsn}">` : `<html lang="cs">`;
  return `<!doctype html>${html}<head><script type="application/json" id="site-tracking">${JSON.stringify(tracking)}</script></head><body></body></html>`;
}

function directives(html: string): Map<string, string[]> {
  const csp = contentSecurityPolicy({ serviceOrigins: [], inline: inlineContent(html), https: false });
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe("the CSP of a page's tracking providers", () => {
  it("names exactly the origins of the providers the page's #site-tracking block configures", () => {
    const csp = directives(page({ socialPixel: "123456789012345", adNetwork: "123456" }));
    expect(csp.get("script-src")).toEqual(["'self'", "https://connect.facebook.net", "https://c.seznam.cz"]);
    expect(csp.get("connect-src")).toEqual([
      "'self'",
      "https://www.facebook.com",
      "https://connect.facebook.net",
      "https://c.seznam.cz",
    ]);
    expect(csp.get("frame-src")).toEqual(["'self'", "https://c.seznam.cz"]);
    expect([...csp.values()].flat().join(" ")).not.toMatch(/google|tiktok|clarity|cloudfront/);
  });

  it("adds nothing for a site without tracking ids, nor for an unreadable block", () => {
    const none = directives(page({}));
    expect(none.get("script-src")).toEqual(["'self'"]);
    expect(none.get("connect-src")).toEqual(["'self'"]);
    expect(none.has("frame-src")).toBe(false);
    const broken = directives(page({}).replace("{}", "{not json"));
    expect(broken.get("script-src")).toEqual(["'self'"]);
  });

  it("allows the Google tags' origins for the tag manager", () => {
    const csp = directives(page({ tagManager: "GTM-ABC1234" }));
    for (const [name, sources] of Object.entries(PROVIDER_SOURCES.tagManager.csp)) {
      expect(csp.get(name)).toEqual(expect.arrayContaining(sources));
    }
  });

  it("lets the page call the error-reporting service of its DSN", () => {
    const csp = directives(page({}, "https://key@o1.ingest.sentry.example/42"));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://o1.ingest.sentry.example"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
  });

  it("does not mistake another data block for the tracking ids", () => {
    const html = `<html><script type="application/json" id="other">{"gtag":"G-ABC123DEF4"}</script></html>`;
    expect(inlineContent(html).sources).toEqual({});
  });
});
