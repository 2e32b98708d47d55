/**
 * Buying on a phone and by keyboard: no page wider than a 320 px phone; the event page's title, date and buy
 * button above the fold at 390 and 1280 px, its breadcrumb on one line; the cart's phone bar (total,
 * countdown, continue/pay) that covers nothing and announces nothing twice; the desktop summary that keeps
 * countdown and pay in view; pay within 10 tab stops of the last line chosen, a skip link to the summary,
 * disabled steps out of the tab order; a form that turns red on submit, not on the first Tab, with the phone
 * optional; axe clean.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { axeViolations } from "./support/axe.ts";
import { addOne, type CartType, cartPath, FESTIVAL, t, ticketType, waitForHold } from "./support/buying.ts";
import { claimEvent } from "./support/inventory.ts";
import { text } from "./support/locales.ts";
import { PAGE_TYPES, samplePath } from "./support/site.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SMALL_PHONE = { width: 320, height: 640 };
const EVENT_PATH = `/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`;
/** The street theatre festival: the cart tests add any of its lines, all of it is theirs. */
const STREET_THEATRE = { organizerSlug: ORG_SLUG.leto, eventSlug: EVENT_SLUG.streetTheatre };

/** Whether the element lies wholly inside the viewport as it is scrolled now. */
async function inViewport(locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

/** Opens the street theatre festival's cart and waits until the island has hydrated. */
async function openCart(page: Page): Promise<void> {
  claimEvent("streetTheatre");
  await page.goto(cartPath("cs", STREET_THEATRE));
  await expect(page.locator("#cart-island")).toHaveAttribute("data-hydrated", "true");
}

/** The street theatre festival's day pass. */
function ticketOnSale(page: Page): Promise<CartType> {
  return ticketType(page.request, "streetTheatre", "denni", "cs");
}

test("on a phone the event page's breadcrumb keeps to one line; the current page is read, not shown", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/sk/event/${ORG_SLUG.vltava}/${EVENT_SLUG.jazzNight}/`);
  const trail = page.getByRole("navigation", { name: text("sk", "main", "event.breadcrumb") });
  const current = trail.locator('[aria-current="page"]');
  await expect(current).toHaveText(await page.getByRole("heading", { level: 1 }).innerText());
  const height = (await trail.boundingBox())?.height ?? 0;
  const line = (await trail.getByRole("link").first().boundingBox())?.height ?? 0;
  expect(line).toBeGreaterThan(0);
  expect(height, "one line of the trail").toBeLessThan(line * 1.5);
});

test.describe("on a 320 px touch phone", () => {
  test.use({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  for (const type of PAGE_TYPES) {
    test(`the ${type} page is no wider than the phone`, async ({ page, baseURL }) => {
      if (!baseURL) throw new Error("baseURL is not configured");
      await page.goto(await samplePath(baseURL, type, "de"));
      // A touch phone widens its layout viewport to the widest content: the page is then zoomed out.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        SMALL_PHONE.width,
      );
    });
  }
});

for (const [locale, viewport] of [
  ["cs", PHONE],
  ["en", PHONE],
  ["de", PHONE],
  ["sk", PHONE],
  ["cs", DESKTOP],
] as const) {
  test(`the event page shows title, date and the buy button without scrolling at ${viewport.width} px (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${locale === "cs" ? "" : `/${locale}`}${EVENT_PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await inViewport(page.getByRole("heading", { level: 1 }), page)).toBe(true);
    expect(await inViewport(page.getByTestId("event-date"), page)).toBe(true);
    const buy = page.getByRole("link", { name: text(locale, "main", "event.buy") }).first();
    expect(await inViewport(buy, page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/phone-event-${viewport.width}-${locale}.png` });
  });
}

test("on a phone the cart's bar shows total, countdown and continue, leads to the form, then pays", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openCart(page);
  const bar = page.locator("[data-cart-bar]");
  await expect(bar).toHaveCount(0);
  await addOne(page, "cs", await ticketOnSale(page));
  await waitForHold(page, "cs");

  await expect(bar).toBeVisible();
  expect(await inViewport(bar, page)).toBe(true);
  const total = await page.locator("[data-cart-total] p").last().textContent();
  await expect(bar.locator("[data-bar-total]")).toHaveText(total ?? "");
  await expect(bar.locator("[data-bar-seconds]")).toBeVisible();
  // One countdown announces (the summary's): the bar's has no live region.
  await expect(page.getByRole("timer")).toHaveCount(1);
  await expect(bar.locator("[aria-live], [role=status], [role=alert], [role=timer]")).toHaveCount(0);
  await page.screenshot({ path: "/tmp/phone-cart-390.png" });

  await bar.getByRole("button", { name: t("cs", "phone.continue") }).click();
  await expect(page.getByLabel(t("cs", "cart.form.firstName"), { exact: true })).toBeFocused();
  const barPay = bar.getByRole("button", { name: t("cs", "phone.pay"), exact: true });
  await expect(barPay).toBeVisible();

  // Nothing is covered: at the page's end the summary's pay button sits above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const pay = page.locator("[data-pay]");
  const [payBox, barBox] = [await pay.boundingBox(), await bar.boundingBox()];
  expect(payBox && barBox && payBox.y + payBox.height <= barBox.y).toBe(true);

  // Paying with a wrong phone: the field takes focus, and its hint is not hidden under the message.
  await page.getByLabel(t("cs", "cart.form.firstName"), { exact: true }).fill("Jana");
  await page.getByLabel(t("cs", "cart.form.lastName"), { exact: true }).fill("Nováková");
  await page.getByLabel(t("cs", "cart.form.email"), { exact: true }).fill("jana.novakova@example.cz");
  const phone = page.locator("#cart-field-phone");
  await phone.fill("12");
  await barPay.click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  const notice = page.locator("[data-cart-notice] > div");
  await expect(notice).toBeVisible();
  const [hintBox, noticeBox] = [
    await page.locator("#cart-field-phone-hint").boundingBox(),
    await notice.boundingBox(),
  ];
  expect(hintBox && noticeBox && hintBox.y + hintBox.height <= noticeBox.y).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/phone-cart-390-error.png" });
});

test("by keyboard: skip link to the summary, no disabled steps in the tab order, pay within 10 stops", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openCart(page);
  const disabled = page.locator('#cart-island button[aria-disabled="true"]');
  expect(await disabled.count()).toBeGreaterThan(0);
  expect(
    await disabled.evaluateAll((buttons) => buttons.every((b) => b.getAttribute("tabindex") === "-1")),
  ).toBe(true);

  // The skip link is the cart's first stop and leads into the summary.
  const skip = page.getByRole("link", { name: t("cs", "phone.skipToSummary") });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("#cart-summary") !== null)).toBe(true);

  // The last line of the cart is chosen by keyboard; pay follows within 10 stops: first and last name,
  // e-mail, phone, invoice, payment method, the terms' checkbox and its two links, pay. (The code button
  // opens the cart, before the lines; the country is asked with the invoice's details.)
  const lastAdd = page.locator('#cart-island [data-action="add"]:not([aria-disabled="true"])').last();
  await lastAdd.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-checkout-placeholder]")).toHaveCount(0);
  let stops = 0;
  while (stops < 20 && !(await page.evaluate(() => document.activeElement?.hasAttribute("data-pay")))) {
    await page.keyboard.press("Tab");
    stops += 1;
  }
  expect(stops).toBeLessThanOrEqual(10);
});

test("on a desktop the summary keeps the countdown and pay in view with a code and an error", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openCart(page);
  const adds = page.locator(
    'section[aria-labelledby="cart-tickets"] [data-action="add"]:not([aria-disabled="true"])',
  );
  const lines = Math.min(await adds.count(), 8);
  for (let i = 0; i < lines; i += 1) await adds.nth(i).click();
  await waitForHold(page, "cs");
  await page.getByRole("button", { name: t("cs", "cart.codes.open") }).click();
  await expect(page.getByLabel(t("cs", "cart.codes.label"))).toBeFocused();
  await page.getByLabel(t("cs", "cart.codes.label")).fill("LETO5");
  await page.getByRole("button", { name: t("cs", "cart.codes.apply") }).click();
  await expect(page.locator("[data-discount]")).toHaveCount(1);
  await page.locator("[data-pay]").click();
  await expect(page.locator("[data-cart-notice] > div")).toBeVisible();
  await expect(page.getByLabel(t("cs", "cart.form.firstName"), { exact: true })).toBeFocused();
  expect(await inViewport(page.locator("[data-pay]"), page)).toBe(true);
  expect(await inViewport(page.getByRole("timer"), page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/phone-cart-1280.png" });
});

test("the form turns red on submit, not on the first Tab, then follows the typing; the phone is optional", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openCart(page);
  await addOne(page, "cs", await ticketOnSale(page));
  const first = page.getByLabel(t("cs", "cart.form.firstName"), { exact: true });
  const last = page.getByLabel(t("cs", "cart.form.lastName"), { exact: true });
  await first.focus();
  // A visible focus ring, not only a border colour.
  expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(first).toHaveAttribute("aria-invalid", "false");
  await expect(last).toHaveAttribute("aria-invalid", "false");

  await page.locator("[data-pay]").click();
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await expect(first).toBeFocused();
  await first.fill("Jana");
  await expect(first).toHaveAttribute("aria-invalid", "false");
  await expect(page.locator("#cart-field-phone")).toHaveAttribute("aria-invalid", "false");
  await expect(page.locator("#cart-field-phone")).not.toHaveAttribute("required");
});

test("on a phone the bar says when the hold has expired", async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize(PHONE);
  await openCart(page);
  await addOne(page, "cs", await ticketOnSale(page));
  await waitForHold(page, "cs");
  const bar = page.locator("[data-cart-bar]");
  await expect(bar.locator("[data-bar-seconds]")).toBeVisible();
  await page.clock.fastForward("16:00");
  await expect(bar.locator("[data-bar-expired]")).toHaveText(t("cs", "phone.expired"));
  await expect(bar.locator("[data-bar-seconds]")).toHaveCount(0);
});
