/**
 * A first visit's largest contentful paint on a phone (Lighthouse's mobile viewport, 412 × 823, as a narrow
 * window and as a touch phone at 1.75 device pixels per pixel, Lighthouse's emulation) stays the event's
 * poster once the consent banner has shown, in every locale: the poster sits beside the title on a phone's
 * first screen, and the banner is not the largest thing a first visitor's phone paints, so the page's LCP is
 * its main image, not a paragraph drawn two seconds later.
 */
import { expect, test } from "@playwright/test";
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
