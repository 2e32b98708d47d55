/**
 * The Inter font: a wide screen loads it after the page (text shows in the system font meanwhile); a phone
 * keeps its system font and downloads no font file at all.
 */
import { expect, type Page, test } from "@playwright/test";
import { samplePath } from "./support/site.ts";

/** Font files the page requested, once it has loaded and its network is idle. */
async function fontRequests(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.goto(path, { waitUntil: "networkidle" });
  return fonts;
}

/** The load status of each Inter face the page's font set holds (none until the page adds Inter's rules). */
function interFaces(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replaceAll('"', "") === "Inter Variable")
      .map((face) => face.status),
  );
}

test("a phone draws the page in its system font and downloads no font file", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.setViewportSize({ width: 412, height: 823 });
  const path = await samplePath(baseURL, "event", "cs");
  expect(await fontRequests(page, path)).toEqual([]);
  expect(await interFaces(page)).toEqual([]);
});

test("a wide screen loads Inter after the page has loaded", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.setViewportSize({ width: 1280, height: 900 });
  const path = await samplePath(baseURL, "event", "cs");
  const fonts = await fontRequests(page, path);
  expect(
    fonts.some((url) => /\/_astro\/inter-latin-[\w-]*\.[\w-]+\.woff2$/.test(url)),
    fonts.join(", "),
  ).toBe(true);
  await expect.poll(() => interFaces(page)).toContain("loaded");
});
