import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
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

test("the index has no accessibility violations (WCAG 2.2 AA) on phone and desktop widths", async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/en/");
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  }
});

test("the skip link moves keyboard focus to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: text("cs", "common", "skipToContent") });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
