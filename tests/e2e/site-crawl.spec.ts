/**
 * The built site as a whole: a crawl from the four home pages finds no broken link, every kind of page (index,
 * organizer, tour, event, cart, not found) in every locale has the right language, one heading, a canonical
 * URL and hreflang alternates, no WCAG 2.2 AA violation on a phone and a desktop, valid HTML and no
 * render-blocking stylesheet; every event
 * page carries schema.org Event data; catalog pages load no JavaScript until the buyer interacts.
 * Pages come from the pass service's static-path lists, so the tests hold for any catalog.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CONSENT_COOKIE } from "../../src/lib/constants.ts";
import { LOCALES as ROUTE_LOCALES, type Locale as RouteLocale } from "../../src/lib/i18n/config.ts";
import { axeViolations } from "./support/axe.ts";
import { type CrawlResult, crawlSite, siteOriginOf } from "./support/crawl.ts";
import { htmlErrors, jsonLdBlocks, tagsOf } from "./support/html.ts";
import { nuErrors, type ServedPage } from "./support/nu.ts";
import {
  eventPath,
  localeOfPath,
  PAGE_TYPES,
  type PageType,
  pageTypeOf,
  samplePath,
  siteCatalog,
  withoutTrailingSlash,
} from "./support/site.ts";

const WIDTHS = [390, 1280];
const START_PAGES = ROUTE_LOCALES.map((locale) => (locale === "cs" ? "/" : `/${locale}/`));

const crawls = new Map<string, Promise<CrawlResult>>();
/** The crawl of the test server from the four home pages (once per worker). */
function siteCrawl(baseURL: string): Promise<CrawlResult> {
  let crawl = crawls.get(baseURL);
  if (!crawl) {
    crawl = crawlSite(baseURL, START_PAGES);
    crawls.set(baseURL, crawl);
  }
  return crawl;
}

/** The test server's base URL (set by playwright.config.ts). */
function base(baseURL: string | undefined): string {
  if (!baseURL) throw new Error("baseURL is not configured");
  return baseURL;
}

/** A URL of the site (on its public origin) as a path on the test server. */
function onTestServer(href: string, siteOrigin: string): string {
  const url = new URL(href);
  expect(url.origin, `${href} is on the site's origin`).toBe(siteOrigin);
  return `${url.pathname}${url.search}`;
}

// The three tests of the crawl run in order in one worker, which crawls once (a crawl per worker requested
// every page and image twice).
test.describe("the crawl", () => {
  test.describe.configure({ mode: "default" });

  test("crawling from the four home pages finds no link that answers 400 or more", async ({ baseURL }) => {
    test.setTimeout(300_000);
    const crawl = await siteCrawl(base(baseURL));
    const pages = [...crawl.visited.values()].filter((v) => v.page);
    const summary = `${pages.length} pages and ${crawl.visited.size - pages.length} assets requested`;
    test.info().annotations.push({ type: "crawl", description: summary });
    console.log(`crawl: ${summary}`);
    expect(crawl.broken, "broken links (status path ← page that links it)").toEqual([]);
    expect(crawl.badJsonLd, "JSON-LD blocks that do not parse").toEqual([]);
  });

  test("the crawl reaches a page of every kind in every locale, and every page the catalog lists", async ({
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const crawl = await siteCrawl(base(baseURL));
    const reached = new Set<string>();
    for (const v of crawl.visited.values()) {
      const type = v.page && v.status < 400 ? pageTypeOf(v.path) : undefined;
      if (type) reached.add(`${localeOfPath(v.path)} ${type}`);
    }
    const expected = ROUTE_LOCALES.flatMap((locale) =>
      (["index", "organizer", "tour", "event", "cart"] as const).map((type) => `${locale} ${type}`),
    );
    expect(
      expected.filter((k) => !reached.has(k)),
      "kinds of pages no link leads to",
    ).toEqual([]);

    // Buyers find every listed upcoming event by following links (hidden and past events may stand alone).
    const catalog = await siteCatalog(base(baseURL));
    const crawled = new Set([...crawl.visited.keys()].map(withoutTrailingSlash));
    const unlinked = (events: typeof catalog.events) =>
      events.map((e) => eventPath("cs", e)).filter((path) => !crawled.has(withoutTrailingSlash(path)));
    const others = unlinked(catalog.events.filter((e) => !(e.visible && e.upcoming)));
    if (others.length > 0)
      test.info().annotations.push({ type: "not linked (hidden or past)", description: others.join(", ") });
    expect(
      unlinked(catalog.events.filter((e) => e.visible && e.upcoming)),
      "upcoming events no page links to",
    ).toEqual([]);
  });

  test("the W3C Nu Html Checker finds no error on any page the crawl reaches, nor on the not-found pages", async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(300_000);
    const crawl = await siteCrawl(base(baseURL));
    const pages: ServedPage[] = [...crawl.visited.values()].flatMap((v) =>
      v.html === undefined ? [] : [{ path: v.path, html: v.html }],
    );
    for (const locale of ROUTE_LOCALES) {
      const path = await samplePath(base(baseURL), "404", locale);
      const served = await request.get(path, { maxRedirects: 0 });
      expect(served.status(), `${path} answers`).toBe(404);
      pages.push({ path, html: await served.text() });
    }
    const kinds = new Set(
      pages.flatMap((p) => {
        const type = pageTypeOf(p.path);
        return type ? [`${localeOfPath(p.path)} ${type}`] : [];
      }),
    );
    test.info().annotations.push({ type: "checked", description: `${pages.length} pages` });
    expect(kinds.size, "a catalog page of every kind in every locale is checked").toBe(
      ROUTE_LOCALES.length * 5,
    );
    expect(await nuErrors(pages), "the Nu checker's errors").toEqual([]);
  });
});

for (const locale of ROUTE_LOCALES) {
  for (const type of PAGE_TYPES) {
    test(`${type} page in ${locale}: language, one h1, canonical, hreflang, axe at ${WIDTHS.join(" and ")} px, valid HTML`, async ({
      page,
      baseURL,
      request,
    }) => {
      const path = await samplePath(base(baseURL), type, locale);
      const siteOrigin = await siteOriginOf(base(baseURL));

      // The HTML as served, validated as is.
      const served = await request.get(path, { maxRedirects: 0 });
      expect(served.status(), `${path} answers`).toBe(type === "404" ? 404 : 200);
      const html = await served.text();
      // Soft: the browser checks below still run and report what they find.
      expect.soft(await htmlErrors(html), `html-validate errors in ${path}`).toEqual([]);
      // The page's CSS is in the page: no stylesheet holds back the first paint (a link for print or a
      // disabled one does not).
      const blocking = tagsOf(html, ["link"]).filter(
        (tag) =>
          /(^|\s)stylesheet(\s|$)/i.test(tag.attrs.rel ?? "") &&
          !/print/i.test(tag.attrs.media ?? "") &&
          tag.attrs.disabled === undefined,
      );
      expect.soft(blocking, `render-blocking stylesheets of ${path}`).toEqual([]);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        if (width === WIDTHS[0]) await checkStructure(page, { path, type, locale, siteOrigin, request });
        expect.soft(await axeViolations(page), `axe violations in ${path} at ${width} px`).toEqual([]);
      }
    });
  }
}

/** Language, headings, canonical URL and hreflang alternates of the page being shown. */
async function checkStructure(
  page: Page,
  ctx: {
    path: string;
    type: PageType;
    locale: RouteLocale;
    siteOrigin: string;
    request: APIRequestContext;
  },
): Promise<void> {
  const { path, type, locale, siteOrigin, request } = ctx;
  await expect(page.locator("html"), `<html lang> of ${path}`).toHaveAttribute("lang", locale);
  await expect(page.locator("h1"), `<h1> elements of ${path}`).toHaveCount(1);

  if (type === "404") {
    // A "not found" answer is kept out of indexes; it has no canonical URL of its own to declare.
    const robots = await page.locator('meta[name="robots"]').getAttribute("content");
    expect(robots ?? "", `${path} is not indexed`).toContain("noindex");
    return;
  }

  const canonicals = await page
    .locator('link[rel="canonical"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  expect(canonicals, `one canonical link in ${path}`).toHaveLength(1);
  const canonical = canonicals[0] ?? "";
  expect(canonical, "the canonical URL is absolute").toMatch(/^https?:\/\//);
  expect(withoutTrailingSlash(onTestServer(canonical, siteOrigin)), `canonical of ${path}`).toBe(
    withoutTrailingSlash(path),
  );

  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((l) => ({ hreflang: l.getAttribute("hreflang") ?? "", href: l.getAttribute("href") ?? "" })),
    );
  expect(alternates.map((a) => a.hreflang).sort(), `hreflang alternates of ${path}`).toEqual(
    [...ROUTE_LOCALES, "x-default"].sort(),
  );
  expect(
    alternates.find((a) => a.hreflang === locale)?.href,
    "the own-locale alternate is the canonical",
  ).toBe(canonical);
  for (const alternate of alternates) {
    const target = onTestServer(alternate.href, siteOrigin);
    const answer = await request.get(target, { maxRedirects: 0 });
    expect(answer.status(), `hreflang ${alternate.hreflang} of ${path}: ${target}`).toBe(200);
    if (alternate.hreflang !== "x-default") {
      const lang = tagsOf(await answer.text(), ["html"])[0]?.attrs.lang;
      expect(lang, `<html lang> of the ${alternate.hreflang} alternate ${target}`).toBe(alternate.hreflang);
    }
  }
}

/** Every schema.org object of a page's JSON-LD blocks (arrays and `@graph` flattened). */
function jsonLdObjects(html: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const object = value as Record<string, unknown>;
      objects.push(object);
      if (Array.isArray(object["@graph"])) object["@graph"].forEach(visit);
    }
  };
  for (const block of jsonLdBlocks(html)) visit(JSON.parse(block));
  return objects;
}

const isText = (v: unknown): boolean => typeof v === "string" && v.trim() !== "";
const isDate = (v: unknown): boolean => typeof v === "string" && !Number.isNaN(Date.parse(v));
const hasType = (v: Record<string, unknown>, type: string): boolean =>
  v["@type"] === type || (Array.isArray(v["@type"]) && v["@type"].includes(type));
const list = (v: unknown): Record<string, unknown>[] =>
  (Array.isArray(v) ? v : v ? [v] : []).filter(
    (x): x is Record<string, unknown> => !!x && typeof x === "object",
  );

/** What is missing or wrong in a schema.org Event, one line each. */
function eventProblems(
  event: Record<string, unknown>,
  facts: { hasVenue: boolean; hasPoster: boolean; hasLineup: boolean; hasTickets: boolean },
): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  need(isText(event.name), "name");
  need(isDate(event.startDate), "startDate (ISO date)");
  need(isDate(event.endDate), "endDate (ISO date)");
  need(
    typeof event.eventStatus === "string" &&
      /schema\.org\/Event(Scheduled|Cancelled|Postponed|Rescheduled|MovedOnline)$/.test(event.eventStatus),
    "eventStatus (a schema.org EventStatusType)",
  );
  const location = list(event.location)[0];
  if (facts.hasVenue) {
    const address = location?.address;
    need(
      isText(location?.name) &&
        (isText(address) ||
          (!!address &&
            typeof address === "object" &&
            isText((address as Record<string, unknown>).addressLocality))),
      "location with a name and an address (addressLocality)",
    );
  }
  need(
    list(event.organizer).some((o) => isText(o.name)),
    "organizer with a name",
  );
  if (facts.hasPoster) {
    const images = Array.isArray(event.image) ? event.image : [event.image];
    need(
      images.some(
        (i) => isText(i) || (!!i && typeof i === "object" && isText((i as Record<string, unknown>).url)),
      ),
      "image",
    );
  }
  if (facts.hasTickets) {
    const offers = list(event.offers);
    need(offers.length > 0, "offers");
    for (const offer of offers) {
      const priced =
        (offer.price !== undefined && isText(offer.priceCurrency)) ||
        (offer.lowPrice !== undefined && offer.highPrice !== undefined);
      need(
        priced,
        `offer ${JSON.stringify(offer).slice(0, 80)}: price + priceCurrency or lowPrice + highPrice`,
      );
      need(
        typeof offer.availability === "string" && /schema\.org\/\w+$/.test(offer.availability),
        "offer availability (a schema.org ItemAvailability)",
      );
    }
  }
  if (facts.hasLineup)
    need(
      list(event.performer).some((p) => isText(p.name)),
      "performer (the line-up)",
    );
  return problems;
}

test("every event page in every locale carries schema.org Event data", async ({ baseURL, request }) => {
  test.setTimeout(300_000);
  const catalog = await siteCatalog(base(baseURL));
  expect(catalog.events.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const facts of catalog.events) {
    for (const locale of ROUTE_LOCALES) {
      const path = eventPath(locale, facts);
      const answer = await request.get(path);
      if (answer.status() !== 200) {
        problems.push(`${path}: answers ${answer.status()}`);
        continue;
      }
      let objects: Record<string, unknown>[];
      try {
        objects = jsonLdObjects(await answer.text());
      } catch (error) {
        problems.push(`${path}: JSON-LD does not parse (${error instanceof Error ? error.message : error})`);
        continue;
      }
      const event = objects.find((o) => hasType(o, "Event"));
      if (!event) {
        const types = objects.map((o) => JSON.stringify(o["@type"])).join(", ") || "none";
        problems.push(`${path}: no JSON-LD object of @type "Event" (types: ${types})`);
        continue;
      }
      for (const problem of eventProblems(event, facts)) problems.push(`${path}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});

const CONSENT_VALUE = encodeURIComponent(
  JSON.stringify({ necessary: true, statistics: false, marketing: false }),
);

for (const type of ["organizer", "tour", "event"] as const) {
  test(`${type} pages load and run no JavaScript before the buyer interacts (consent already stored)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: CONSENT_COOKIE, value: CONSENT_VALUE, url: base(baseURL) }]);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const locale of ROUTE_LOCALES) {
      const path = await samplePath(base(baseURL), type, locale);
      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status(), `${path} answers`).toBe(200);
      await page.waitForLoadState("networkidle");
      // Nothing scheduled for later either (the consent banner would appear after 2048 ms).
      await page.waitForTimeout(2_300);
      const inDom = await page
        .locator('script[src], script[type="module"]')
        .evaluateAll((els) => els.map((s) => s.outerHTML.slice(0, 120)));
      expect(inDom, `script elements with src or type=module in ${path}`).toEqual([]);
    }
    expect(scripts, "script requests").toEqual([]);
  });
}
