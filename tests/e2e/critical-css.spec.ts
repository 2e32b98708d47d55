/**
 * Critical CSS in Chromium: a page inlines the rules it can use, not the site's whole stylesheet, and links the
 * whole stylesheet without blocking its first paint: disabled (not even fetched) on a page whose islands wait,
 * fetched while the page loads on a page with an island that hydrates at load (the cart). What an island
 * renders later (the cookie settings, opened from the footer of a page that loaded no JavaScript) is styled by
 * the whole stylesheet, switched on before the island hydrates, or by the consent island before it opens them;
 * a first visit's consent banner is styled by the page's critical CSS, so the page never restyles itself for it.
 * The stylesheet is generated from the storefront's sources alone: no class only a test names is styled.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import postcss from "postcss";
import selectorParser from "postcss-selector-parser";
import { SITE_CSS_ATTRIBUTE } from "../../src/lib/constants.ts";
import { text } from "./support/locales.ts";
import { PAGE_TYPES, samplePath } from "./support/site.ts";

/** A class only the cookie settings dialog uses (its width on wide screens: 48rem). */
const DIALOG_CLASS = "md:max-w-3xl";

/** The text of the page's inline style elements. */
function inlineCss(page: Page): Promise<string> {
  return page.evaluate(() => [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n"));
}

/** The paths of the stylesheets the page asks for from now on (filled as it asks). */
function stylesheetRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test("a page inlines only its critical CSS; what an island renders later gets the whole stylesheet", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.setViewportSize({ width: 1280, height: 900 });
  const stylesheets = stylesheetRequests(page);
  await page.goto(await samplePath(baseURL, "event", "en"), { waitUntil: "load" });

  const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
  await expect(link).toHaveAttribute("disabled", "");
  const href = await link.getAttribute("href");
  // Nothing on the page needs it yet: the browser has not fetched it.
  expect(stylesheets).not.toContain(href);
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
  await expect(link).not.toHaveAttribute("disabled");
  expect(stylesheets).toContain(href);
  const panel = page.locator(`[class~="${DIALOG_CLASS}"]`);
  await expect(panel).toHaveCSS("max-width", "768px");
});

test("a page with an island that hydrates at load fetches the whole stylesheet while it loads", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  // No island script runs, so only the page itself can have asked for the stylesheet.
  await page.route("**/_astro/*.js", (route) => route.abort());
  const stylesheets = stylesheetRequests(page);
  await page.goto(await samplePath(baseURL, "cart", "en"), { waitUntil: "load" });
  const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
  await expect(link).toHaveAttribute("media", "print");
  await expect(link).not.toHaveAttribute("disabled");
  expect(stylesheets).toContain(await link.getAttribute("href"));
});

/** Switches the site's whole stylesheet on, as an island would, and waits until it has loaded. */
function switchWholeStylesheetOn(page: Page): Promise<void> {
  return page.locator(`link[${SITE_CSS_ATTRIBUTE}]`).evaluate(
    (element: HTMLLinkElement) =>
      new Promise<void>((resolve) => {
        if (!element.sheet) element.addEventListener("load", () => resolve(), { once: true });
        element.media = "all";
        element.disabled = false;
        if (element.sheet) resolve();
      }),
  );
}

/** The first differences between two sets of computed styles, if any. */
function differences(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after)
    .filter((key) => after[key] !== before[key])
    .slice(0, 5)
    .map((key) => `${key}: ${diff(before[key] ?? "", after[key] ?? "")}`);
}

test.describe("a first visit", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the consent banner is styled by the page's critical CSS: the whole stylesheet stays off and unfetched", async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    await page.setViewportSize({ width: 390, height: 844 });
    const stylesheets = stylesheetRequests(page);
    await page.goto(await samplePath(baseURL, "event", "en"));
    const banner = page.getByRole("dialog", {
      name: text("en", "common", "consent.banner.title"),
      exact: true,
    });
    // The page's load, an idle moment, the island's hydration and the banner's delay, on a loaded machine.
    await expect(banner).toBeVisible({ timeout: 15_000 });
    const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
    await expect(link).toHaveAttribute("disabled", "");
    expect(stylesheets).not.toContain(await link.getAttribute("href"));
    const critical = await computedStyles(page, "[data-consent-island] *");
    await switchWholeStylesheetOn(page);
    const whole = await computedStyles(page, "[data-consent-island] *");
    expect(Object.keys(whole).length).toBeGreaterThan(8);
    expect(differences(critical, whole)).toEqual([]);
  });
});

test("cookie settings that cannot load, nor the whole stylesheet, say so in an alert styled as with it", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  // Offline once the page has loaded: neither the dialog's code and texts nor the whole stylesheet arrive.
  await page.route(/\/_astro\/(common|ConsentSettings)\.[^/]*\.js$/, (route) => route.abort());
  await page.goto(await samplePath(baseURL, "event", "en"), { waitUntil: "load" });
  const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
  const href = (await link.getAttribute("href")) ?? "";
  let refused = false;
  await page.route(`**${href}`, (route) => {
    refused = true;
    return route.abort();
  });
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: text("en", "common", "consent.footerLink"), exact: true })
    .click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(text("en", "common", "consent.banner.settingsFailed"));
  const critical = await computedStyles(page, "[data-consent-island] *");
  // The island asked for the whole stylesheet when the settings were asked for, and did not get it.
  expect(refused).toBe(true);
  await page.unroute(`**${href}`);
  await link.evaluate((element: HTMLLinkElement) => {
    // A link whose fetch failed is fetched again once its address changes.
    element.href = `${element.href}?again`;
  });
  await switchWholeStylesheetOn(page);
  const whole = await computedStyles(page, "[data-consent-island] *");
  expect(Object.keys(whole).length).toBeGreaterThan(3);
  expect(differences(critical, whole)).toEqual([]);
  await expect(alert).toHaveCSS("position", "fixed");
});

/** Every element's computed style (custom properties aside), by its place in the document. */
function computedStyles(page: Page, selector = "body *"): Promise<Record<string, string>> {
  return page.evaluate((selector) => {
    const styles: Record<string, string> = {};
    [...document.querySelectorAll(selector)].forEach((element, index) => {
      const style = getComputedStyle(element);
      const values = [...style]
        .filter((name) => !name.startsWith("--"))
        .map((name) => `${name}:${style.getPropertyValue(name)}`);
      styles[`${index} ${element.tagName}`] = values.join(";");
    });
    return styles;
  }, selector);
}

for (const type of PAGE_TYPES) {
  test(`the ${type} page styled by its critical CSS alone looks as with the whole stylesheet`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    // No script runs but the page's inline ones, so nothing switches the whole stylesheet on.
    await page.route("**/_astro/*.js", (route) => route.abort());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await samplePath(baseURL, type, "cs"), { waitUntil: "load" });
    const link = page.locator(`link[${SITE_CSS_ATTRIBUTE}]`);
    if (type === "cart") await expect(link).toHaveAttribute("media", "print");
    else await expect(link).toHaveAttribute("disabled", "");
    const critical = await computedStyles(page);
    await switchWholeStylesheetOn(page);
    const whole = await computedStyles(page);
    expect(Object.keys(whole).length).toBeGreaterThan(50);
    expect(differences(critical, whole)).toEqual([]);
  });
}

/** The declarations of `b` that `a` does not have. */
function diff(a: string, b: string): string {
  const before = new Set(a.split(";"));
  return b
    .split(";")
    .filter((declaration) => !before.has(declaration))
    .join("; ");
}

/** The text of every file under `src/`: where the classes of the site's stylesheet come from. */
function sourceText(): string {
  const root = join(import.meta.dirname, "../../src");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(astro|tsx?|css|json)$/.test(file))
    .map((file) => readFileSync(join(root, file), "utf8"))
    .join("\n");
}

test("the site's stylesheet styles only classes the storefront's sources name, none only the tests do", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.goto(await samplePath(baseURL, "event", "en"));
  const href = await page.locator(`link[${SITE_CSS_ATTRIBUTE}]`).getAttribute("href");
  const css = await (await page.request.get(new URL(href ?? "", baseURL).href)).text();
  const classes = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    selectorParser((selectors) => selectors.walkClasses((node) => void classes.add(node.value))).processSync(
      rule.selector,
    );
  });
  expect(classes.size).toBeGreaterThan(100);
  const sources = sourceText();
  expect([...classes].filter((name) => !sources.includes(name))).toEqual([]);
});
