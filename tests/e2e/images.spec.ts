/**
 * Images in the real browser: the event page's poster comes from the image endpoint as AVIF, the page
 * preloads exactly the variants its poster offers, every image of each page type loads (none broken), and
 * the pages stay axe-clean with their `<picture>` elements.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { pathTo } from "../../src/lib/routes.ts";
import { GROUP_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { recordLargestPaints } from "./support/largest-paint.ts";
import { type PageType, samplePath, siteCatalog } from "./support/site.ts";

/** Page types that show images of the pass service. */
const TYPES = ["index", "organizer", "tour", "event", "cart"] as const satisfies readonly PageType[];

/** Loads every image of the page at once (lazy ones too) and resolves when all have settled. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(
      images.map((img) =>
        img.complete
          ? undefined
          : new Promise((done) => {
              img.addEventListener("load", done, { once: true });
              img.addEventListener("error", done, { once: true });
            }),
      ),
    );
  });
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

test("the event page's poster is an AVIF variant of the image endpoint, preloaded from the head", async ({
  page,
  baseURL,
  request,
}) => {
  const path = await samplePath(baseURL ?? "", "event", "cs");
  await page.goto(path);
  const poster = page.locator('main picture img[fetchpriority="high"]');
  await expect(poster).toHaveCount(1);
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const currentSrc = await poster.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(currentSrc).pathname).toMatch(/^\/_img\/\d+\/[A-Za-z0-9_-]+\.avif$/);
  const variant = await request.get(currentSrc);
  expect(variant.status()).toBe(200);
  expect(variant.headers()["content-type"]).toBe("image/avif");
  expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const avif = page.locator('main picture:has(img[fetchpriority="high"]) source[type="image/avif"]');
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("type", "image/avif");
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  expect(await preload.getAttribute("imagesrcset")).toBe(await avif.getAttribute("srcset"));
  expect(await preload.getAttribute("imagesizes")).toBe(await avif.getAttribute("sizes"));
  // The browser shows the variant it preloaded (one of the preloaded srcset's addresses).
  const preloaded = (await preload.getAttribute("imagesrcset"))?.split(", ").map((c) => c.split(" ")[0]);
  expect(preloaded).toContain(new URL(currentSrc).pathname);
});

/** The sample page of a type; for tours the first one with a poster (not every tour has one). */
async function pageWithImages(type: (typeof TYPES)[number], baseURL: string, page: Page): Promise<string> {
  if (type !== "tour") return samplePath(baseURL, type, "cs");
  for (const eventGroupSlug of (await siteCatalog(baseURL)).tours) {
    const path = pathTo("cs", "tour", { eventGroupSlug });
    const html = await (await page.request.get(path)).text();
    if (html.includes('fetchpriority="high"')) return path;
  }
  throw new Error("No tour of the catalog has a poster");
}

for (const type of TYPES) {
  test(`no broken images on the ${type} page, its main image preloaded, axe clean`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(await pageWithImages(type, baseURL ?? "", page));
    await loadAllImages(page);
    const images = await page.evaluate(() =>
      [...document.images].map((img) => ({ src: img.currentSrc || img.src, width: img.naturalWidth })),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((img) => img.width === 0).map((img) => img.src)).toEqual([]);
    const served = images.filter((img) => new URL(img.src).pathname.startsWith("/_img/"));
    expect(served.length, "images come from the image endpoint").toBeGreaterThan(0);
    await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(1);
    // A <picture> lays out as its <img> alone: its sources take no room (in a flex row they would add gaps).
    const shownSources = await page.evaluate(
      () =>
        [...document.querySelectorAll("picture > source")].filter(
          (s) => getComputedStyle(s).display !== "none",
        ).length,
    );
    expect(shownSources).toBe(0);

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  });
}

/** Pages whose first screen opens with a list of event cards, and a tour page that opens with its own poster. */
const LEAD_PAGES = {
  index: "/en/",
  organizer: `/en/organizer/${ORG_SLUG.vltava}/`,
  "tour without a poster": `/en/tour/${GROUP_SLUG.season}/`,
  "tour with a poster": `/en/tour/${GROUP_SLUG.tour}/`,
} as const;

for (const [name, path] of Object.entries(LEAD_PAGES)) {
  test(`the ${name} page preloads the image it paints largest, on a phone and on a desktop`, async ({
    page,
  }) => {
    await recordLargestPaints(page);
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1350, height: 940 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path, { waitUntil: "networkidle" });
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      const preloaded =
        (await preload.getAttribute("imagesrcset"))?.split(", ").map((c) => c.split(" ")[0]) ?? [];
      // Cards of one row paint their images at one size: which of them the browser reports as the largest
      // paint depends on which arrived first, so an image painted as large as the largest paint counts too.
      const painted = await page.evaluate((sources) => {
        const shown = (element: Element) => {
          const box = element.getBoundingClientRect();
          const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
          const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
          return Math.max(0, width) * Math.max(0, height);
        };
        const last = window.lcpElements.at(-1);
        const image = [...document.images].find((img) => sources.includes(new URL(img.currentSrc).pathname));
        return {
          largest: last ? { area: shown(last), what: last.outerHTML.slice(0, 120) } : null,
          preloaded: image ? { area: shown(image), priority: image.getAttribute("fetchpriority") } : null,
        };
      }, preloaded);
      const at = `${viewport.width}px`;
      expect(painted.largest, `${at}: the page paints something largest`).not.toBeNull();
      expect(painted.preloaded, `${at}: the preloaded image is on the page`).not.toBeNull();
      expect(
        painted.preloaded?.area,
        `${at}: the preloaded image is painted as large as the largest paint (${painted.largest?.what})`,
      ).toBeGreaterThanOrEqual(painted.largest?.area ?? Number.POSITIVE_INFINITY);
      expect(painted.preloaded?.priority, `${at}: and is fetched first`).toBe("high");
    }
  });
}
