/**
 * A first visit's largest contentful paint on a phone (Lighthouse's mobile viewport, 412 × 823, as a narrow
 * window and as a touch phone at 1.75 device pixels per pixel, Lighthouse's emulation) stays the event's
 * poster once the consent banner has shown, in every locale: the poster sits beside the title on a phone's
 * first screen, and the banner is not the largest thing a first visitor's phone paints, so the page's LCP is
 * its main image, not a paragraph drawn two seconds later. Nor does the banner's code compete with that paint:
 * it is fetched only once the poster has been painted (or, by design, once `MAIN_IMAGE_WAIT_MS` have passed
 * after the load event without that paint: a 12-megapixel poster can take longer to decode on a busy machine).
 */
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { MAIN_IMAGE_WAIT_MS } from "../../src/islands/consent/consent-directive.ts";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { recordLargestPaints } from "./support/largest-paint.ts";
import { text } from "./support/locales.ts";
import { refuseOutsideRequests, samplePath } from "./support/site.ts";

test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 412, height: 823 } });

const DEVICES = {
  window: {},
  "touch phone": { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 },
} as const;

test.beforeEach(async ({ context }) => {
  await refuseOutsideRequests(context);
  await recordLargestPaints(context);
});

for (const [device, options] of Object.entries(DEVICES)) {
  test.describe(device, () => {
    test.use(options);
    for (const locale of LOCALES) definePosterTest(locale);
  });
}

function definePosterTest(locale: (typeof LOCALES)[number]): void {
  test(`${locale}: the event page's largest paint on a phone is its poster, also after the consent banner shows`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    await page.goto(await samplePath(baseURL, "event", locale));
    const title = text(locale, "common", "consent.banner.title");
    await expect(page.getByRole("dialog", { name: title, exact: true })).toBeVisible({ timeout: 15_000 });
    // The banner's paint is reported after the frame that draws it.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const largest = await page.evaluate(() => {
      const elements = window.lcpElements;
      const last = elements.at(-1);
      return {
        isPoster: last !== undefined && last === document.querySelector('main img[fetchpriority="high"]'),
        inBanner: last?.closest('[role="dialog"]') != null,
        what: last
          ? `${last.tagName} ${(last.textContent ?? last.getAttribute("alt") ?? "").slice(0, 60)}`
          : "",
      };
    });
    expect(largest.inBanner, largest.what).toBe(false);
    expect(largest.isPoster, largest.what).toBe(true);
  });
}

test.describe("touch phone, with a poster slow to draw", () => {
  test.use(DEVICES["touch phone"]);

  test("a first visit's consent code is fetched only once the event page's poster has been painted", async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const path = await samplePath(baseURL, "event", "en");
    // The load event comes before the poster is drawn (by a frame or more, its decoding on a slow phone). With
    // a poster of 12 megapixels, a consent code that waited for the load event alone was fetched before the
    // poster was painted in 5 of 14 loads.
    const html = await (await page.request.get(new URL(path, baseURL).href)).text();
    const poster = /<img src="\/_img\/[^/"]+\/([^."]+)\.[a-z]+"[^>]*fetchpriority="high"/.exec(html)?.[1];
    if (!poster) throw new Error("the event page has no poster");
    const slowPoster = await noiseJpeg(3000, 4000);
    await page.route(
      (url) => url.pathname.startsWith("/_img/") && url.pathname.includes(poster),
      (route) => route.fulfill({ body: slowPoster, contentType: "image/jpeg" }),
    );
    await page.goto(path);
    await expect(page.locator('[data-consent-island][data-hydrated="true"]')).toBeAttached({
      timeout: 15_000,
    });
    const { painted, fetched, loaded } = await posterAndConsentTimes(page);
    expect(painted, "the poster is the page's largest paint").toBeDefined();
    expect(fetched, "the consent code was fetched").toBeDefined();
    // Not before the poster's paint, unless the paint came later than the longest wait after the load event.
    expect(fetched).toBeGreaterThanOrEqual(Math.min(painted as number, loaded + MAIN_IMAGE_WAIT_MS));
  });
});

/** A JPEG of noise (which decodes slowly) of the given size. */
function noiseJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(i, 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * When the poster was painted as the largest paint, when the first file of the consent code was requested and
 * when the page's load event ended.
 */
function posterAndConsentTimes(page: Page): Promise<{ painted?: number; fetched?: number; loaded: number }> {
  return page.evaluate(async () => {
    const poster = document.querySelector('main img[fetchpriority="high"]');
    const island = document.querySelector("astro-island:has([data-consent-island])");
    const code = [island?.getAttribute("component-url"), island?.getAttribute("renderer-url")];
    const paints = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: "largest-contentful-paint",
        buffered: true,
      }),
    );
    const fetched = performance
      .getEntriesByType("resource")
      .filter((entry) => code.includes(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      painted: paints.find((entry) => (entry as LargestContentfulPaint).element === poster)?.startTime,
      fetched: fetched.length > 0 ? Math.min(...fetched) : undefined,
      loaded: navigation?.loadEventEnd ?? 0,
    };
  });
}
