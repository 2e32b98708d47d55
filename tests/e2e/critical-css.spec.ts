/**
 * Critical CSS in Chromium: a page inlines the rules it can use, not the site's whole stylesheet, and links the
 * whole stylesheet without blocking its first paint; what an island renders later (the cookie settings, opened
 * from the footer of a page that loaded no JavaScript) is styled by the whole stylesheet, switched on before the
 * island hydrates.
 */
import { expect, type Page, test } from "@playwright/test";
import { SITE_CSS_ATTRIBUTE } from "../../src/lib/constants.ts";
import { text } from "./support/locales.ts";
import { samplePath } from "./support/site.ts";

/** A class only the cookie settings dialog uses (its width on wide screens: 48rem). */
const DIALOG_CLASS = "md:max-w-3xl";

/** The text of the page's inline style elements. */
function inlineCss(page: Page): Promise<string> {
  return page.evaluate(() => [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n"));
}

test("a page inlines only its critical CSS; what an island renders later gets the whole stylesheet", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(await samplePath(baseURL, "event", "en"), { waitUntil: "load" });

  const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
  await expect(link).toHaveAttribute("media", "print");
  const href = await link.getAttribute("href");
  const whole = await (await page.request.get(new URL(href ?? "", baseURL).href)).text();
  const inline = await inlineCss(page);
  // The page shows none of the dialog, so its inline CSS has none of the dialog's rules; the stylesheet has.
  expect(await page.locator(`[class~="${DIALOG_CLASS}"]`).count()).toBe(0);
  expect(whole).toContain(".md\\:max-w-3xl");
  expect(inline).not.toContain("max-w-3xl");
  expect(inline.length).toBeLessThan(whole.length * 0.75);
  // Base rules every page needs stay inline.
  expect(inline).toContain(":focus-visible");

  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: text("en", "common", "consent.footerLink"), exact: true })
    .click();
  const dialog = page.getByRole("dialog", {
    name: text("en", "common", "consent.settings.title"),
    exact: true,
  });
  await expect(dialog).toBeVisible();
  await expect(link).toHaveAttribute("media", "all");
  const panel = page.locator(`[class~="${DIALOG_CLASS}"]`);
  await expect(panel).toHaveCSS("max-width", "768px");
});
