/**
 * The seating island on the cart page of a seated event (the theatre's play), in Chromium against the real
 * storefront and pass service: the map and the list view by mouse and keyboard, axe on both, and a purchase
 * of four seats (three by mouse, one by keyboard) whose seats show on the tickets and are taken for the
 * next buyer.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { SEATS_PER_TASK } from "../../src/islands/seating/revealed.ts";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { cartPath, fillBuyer, gatewayPay, methodRadio, payButton, t, waitForHold } from "./support/buying.ts";
import { claimEvent, readsEvent } from "./support/inventory.ts";

/** The play whose seats these tests pick and buy. */
const THEATRE = { organizerSlug: ORG_SLUG.divadlo, eventSlug: EVENT_SLUG.miser };
/** Another play in the same hall, whose seats no spec picks: every seat of its map is free. */
const UNTOUCHED_PLAY = { organizerSlug: ORG_SLUG.divadlo, eventSlug: EVENT_SLUG.littlePrince };

// The tests pick "the first free seat" of one hall: run them one after another, so two never pick the same.
test.describe.configure({ mode: "default" });
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/**
 * Opens a play's cart, scrolls to its seating island (below the first screen, it loads its code and its seats
 * when the buyer comes near), waits until it has hydrated and until it shows its seats.
 */
async function openSeatMap(page: Page, play: { organizerSlug: string; eventSlug: string }): Promise<Locator> {
  await page.goto(cartPath("en", play));
  const island = page.locator("[data-seating-island]");
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
  const map = page.locator("[data-seat-map]");
  await expect(map.locator("[data-seat-id]").first()).toBeVisible({ timeout: 15_000 });
  // A large sector is drawn in steps: the map is busy until its last seat is on the page.
  await expect(map).toHaveAttribute("aria-busy", "false");
  return map;
}

/** Opens the cart of the play whose seats these tests pick and buy. */
function openSeating(page: Page): Promise<Locator> {
  claimEvent("miser");
  return openSeatMap(page, THEATRE);
}

/** The label of the focused element. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

test("the map moves by arrow keys along rows and across them, and announces row, seat, price and state", async ({
  page,
}) => {
  readsEvent("littlePrince");
  const map = await openSeatMap(page, UNTOUCHED_PLAY);
  await expect(map).toHaveAccessibleName(t("en", "seating.mapLabel", { sector: "Stalls" }));
  // One tab stop: the first seat of the front row.
  await expect(map.locator('[tabindex="0"]')).toHaveCount(1);
  await map.locator('[tabindex="0"]').focus();
  const first = await focusedLabel(page);
  expect(first).toMatch(/^Row \S+, seat 1, .+, free$/);
  await page.keyboard.press("ArrowRight");
  expect(await focusedLabel(page)).toMatch(/^Row \S+, seat 2, /);
  await page.keyboard.press("End");
  const last = await focusedLabel(page);
  await page.keyboard.press("ArrowDown");
  const below = await focusedLabel(page);
  expect(below.split(",")[0]).not.toBe(last.split(",")[0]);
  expect(below.split(",")[1]).toBe(last.split(",")[1]);
  await page.keyboard.press("ArrowUp");
  expect(await focusedLabel(page)).toBe(last);
  await expect(map.locator('[tabindex="0"]')).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).include("[data-seating-island]").withTags(AXE_TAGS).analyze();
  expect(axe.violations).toEqual([]);
});

test("a sector's seats are drawn step by step, never all in one task", async ({ page }) => {
  readsEvent("littlePrince");
  // Each batch of DOM changes is noted with the number of seats on the page after it and whether the map
  // then told assistive technology it was still busy.
  await page.addInitScript(() => {
    const batches: string[] = [];
    (window as unknown as { seatBatches: string[] }).seatBatches = batches;
    new MutationObserver(() => {
      const map = document.querySelector("[data-seat-map]");
      const seats = map?.querySelectorAll("[data-seat-id]").length ?? 0;
      const batch = `${seats} busy=${map?.getAttribute("aria-busy")}`;
      if (seats > 0 && batch !== batches.at(-1)) batches.push(batch);
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["aria-busy"],
    });
  });
  const map = await openSeatMap(page, UNTOUCHED_PLAY);
  const total = 302; // the theatre's stalls (catalog/demo/seating.ts)
  await expect(map.locator("[data-seat-id]")).toHaveCount(total);
  const batches = await page.evaluate(() => (window as unknown as { seatBatches: string[] }).seatBatches);
  const steps = Math.ceil(total / SEATS_PER_TASK);
  expect(batches).toEqual(
    Array.from({ length: steps }, (_, step) =>
      step < steps - 1 ? `${(step + 1) * SEATS_PER_TASK} busy=true` : `${total} busy=false`,
    ),
  );
});

test("a free seat is one shape, and one focus ring follows the keyboard, not the mouse", async ({ page }) => {
  const map = await openSeating(page);
  // A hall of hundreds of seats stays light to render: each free seat is a single element.
  const shapes = await map
    .locator('[data-seat-state="free"]')
    .evaluateAll((seats) => [...new Set(seats.map((s) => `${s.tagName}:${s.childElementCount}`))]);
  expect(shapes).toEqual(["circle:0"]);
  const ring = map.locator("[data-seat-focus]");
  await expect(ring).toHaveCount(1);
  await expect(ring).toBeHidden();

  const ringAt = () => ring.evaluate((r) => `${r.getAttribute("cx")} ${r.getAttribute("cy")}`);
  const focusedAt = () =>
    page.evaluate(
      () => `${document.activeElement?.getAttribute("cx")} ${document.activeElement?.getAttribute("cy")}`,
    );
  await map.locator('[tabindex="0"]').focus();
  await expect(ring).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(ring).toBeVisible();
  expect(await ringAt()).toBe(await focusedAt());

  // A seat focused by a click gets no ring (a pointer needs none), but the tab stop and the ring move to it.
  const clickedId = await map.locator('[data-seat-state="free"]').nth(20).getAttribute("data-seat-id");
  const clicked = map.locator(`[data-seat-id="${clickedId}"]`);
  await clicked.click();
  await expect(clicked).toHaveAttribute("tabindex", "0");
  await expect(ring).toBeHidden();
  expect(await ringAt()).toBe(await focusedAt());
  await clicked.click(); // releases it again
  await expect(clicked).toHaveAttribute("data-seat-state", "free");
});

test("a seat picked by click or key is marked by shape and text, in the list view too; axe finds nothing", async ({
  page,
}) => {
  const map = await openSeating(page);
  const id = (await map.locator('[data-seat-state="free"]').first().getAttribute("data-seat-id")) as string;
  const picked = map.locator(`[data-seat-id="${id}"]`);
  await picked.click();
  await expect(picked).toHaveAttribute("data-seat-state", "mine");
  await expect(picked).toHaveAttribute("aria-checked", "true");
  await expect(picked).toHaveAttribute("aria-label", /, yours$/);
  const place = ((await picked.getAttribute("aria-label")) as string).split(", ").slice(0, 2).join(", ");
  await expect(page.locator("[data-seating-announcement]")).toHaveText(`Chosen: ${place}.`);
  await expect(page.locator("[data-seat-line]").filter({ hasText: place })).toHaveCount(1);
  // Space releases it again.
  await picked.focus();
  await page.keyboard.press("Space");
  await expect(picked).toHaveAttribute("data-seat-state", "free");

  await page.getByRole("button", { name: t("en", "seating.view.list") }).click();
  const list = page.locator("[data-seat-list]");
  await expect(list.getByRole("group").first()).toBeVisible();
  const box = list.getByRole("checkbox").first();
  await box.check();
  await expect(box).toBeChecked();
  const axe = await new AxeBuilder({ page }).include("[data-seating-island]").withTags(AXE_TAGS).analyze();
  expect(axe.violations).toEqual([]);
  await box.uncheck();
});

test("best available picks adjacent seats of one row", async ({ page }) => {
  await openSeating(page);
  await page.getByLabel(t("en", "seating.best.label")).fill("3");
  await page.getByRole("button", { name: t("en", "seating.best.submit") }).click();
  const mine = page.locator('[data-seat-map] [data-seat-state="mine"]');
  await expect(mine).toHaveCount(3);
  const labels = await mine.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
  const rows = new Set(labels.map((l) => l.split(",")[0]));
  const numbers = labels.map((l) => Number(/seat (\d+)/.exec(l)?.[1])).sort((a, b) => a - b);
  expect(rows.size).toBe(1);
  const start = numbers[0] ?? 0;
  expect(numbers).toEqual([start, start + 1, start + 2]);
});

test("buys three seats picked by mouse and one by keyboard, sees them on the tickets, and a second buyer sees them taken", async ({
  page,
  browser,
}) => {
  const map = await openSeating(page);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await map.locator('[data-seat-state="free"]').nth(8).getAttribute("data-seat-id")) as string);
    await map.locator(`[data-seat-id="${ids[i]}"]`).click();
    await expect(map.locator(`[data-seat-id="${ids[i]}"]`)).toHaveAttribute("data-seat-state", "mine");
  }
  // By keyboard: from the last seat picked, the next free one along its row (or the rows behind).
  await map.locator(`[data-seat-id="${ids[2]}"]`).focus();
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press(step % 10 === 9 ? "ArrowDown" : "ArrowRight");
    const state = await page.evaluate(() => document.activeElement?.getAttribute("data-seat-state"));
    if (state === "free") break;
  }
  const keyed = (await page.evaluate(() => document.activeElement?.getAttribute("data-seat-id"))) as string;
  await page.keyboard.press("Enter");
  await expect(map.locator(`[data-seat-id="${keyed}"]`)).toHaveAttribute("data-seat-state", "mine");
  ids.push(keyed);
  const places = await Promise.all(
    ids.map(async (id) => {
      const label = (await map.locator(`[data-seat-id="${id}"]`).getAttribute("aria-label")) as string;
      const [, row, number] = /^Row (\S+), seat (\d+)/.exec(label) ?? [];
      return { row: row as string, number: number as string };
    }),
  );

  await waitForHold(page, "en");
  await fillBuyer(page, "en");
  await methodRadio(page, "en", 1).check();
  await payButton(page, "en").click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await gatewayPay(page, "en").click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: t("en", "order.phase.paid.heading") })).toBeVisible({
    timeout: 20_000,
  });
  // Every ticket names its seat: its row and number.
  const main = await page.locator("main").innerText();
  for (const { row, number } of places) {
    expect(main).toMatch(new RegExp(`\\b${row}\\b[^\\n]*\\b${number}\\b`));
  }

  const other = await browser.newContext();
  const second = await other.newPage();
  const otherMap = await openSeating(second);
  for (const id of ids) {
    await expect(otherMap.locator(`[data-seat-id="${id}"]`)).toHaveAttribute("data-seat-state", "taken");
  }
  await other.close();
});

/** The map's zoom and pan as its outer group's transform: translate x, y and scale. */
async function mapView(map: Locator): Promise<{ x: number; y: number; scale: number }> {
  const transform = (await map.locator(":scope > g").getAttribute("transform")) ?? "";
  const [x = 0, y = 0, scale = 1] = (transform.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
  return { x, y, scale };
}

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("two fingers pinch the map larger and one finger pans it", async ({ page }) => {
    const map = await openSeating(page);
    await map.scrollIntoViewIfNeeded();
    // Touch points are in viewport coordinates: the map's box once it is in view.
    const box = await map.boundingBox();
    if (!box) throw new Error("the map has no box");
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: [number, number][]) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: points.map(([x, y], id) => ({ x, y, id })),
      });
    expect((await mapView(map)).scale).toBe(1);
    await touch("touchStart", [
      [cx - 20, cy],
      [cx + 20, cy],
    ]);
    for (const spread of [40, 60, 80, 100]) {
      await touch("touchMove", [
        [cx - spread, cy],
        [cx + spread, cy],
      ]);
    }
    await touch("touchEnd", []);
    await expect.poll(async () => (await mapView(map)).scale).toBeGreaterThan(1.5);
    const zoomed = await mapView(map);
    await touch("touchStart", [[cx, cy]]);
    for (const step of [10, 20, 30, 40]) await touch("touchMove", [[cx + step, cy + step]]);
    await touch("touchEnd", []);
    await expect.poll(async () => (await mapView(map)).x).not.toBe(zoomed.x);
    expect((await mapView(map)).scale).toBeCloseTo(zoomed.scale, 5);
  });
});

/** The sector seats requests the page makes (`reservation.sectorSeats`), as they are sent. */
function seatRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/reservation\/sector\/[^/]+\/seats/.test(request.url())) sent.push(request.url());
  });
  return sent;
}

/**
 * Opens the untouched play's cart and waits until its cart island has hydrated and the page is idle, the
 * seating island not reached: nor hydrated, nor its code requested. Returns the island and the seat requests
 * sent, as they are sent.
 */
async function openUnreached(page: Page): Promise<{ island: Locator; sent: string[] }> {
  readsEvent("littlePrince");
  const sent = seatRequests(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(cartPath("en", UNTOUCHED_PLAY));
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState("networkidle");
  const island = page.locator("[data-seating-island]");
  await expect(island).toHaveAttribute("data-hydrated", "false");
  const islandUrl = await page
    .locator("astro-island:has(> [data-seating-island])")
    .getAttribute("component-url");
  expect(islandUrl).toBeTruthy();
  expect(scripts).not.toContain(islandUrl);
  expect(sent).toEqual([]);
  return { island, sent };
}

test.describe("on a phone, with the map below the first screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the seats are loaded only when the buyer scrolls toward the map", async ({ page }) => {
    const { island, sent } = await openUnreached(page);
    expect(await island.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(844);
    await expect(island.getByRole("status")).toHaveText(t("en", "seating.loading"));
    await expect(page.locator("[data-seat-id]")).toHaveCount(0);
    // A scroll that leaves the island still below the screen, but within a screen's height of it.
    await page.evaluate(() => window.scrollBy(0, 400));
    expect(await island.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(844);
    await expect(page.locator("[data-seat-map]")).toHaveAttribute("aria-busy", "false");
    await expect(page.locator("[data-seat-id]")).toHaveCount(302);
    expect(sent).toHaveLength(1);
  });

  test("a jump to the map before its seats are in: the map's place is kept, so what follows hardly moves", async ({
    page,
  }) => {
    // Layout shifts not caused by an input (a jump by script or a restored scroll is not one), as CLS counts them.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const { island } = await openUnreached(page);
    await expect(page.locator("[data-seat-map-pending]")).toContainText(t("en", "seating.loading"));
    await island.evaluate((element) => element.scrollIntoView());
    await expect(page.locator("[data-seat-map]")).toHaveAttribute("aria-busy", "false");
    await expect(page.locator("[data-seat-map-pending]")).toHaveCount(0);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    // 0.1 is where Google's "good" layout shift ends; with a bare "Loading seats…" line it was 0.23.
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);
  });

  test("focus moving into the island loads the seats, without a scroll", async ({ page }) => {
    const { sent } = await openUnreached(page);
    // As a screen reader's focus may move: into the island, with the page left where it is.
    await page
      .locator("#seat-best-count")
      .evaluate((input) => (input as HTMLElement).focus({ preventScroll: true }));
    await expect(page.locator("[data-seat-id]")).toHaveCount(302);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(sent).toHaveLength(1);
    // The island's code loaded because of that focus, and hydrating it kept the focus where it was.
    await expect(page.locator("[data-seating-island]")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator("#seat-best-count")).toBeFocused();
  });
});

test.describe("on a tall screen, with the map on the first screen", () => {
  test.use({ viewport: { width: 1280, height: 1400 } });

  test("the seats are loaded at once, without a scroll", async ({ page }) => {
    readsEvent("littlePrince");
    await page.goto(cartPath("en", UNTOUCHED_PLAY));
    await expect(page.locator("[data-seat-map]")).toHaveAttribute("aria-busy", "false");
    await expect(page.locator("[data-seat-id]")).toHaveCount(302);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("a seat another buyer holds greys out on an open map by itself", async ({ page, browser }) => {
  const map = await openSeating(page);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const otherMap = await openSeating(otherPage);
    const id = (await otherMap
      .locator('[data-seat-state="free"]')
      .last()
      .getAttribute("data-seat-id")) as string;
    await expect(map.locator(`[data-seat-id="${id}"]`)).toHaveAttribute("data-seat-state", "free");
    await otherMap.locator(`[data-seat-id="${id}"]`).click();
    await expect(otherMap.locator(`[data-seat-id="${id}"]`)).toHaveAttribute("data-seat-state", "mine");
    await waitForHold(otherPage, "en");
    // No reload, no click: the open map refreshes its seats on its own.
    await expect(map.locator(`[data-seat-id="${id}"]`)).toHaveAttribute("data-seat-state", "taken", {
      timeout: 25_000,
    });
  } finally {
    await other.close();
  }
});

test("a seat taken a moment ago: the buyer is told which, the map shows it taken, and the other picks stay", async ({
  page,
  browser,
}) => {
  // Once the map is open, this page's clock moves only when the test says, so the map does not refresh
  // before the click below (it reloads the seats every 10 s): it still shows the contested seat free. An
  // installed clock runs with real time until paused, and the other buyer's page can take seconds to open.
  await page.clock.install();
  const map = await openSeating(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const seatOf = (id: string) => map.locator(`[data-seat-id="${id}"]`);
  const keptId = (await map
    .locator('[data-seat-state="free"]')
    .first()
    .getAttribute("data-seat-id")) as string;
  await seatOf(keptId).click();
  await expect(seatOf(keptId)).toHaveAttribute("data-seat-state", "mine");
  await page.clock.runFor(2_000);
  await waitForHold(page, "en");
  // Another buyer holds a seat this page still shows free (its map has not refreshed yet).
  const contestedId = (await map
    .locator('[data-seat-state="free"]')
    .nth(10)
    .getAttribute("data-seat-id")) as string;
  const label = (await seatOf(contestedId).getAttribute("aria-label")) ?? "";
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const otherMap = await openSeating(otherPage);
    await otherMap.locator(`[data-seat-id="${contestedId}"]`).click();
    await waitForHold(otherPage, "en");
    await expect(otherMap.locator(`[data-seat-id="${contestedId}"]`)).toHaveAttribute(
      "data-seat-state",
      "mine",
    );
  } finally {
    await other.close();
  }
  await expect(seatOf(contestedId)).toHaveAttribute("data-seat-state", "free");
  await seatOf(contestedId).click();
  await page.clock.runFor(2_000);
  const seatName = label.split(", ").slice(0, 2).join(", ");
  await expect(page.getByText(t("en", "seating.taken", { seats: seatName }))).toBeVisible();
  await expect(seatOf(contestedId)).toHaveAttribute("data-seat-state", "taken");
  await expect(seatOf(keptId)).toHaveAttribute("data-seat-state", "mine");
});
