/**
 * The consent banner and the cookie settings dialog (spec §2, §9) as a first-time visitor meets them in
 * Chromium: the banner's timing under a controlled clock, the stored choice, refusing as easy as
 * accepting, the settings from the banner and from the footer (also where the consent code has not
 * loaded), the breakpoint of the dialog, the dialog by keyboard alone, and axe-core on both.
 * Requests leaving the test server are refused, so no real tracker is ever contacted.
 */
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { IDLE_TIMEOUT_MS } from "../../src/islands/consent/consent-directive.ts";
import { acceptAll, declineAll, decodeConsent } from "../../src/lib/consent/model.ts";
import {
  CONSENT_BANNER_DELAY_MS,
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  CONSENT_MODAL_BREAKPOINT_PX,
} from "../../src/lib/constants.ts";
import { text } from "./support/locales.ts";
import { type PageType, refuseOutsideRequests, samplePath } from "./support/site.ts";
import { storeConsent } from "./support/trackers.ts";

test.use({ storageState: { cookies: [], origins: [] } });

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const DAY_S = 24 * 60 * 60;

/** An English text of the consent texts. */
const en = (key: string): string => text("en", "common", `consent.${key}`);

const banner = (page: Page) => page.getByRole("dialog", { name: en("banner.title"), exact: true });
const settings = (page: Page) => page.getByRole("dialog", { name: en("settings.title"), exact: true });
const footerLink = (page: Page) =>
  page.getByRole("contentinfo").getByRole("button", { name: en("footerLink"), exact: true });
/**
 * How long a test on the real clock waits for a first visit's banner: the page's load, an idle moment (at most
 * IDLE_TIMEOUT_MS), the island's hydration and CONSENT_BANNER_DELAY_MS, with room for a loaded machine.
 */
const BANNER_WAIT_MS = 15_000;
/** The consent island once its code has mounted it (its banner timer is then running). */
const mountedIsland = (page: Page) => page.locator('[data-consent-island][data-hydrated="true"]');

test.beforeEach(async ({ context }) => {
  await refuseOutsideRequests(context);
});

function base(baseURL: string | undefined): string {
  if (!baseURL) throw new Error("baseURL is not configured");
  return baseURL;
}

/** The English page of a type. */
function englishPage(baseURL: string | undefined, type: PageType): Promise<string> {
  return samplePath(base(baseURL), type, "en");
}

/** The stored choice, with the cookie's expiry in seconds since the epoch. */
async function storedChoice(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
  return cookie ? { consent: decodeConsent(cookie.value), expires: cookie.expires } : undefined;
}

/** Lets the page finish the work already queued (islands' effects run in message events, not timers). */
async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** Axe violations of the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

test("the banner shows 2048 ms after mount, hides after a choice stored for 365 days, and stays away", async ({
  page,
  context,
  baseURL,
}) => {
  const start = new Date("2026-03-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(await englishPage(baseURL, "organizer"));
  // A first visit's consent code loads at the first idle moment (at the latest after IDLE_TIMEOUT_MS); the
  // banner's delay counts from the island's mount.
  await page.clock.runFor(IDLE_TIMEOUT_MS);
  await expect(mountedIsland(page)).toBeAttached();

  await page.clock.runFor(CONSENT_BANNER_DELAY_MS - 1);
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveAttribute("aria-describedby", /.+/);
  expect(await storedChoice(context)).toBeUndefined();

  await banner(page)
    .getByRole("button", { name: en("banner.declineAll"), exact: true })
    .click();
  await expect(banner(page)).toHaveCount(0);
  const stored = await storedChoice(context);
  expect(stored?.consent).toEqual(declineAll());
  const expectedExpiry = Date.now() / 1000 + CONSENT_COOKIE_DAYS * DAY_S;
  expect(Math.abs((stored?.expires ?? 0) - expectedExpiry)).toBeLessThan(DAY_S);

  await page.goto(await englishPage(baseURL, "event"));
  await page.clock.runFor(CONSENT_BANNER_DELAY_MS * 2);
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
});

test("a stored choice that runs the consent code shows no banner", async ({ page, context, baseURL }) => {
  await storeConsent(context, base(baseURL), acceptAll());
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.goto(await englishPage(baseURL, "event"));
  // Accepted tracking on a site with trackers: the island runs, yet asks nothing.
  await expect(mountedIsland(page)).toBeAttached();
  await page.clock.runFor(CONSENT_BANNER_DELAY_MS * 2);
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
});

test("declining takes no more clicks than accepting, on buttons of equal weight", async ({
  page,
  context,
  baseURL,
}) => {
  const path = await englishPage(baseURL, "index");
  const clicksTo = async (name: string): Promise<number> => {
    await context.clearCookies();
    await page.goto(path);
    let clicks = 0;
    await expect(banner(page)).toBeVisible({ timeout: BANNER_WAIT_MS });
    clicks++;
    await banner(page).getByRole("button", { name, exact: true }).click();
    await expect.poll(async () => (await storedChoice(context))?.consent).toBeTruthy();
    return clicks;
  };
  const acceptClicks = await clicksTo(en("banner.acceptAll"));
  expect((await storedChoice(context))?.consent).toEqual(acceptAll());
  const declineClicks = await clicksTo(en("banner.declineAll"));
  expect((await storedChoice(context))?.consent).toEqual(declineAll());
  expect(declineClicks).toBeLessThanOrEqual(acceptClicks);

  await context.clearCookies();
  await page.goto(path);
  const look = (button: Locator) =>
    button.evaluate((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return [style.backgroundColor, style.color, style.fontWeight, style.fontSize, box.width, box.height];
    });
  const accept = banner(page).getByRole("button", { name: en("banner.acceptAll"), exact: true });
  const decline = banner(page).getByRole("button", { name: en("banner.declineAll"), exact: true });
  expect(await look(decline)).toEqual(await look(accept));
});

test("on a phone the end of the page scrolls into view above the banner", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await englishPage(baseURL, "cart"));
  await expect(banner(page)).toBeVisible({ timeout: BANNER_WAIT_MS });
  const footer = page.getByRole("contentinfo");
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footerBottom = await footer.evaluate((el) => el.getBoundingClientRect().bottom);
      const bannerTop = await banner(page).evaluate((el) => el.getBoundingClientRect().top);
      return footerBottom - bannerTop;
    })
    .toBeLessThanOrEqual(1);
  await footerLink(page).click();
  await expect(settings(page)).toBeVisible();
});

test("the banner's link opens the cookie settings; a switch stores a choice and hides the banner", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto(await englishPage(baseURL, "organizer"));
  await banner(page)
    .getByRole("button", { name: en("banner.settings"), exact: true })
    .click();
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: en("sections.marketing.title"), exact: true }).click();
  await expect(dialog.getByRole("cell", { name: "TikTok Pixel", exact: true })).toBeVisible();
  await dialog.getByRole("switch", { name: en("sections.marketing.switch"), exact: true }).click();
  await expect
    .poll(async () => (await storedChoice(context))?.consent)
    .toEqual({
      necessary: true,
      statistics: false,
      marketing: true,
    });
  const necessary = dialog.getByRole("switch", { name: en("sections.necessary.switch"), exact: true });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
});

for (const type of ["organizer", "event", "cart"] as const) {
  test(`the footer link opens the settings on ${type} pages, loading the consent code and the dialog's texts only then`, async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, base(baseURL), declineAll());
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const path = await englishPage(baseURL, type);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => /Consent/.test(path))).toEqual([]);
    // The page carries the banner's texts only: the dialog's come with its code.
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(en("banner.declineAll"));
    expect(html).not.toContain(en("settings.intro"));
    expect(html).not.toContain(en("cookie._ga"));
    await footerLink(page).click();
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(en("settings.intro"));
    expect(scripts.some((path) => /ConsentSettings/.test(path))).toBe(true);
    // The provider of the shop's own cookies is the site's name.
    await dialog.getByRole("button", { name: en("sections.necessary.title"), exact: true }).click();
    const siteName = await page.locator('meta[property="og:site_name"]').getAttribute("content");
    const ownRow = dialog.getByRole("row").filter({ hasText: CONSENT_COOKIE });
    await expect(ownRow.getByRole("cell").first()).toHaveText(siteName ?? "");
    await expect(ownRow.getByRole("cell").nth(1)).toHaveText(`${CONSENT_COOKIE_DAYS} days`);
    await dialog.getByRole("button", { name: en("banner.acceptAll"), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect((await storedChoice(context))?.consent).toEqual(acceptAll());
  });
}

test("cookie settings that cannot load say so in an alert the visitor can close, and the next request opens them", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await storeConsent(context, base(baseURL), declineAll());
  // The dialog's code and texts do not arrive (as when the connection drops), until the route is removed.
  const dialogFiles = /\/_astro\/(common|ConsentSettings)\.[^/]*\.js$/;
  await page.route(dialogFiles, (route) => route.abort());
  await page.goto(await englishPage(baseURL, "event"));
  await footerLink(page).click();
  await expect(page.getByRole("alert")).toHaveText(en("banner.settingsFailed"));
  await expect(settings(page)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("settings-failed.png") });
  // The alert stands over the page's header until the visitor closes it.
  await page.getByRole("button", { name: en("banner.settingsFailedDismiss") }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.unroute(dialogFiles);
  await footerLink(page).click();
  await expect(settings(page)).toBeVisible();
  await expect(settings(page)).toContainText(en("settings.intro"));
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test(`the dialog is a bottom sheet without Close below ${CONSENT_MODAL_BREAKPOINT_PX} px, centred with Close above`, async ({
  page,
  context,
  baseURL,
}) => {
  await storeConsent(context, base(baseURL), declineAll());
  const path = await englishPage(baseURL, "event");
  const placement = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await footerLink(page).click();
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    const shadow = await dialog.evaluate((el) => getComputedStyle(el).boxShadow);
    const close = dialog.getByRole("button", { name: en("settings.close"), exact: true });
    return { box, shadow, closeVisible: await close.isVisible() };
  };
  const phone = await placement(390);
  expect(phone.closeVisible).toBe(false);
  expect(Math.round((phone.box?.y ?? 0) + (phone.box?.height ?? 0))).toBe(800);
  expect(Math.round(phone.box?.width ?? 0)).toBe(390);

  const desktop = await placement(1280);
  expect(desktop.closeVisible).toBe(true);
  const centre = (desktop.box?.x ?? 0) + (desktop.box?.width ?? 0) / 2;
  expect(Math.abs(centre - 640)).toBeLessThan(2);
  expect((desktop.box?.y ?? 0) + (desktop.box?.height ?? 0)).toBeLessThan(800);
  expect(desktop.shadow).not.toEqual(phone.shadow);

  await settings(page)
    .getByRole("button", { name: en("settings.close"), exact: true })
    .click();
  await expect(settings(page)).toHaveCount(0);

  // The breakpoint of the styles is the constant's, to the pixel.
  expect((await placement(CONSENT_MODAL_BREAKPOINT_PX - 1)).closeVisible).toBe(false);
  expect((await placement(CONSENT_MODAL_BREAKPOINT_PX)).closeVisible).toBe(true);
});

test("the cookie settings work by keyboard alone", async ({ page, context, baseURL }) => {
  await storeConsent(context, base(baseURL), declineAll());
  await page.goto(await englishPage(baseURL, "organizer"));
  const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
  const tabTo = async (target: Locator, limit: number) => {
    for (let i = 0; i < limit && !(await focused(target)); i++) await page.keyboard.press("Tab");
    expect(await focused(target), "reached by Tab").toBe(true);
  };
  await tabTo(footerLink(page), 300);
  await page.keyboard.press("Enter");
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  // Focus is trapped: twice round the dialog's controls, forwards and backwards, never leaving it.
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }

  const section = dialog.getByRole("button", { name: en("sections.statistics.title"), exact: true });
  await tabTo(section, 20);
  await expect(section).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(section).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByRole("cell", { name: "Microsoft Clarity" }).first()).toBeVisible();
  await page.keyboard.press("Space");
  await expect(section).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Space");
  await expect(section).toHaveAttribute("aria-expanded", "true");

  const statistics = dialog.getByRole("switch", { name: en("sections.statistics.switch"), exact: true });
  await tabTo(statistics, 20);
  await expect(statistics).not.toBeChecked();
  await page.keyboard.press("Space");
  await expect(statistics).toBeChecked();
  await expect
    .poll(async () => (await storedChoice(context))?.consent)
    .toEqual({
      necessary: true,
      statistics: true,
      marketing: false,
    });

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focused(footerLink(page))).toBe(true);
});

test("axe-core finds nothing with the banner showing and with the settings open", async ({
  page,
  baseURL,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(await englishPage(baseURL, "event"));
    await expect(banner(page)).toBeVisible({ timeout: BANNER_WAIT_MS });
    expect(await axeViolations(page), `banner at ${width} px`).toEqual([]);
    await banner(page)
      .getByRole("button", { name: en("banner.settings"), exact: true })
      .click();
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: en("sections.statistics.title"), exact: true }).click();
    await expect(dialog.getByRole("table").first()).toBeVisible();
    expect(await axeViolations(page), `settings at ${width} px`).toEqual([]);
  }
});
