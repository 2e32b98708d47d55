/**
 * Benchmark of the seating island on a phone: once the buyer scrolls to it (below the first screen, its code and
 * its seats load only then: `client:reached`), the time until it is hydrated and until a 2,000-seat sector is
 * drawn, with Chromium's CPU
 * slowed down 4× (CDP `Emulation.setCPUThrottlingRate`) at 390 × 844 px; the longest task and the blocking
 * time (what tasks over 50 ms run beyond 50 ms) while the seats are drawn, and the JavaScript the island
 * adds to a cart page once reached (the scripts a seated event's cart has loaded after a scroll to its map that a
 * standing event's cart does not load), as gzip bytes, and how many of them the seated cart loaded before that
 * scroll. The sector's seats are answered by the benchmark (40 rows of 50 seats, every fifth seat taken)
 * for the theatre's stalls, so the figure does not depend on the catalog. Printed, never asserted.
 * Run: `npm run bench:seating` against a running storefront (`npm start`; BENCH_BASE, default
 * http://127.0.0.1:4321); BENCH_RUNS sets the number of runs (default 5); BENCH_NETWORK=slow4g also throttles the
 * network as Lighthouse's applied mobile profile does (562.5 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, each
 * with its 0.9 factor on throughput), so the island's modules arriving level by level or at once shows.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { declineAll, encodeConsent } from "../../src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "../../src/lib/constants.ts";
import { median } from "./support/stats.ts";

const BASE = process.env.BENCH_BASE ?? "http://127.0.0.1:4321";
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLOW_4G = process.env.BENCH_NETWORK === "slow4g";
const THEATRE_CART = "/en/event/divadlo-na-nabrezi/lakomec/cart/";
const STANDING_CART = "/en/event/louka-open-air/louka-open-air/cart/";
const ROWS = 40;
const PER_ROW = 50;

/** A sector of 2,000 seats in 40 rows; every fifth seat is taken. */
function seats(sectorId: string) {
  const out = [];
  for (let r = 0; r < ROWS; r++) {
    for (let n = 1; n <= PER_ROW; n++) {
      const i = r * PER_ROW + n;
      out.push({
        seatId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        sectorId,
        row: String(r + 1),
        number: n,
        x: n * 10 + (r % 2) * 5,
        y: r * 10,
        state: i % 5 === 0 ? "sold" : "free",
        ticketTypeId: null,
        reservationCategoryId: null,
      });
    }
  }
  return out;
}

/** Answers every sector's seat list with the 2,000 seats. */
async function serveBigSector(page: Page): Promise<void> {
  await page.route(/\/api\/reservation\/sector\/([^/]+)\/seats/, async (route) => {
    const sectorId = /sector\/([^/]+)\/seats/.exec(route.request().url())?.[1] ?? "";
    await route.fulfill({ json: { errorText: "OK", seats: seats(sectorId) } });
  });
}

/**
 * Records when the island hydrated and when all its seats were in the page (ms since navigation start), and
 * the long tasks (over 50 ms, as the throttled CPU ran them). The benchmark adds when it scrolled to the map.
 */
const MARKS = `(() => {
  const marks = { longTasks: [] };
  window.__seatingMarks = marks;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) marks.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: "longtask" });
  new MutationObserver(() => {
    const island = document.querySelector("[data-seating-island]");
    if (!marks.hydrated && island?.getAttribute("data-hydrated") === "true") marks.hydrated = performance.now();
    if (!marks.seats && document.querySelectorAll("[data-seat-id]").length >= ${ROWS * PER_ROW}) marks.seats = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const times: { hydrated: number; scrolled: number; seats: number; longTasks: number[]; toggle: number }[] =
    [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (SLOW_4G)
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
        uploadThroughput: (750 * 1024 * 0.9) / 8,
      });
    await serveBigSector(page);
    await page.addInitScript(MARKS);
    await page.goto(BASE + THEATRE_CART);
    await page.waitForLoadState("networkidle");
    const island = page.locator("[data-seating-island]");
    await island.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => performance.now());
    await page.waitForFunction(
      () => (window as { __seatingMarks?: { seats?: number } }).__seatingMarks?.seats,
      null,
      {
        timeout: 120_000,
      },
    );
    const marks = await page.evaluate(
      () =>
        (
          window as unknown as {
            __seatingMarks: { hydrated: number; seats: number; longTasks: [number, number][] };
          }
        ).__seatingMarks,
    );
    // The tasks that ran while the seats were drawn: from the scroll to the task that drew the last seat.
    const drawing = marks.longTasks
      .filter(([start, duration]) => start + duration >= scrolled && start <= marks.seats)
      .map(([, duration]) => duration);
    // One seat picked by a tap: the time until the map shows it as the buyer's.
    const toggle = await page.evaluate(async () => {
      const seat = document.querySelector<SVGElement>('[data-seat-state="free"]');
      if (!seat) return Number.NaN;
      const id = seat.getAttribute("data-seat-id");
      const start = performance.now();
      seat.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      for (;;) {
        if (document.querySelector(`[data-seat-id="${id}"]`)?.getAttribute("data-seat-state") === "mine")
          break;
        await new Promise((r) => requestAnimationFrame(r));
      }
      return performance.now() - start;
    });
    times.push({ hydrated: marks.hydrated, scrolled, seats: marks.seats, longTasks: drawing, toggle });
    await context.close();
  }

  /** The script URLs a cart page loads: at load, and by the time its seat map (if any) is hydrated after a scroll to it. */
  // A visitor who declined tracking: the consent banner's code, which loads when the page is idle, would
  // otherwise count as the seat map's whenever it came before one cart's idle moment and after the other's.
  const consent = encodeConsent(declineAll(), new Date());
  const scriptsOf = async (path: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addCookies([{ name: CONSENT_COOKIE, value: consent, url: BASE }]);
    const page = await context.newPage();
    const urls = new Set<string>();
    page.on("requestfinished", (r) => {
      if (r.resourceType() === "script" && r.url().startsWith(BASE)) urls.add(r.url());
    });
    await page.goto(BASE + path, { waitUntil: "networkidle" });
    const atLoad = new Set(urls);
    const island = page.locator("[data-seating-island]");
    if ((await island.count()) > 0) {
      await island.scrollIntoViewIfNeeded();
      await island.and(page.locator('[data-hydrated="true"]')).waitFor();
      await page.waitForLoadState("networkidle");
    }
    await context.close();
    return { atLoad, all: urls };
  };
  const seated = await scriptsOf(THEATRE_CART);
  const standing = (await scriptsOf(STANDING_CART)).all;
  const added = [...seated.all].filter((u) => !standing.has(u));
  const addedAtLoad = added.filter((u) => seated.atLoad.has(u));
  let gzip = 0;
  let raw = 0;
  for (const url of added) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }

  console.log(
    `Seating island, 2,000-seat sector, 390 × 844 px, CPU throttled 4×${SLOW_4G ? ", slow 4G" : ""} (${RUNS} runs, median):`,
  );
  console.log(
    `  hydrated (island interactive) ${median(times.map((t) => t.hydrated - t.scrolled)).toFixed(0)} ms after the scroll to the map`,
  );
  console.log(
    `  2,000 seats rendered          ${median(times.map((t) => t.seats - t.scrolled)).toFixed(0)} ms after the scroll to the map`,
  );
  console.log(
    `  while drawing them: longest task ${median(times.map((t) => Math.max(0, ...t.longTasks))).toFixed(0)} ms, blocking time ${median(times.map((t) => t.longTasks.reduce((sum, d) => sum + d - 50, 0))).toFixed(0)} ms (tasks over 50 ms, beyond 50 ms)`,
  );
  console.log(`  tap → seat shown as yours     ${median(times.map((t) => t.toggle)).toFixed(1)} ms`);
  console.log(
    `JavaScript the seating island adds to a cart page once reached: ${added.length} files, ${raw} B, ${gzip} B gzip; ${addedAtLoad.length} of them loaded before the scroll to the map`,
  );
  for (const url of added) console.log(`  ${new URL(url).pathname}`);
} finally {
  await browser.close();
}
