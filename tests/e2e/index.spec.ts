import { expect, type Locator, test } from "@playwright/test";
import { LOCALES, text } from "./support/locales.ts";

for (const { code, prefix } of LOCALES) {
  test(`index in ${code}: language, translated heading, title and alternates`, async ({ page }) => {
    const response = await page.goto(`${prefix}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(code, "main", "index.heading"));
    await expect(page).toHaveTitle(text(code, "main", "index.title"));
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href") ?? "").pathname}`),
      );
    expect(hreflangs.sort()).toEqual(["cs /", "de /de/", "en /en/", "sk /sk/", "x-default /"]);
  });
}

test("the language switcher keeps the page and marks the current language", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: text("cs", "common", "languageSwitcher.label") });
  await expect(nav.locator('a[aria-current="true"]')).toHaveAttribute("hreflang", "cs");
  await nav.getByRole("link", { name: text("cs", "common", "languages.de") }).click();
  await expect(page).toHaveURL(/\/de\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "main", "index.heading"));
  const deNav = page.getByRole("navigation", { name: text("de", "common", "languageSwitcher.label") });
  await deNav.getByRole("link", { name: text("de", "common", "languages.cs") }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "cs");
});

test("the skip link moves keyboard focus to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: text("cs", "common", "skipToContent") });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("on a phone the event cards below the first screen wait to be laid out until they come near; a section link still lands on its section", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en/");
  // Whether a card's content is laid out (the element whose content the browser skips is itself still there).
  const rendered = (card: Locator) =>
    card.evaluate((li) => li.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
  const first = page.locator("#popular > ul > li").first();
  const last = page.locator("#all-events > ul > li").last();
  expect(await rendered(first), "the first card is on the first screen").toBe(true);
  expect(await rendered(last), "the last card of the full list is far below it").toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => rendered(last), { message: "a card is laid out once it is near" }).toBe(true);

  // The containment clips what a card paints outside its item: its focus outline must still fit.
  await last.locator("a").first().focus();
  const room = await last.evaluate((li) => {
    const card = li.querySelector("article");
    if (!card) return { outline: 0, margin: 0 };
    const style = getComputedStyle(card);
    return {
      outline: Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset),
      margin: Number.parseFloat(getComputedStyle(li).overflowClipMargin) || 0,
    };
  });
  expect(room.outline, "the focused card shows an outline").toBeGreaterThan(0);
  expect(room.margin, "its item paints the whole outline").toBeGreaterThanOrEqual(room.outline);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('a[href="#organizers"]').first().click();
  await expect(page).toHaveURL(/#organizers$/);
  const heading = page.getByRole("heading", { level: 2, name: text("en", "main", "index.organizers") });
  const top = async () => Math.round((await heading.boundingBox())?.y ?? -1);
  await expect.poll(top, { message: "the section's heading is on the screen" }).toBeGreaterThanOrEqual(0);
  expect(await top(), "just below the sticky header").toBeLessThan(200);
});
