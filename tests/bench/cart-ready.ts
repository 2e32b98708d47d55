/**
 * How long a buyer on a slow phone waits for the cart: Chromium loads the cart (and the cart of the first
 * event with a seat map) under Lighthouse's own mobile throttling, applied to the browser rather than
 * simulated (slow 4G: 562.5 ms request latency, 1.47 Mbit/s down; a 4× slower CPU; its phone's viewport), and
 * prints the first contentful paint and the time until the cart has hydrated and takes input
 * (`#cart-island[data-hydrated="true"]`), median, lowest and highest of BENCH_RUNS loads (default 8), each in a
 * new browser context (nothing cached). A first visit: the consent banner is not in the way of either figure.
 * Printed, never asserted.
 * Run: `npm run bench:cart-ready` against a running storefront (`npm start`; BENCH_BASE, default
 * http://127.0.0.1:4321); BENCH_LOCALES (e.g. "en,cs", default "en") picks the languages.
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { screenEmulationMetrics, throttling } from "lighthouse/core/config/constants.js";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { samplePath, seatedCartPath } from "../e2e/support/site.ts";
import { spread } from "./support/stats.ts";

const BASE = process.env.BENCH_BASE ?? "http://127.0.0.1:4321";
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 8);
const wanted = new Set((process.env.BENCH_LOCALES ?? "en").split(",").map((s) => s.trim()));
const locales = LOCALES.filter((locale) => wanted.has(locale));
const PHONE = (() => {
  const mobile = screenEmulationMetrics.mobile;
  if (!mobile) throw new Error("Lighthouse names no mobile screen");
  return mobile;
})();
const NETWORK = throttling.mobileSlow4G;

/** Records, in the page, when the cart first says it has hydrated (set up before the page's own code runs). */
function recordHydration(): void {
  const win = window as unknown as { cartHydratedAt?: number };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('#cart-island[data-hydrated="true"]')) return;
    win.cartHydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributeFilter: ["data-hydrated"] });
}

/** One load of a page: its first contentful paint and when the cart hydrated, in ms from navigation. */
async function load(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<[number, number]> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: NETWORK.requestLatencyMs,
      downloadThroughput: (NETWORK.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (NETWORK.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: NETWORK.cpuSlowdownMultiplier });
    await page.addInitScript(recordHydration);
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(
      () => (window as unknown as { cartHydratedAt?: number }).cartHydratedAt,
      null,
      {
        timeout: 120_000,
      },
    );
    return await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      (window as unknown as { cartHydratedAt: number }).cartHydratedAt,
    ]);
  } finally {
    await context.close();
  }
}

const chromePath =
  process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const browser = await chromium.launch(chromePath ? { executablePath: chromePath } : {});
const rows: Record<string, string | number>[] = [];
try {
  for (const locale of locales) {
    const pages = [
      ["cart", await samplePath(BASE, "cart", locale)],
      ["seated cart", await seatedCartPath(BASE, locale)],
    ] as const;
    for (const [name, path] of pages) {
      const figures: [number, number][] = [];
      for (let run = 0; run < RUNS; run++) figures.push(await load(browser, BASE + path));
      rows.push({
        page: `${name} ${locale} ${path}`,
        loads: RUNS,
        "first paint": spread(figures.map(([paint]) => paint)),
        hydrated: spread(figures.map(([, hydrated]) => hydrated)),
      });
      console.error(`measured ${name} ${locale}`);
    }
  }
} finally {
  await browser.close();
}
console.log(
  `The cart on a slow phone (${NETWORK.requestLatencyMs} ms latency, ${Math.round(NETWORK.downloadThroughputKbps)} kbit/s, ` +
    `${NETWORK.cpuSlowdownMultiplier}× slower CPU, applied) on ${BASE}: median (lowest–highest)`,
);
console.table(rows);
