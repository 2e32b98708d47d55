/**
 * `node scripts/screenshots.ts <base-url> [path …]`: full-page screenshots at phone (390px) and desktop (1280px)
 * widths into test-results/screens/, for looking at what a page shows.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { DEFAULT_PORT } from "../src/lib/site-config.ts";
import { ROOT } from "./lib/site.ts";

const [base = `http://127.0.0.1:${DEFAULT_PORT}`, ...paths] = process.argv.slice(2);
const outDir = join(ROOT, "test-results", "screens");
mkdirSync(outDir, { recursive: true });
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const path of paths.length ? paths : ["/"]) {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 844 } });
    await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
    const file = join(outDir, `${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
