/**
 * "Open in the app" and the deep links' storefront pages, in Chromium against the real built site: the
 * event, tour and cart pages link to the app with the page's ids (and the cart with the page's codes),
 * shown on a touch phone and not on a desktop; the set-password and login links land on their pages with
 * the values filled, the same pages the service's mails link to.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { isStage } from "../../src/lib/config.ts";
import { storefrontPathOf } from "../../src/lib/deep-link-pages.ts";
import { APP_STAGE_OF, type DeepLink, parseDeepLink } from "../../src/lib/deep-links.ts";
import { EVENT_SLUG, GROUP, GROUP_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { registerDirectly, uniqueEmail } from "./support/accounts.ts";
import {
  addOne,
  cartPath,
  FESTIVAL,
  FESTIVAL_ID,
  fillBuyer,
  methodRadio,
  payButton,
  ticketType,
  waitForHold,
} from "./support/buying.ts";
import { text } from "./support/locales.ts";
import { accessCodeOf, waitForMail } from "./support/mailbox.ts";
import { passUrlFor } from "./support/site.ts";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false };

/** The link of the page's "open in the app" link of a kind, read back; fails when it is not a valid deep link. */
async function appLinkOf(page: Page, name: DeepLink["link"]): Promise<DeepLink> {
  const href = await page.locator(`a[data-app-link="${name}"]`).getAttribute("href");
  const parsed = parseDeepLink(href ?? "");
  if (!parsed.ok) throw new Error(parsed.error);
  // The scheme is the app of the stage the page was built for.
  const stage = await page.locator("html").getAttribute("data-stage");
  expect(isStage(stage) && parsed.stage === APP_STAGE_OF[stage]).toBe(true);
  return parsed.link;
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

const eventPath = `/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`;
/** The theatre's poster exhibition, whose tickets the order test buys. */
const EXHIBITION = { organizerSlug: ORG_SLUG.divadlo, eventSlug: EVENT_SLUG.exhibition };

test.describe("on a touch phone", () => {
  test.use(PHONE);

  test("the event page opens the event in the app: a visible, named link with the page's event id", async ({
    page,
  }) => {
    await page.goto(eventPath);
    const link = page.getByRole("link", { name: text("cs", "main", "appLink.event") });
    await expect(link).toBeVisible();
    expect(await appLinkOf(page, "eventDetail")).toEqual({ link: "eventDetail", eventId: FESTIVAL_ID });
    await link.focus();
    await expect(link).toBeFocused();
    await expectAxeClean(page);
    await page.screenshot({ path: "/tmp/app-link-event-390.png" });
  });

  test("the tour page opens the tour, in English too", async ({ page }) => {
    await page.goto(`/en/tour/${GROUP_SLUG.tour}/`);
    await expect(page.getByRole("link", { name: text("en", "main", "appLink.tour") })).toBeVisible();
    expect(await appLinkOf(page, "eventGroupDetail")).toEqual({
      link: "eventGroupDetail",
      eventGroupId: GROUP.tour,
    });
    await expectAxeClean(page);
    await page.screenshot({ path: "/tmp/app-link-tour-390.png" });
  });

  test("the cart continues in the app with the page's codes; codes that are not a code list are left out", async ({
    page,
  }) => {
    await page.goto(`/de${eventPath}cart/?codes=JARO10,VIP-500`);
    await expect(page.getByRole("link", { name: text("de", "main", "appLink.cart") })).toBeVisible();
    expect(await appLinkOf(page, "ticketCart")).toEqual({
      link: "ticketCart",
      eventId: FESTIVAL_ID,
      codes: ["JARO10", "VIP-500"],
    });
    await page.screenshot({ path: "/tmp/app-link-cart-390.png" });
    await page.goto(`${eventPath}cart/?codes=${encodeURIComponent('"><b>x')}`);
    expect(await appLinkOf(page, "ticketCart")).toEqual({ link: "ticketCart", eventId: FESTIVAL_ID });
  });

  test("a cart reached with codes in its address applies them as if typed and drops them from the address", async ({
    page,
  }) => {
    await page.goto(`/en${eventPath}cart/?codes=LOUKA-200`);
    const applied = text("en", "main", "cart.codes.applied.coupon").replace("{{code}}", "LOUKA-200");
    await expect(page.getByText(applied)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${eventPath}cart/$`));
    // A fresh tab (its own stored cart): a text that is not a code list is dropped, nothing is checked.
    const other = await page.context().newPage();
    await other.goto(`/en${eventPath}cart/?codes=${encodeURIComponent("LOUKA-200;DROP")}`);
    await expect(other).toHaveURL(new RegExp(`${eventPath}cart/$`));
    await expect(other.getByText(applied)).toHaveCount(0);
    await expect(
      other.getByText(
        text("en", "main", "cart.codes.reasons.notFound").replace("{{code}}", "LOUKA-200;DROP"),
      ),
    ).toHaveCount(0);
    await other.close();
  });

  test("the order page opens the order in the app with its id and number", async ({ page, request }) => {
    const ticket = await ticketType(request, "exhibition", "plne", "en");
    await page.goto(cartPath("en", EXHIBITION));
    await addOne(page, "en", ticket);
    await waitForHold(page, "en");
    await fillBuyer(page, "en");
    await methodRadio(page, "en", 2).check();
    await payButton(page, "en").click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
    const orderId = new URL(page.url()).pathname.split("/").filter(Boolean).at(-1);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await expect(page.getByRole("link", { name: text("en", "main", "appLink.order") })).toBeVisible();
    expect(await appLinkOf(page, "orderDetail")).toEqual({
      link: "orderDetail",
      orderId,
      orderNumber: Number(heading?.match(/\d+/)?.[0]),
    });
    await expectAxeClean(page);
    await page.screenshot({ path: "/tmp/app-link-order-390.png" });
  });
});

test.describe("on a desktop", () => {
  test.use(DESKTOP);

  test("no app link is shown (there is no app to open), the page stays axe clean", async ({ page }) => {
    await page.goto(eventPath);
    await expect(page.locator('a[data-app-link="eventDetail"]')).toBeHidden();
    await expectAxeClean(page);
    await page.screenshot({ path: "/tmp/app-link-event-1280.png" });
    await page.goto(`/tour/${GROUP_SLUG.tour}/`);
    await expect(page.locator('a[data-app-link="eventGroupDetail"]')).toBeHidden();
  });
});

test("a setPassword link's storefront page, where the reset mail also leads, shows the account's e-mail", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const email = uniqueEmail("deeplink");
  await registerDirectly(base, email);
  const res = await fetch(`${passUrlFor(base)}/api/account-send-reset-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Agent-Source": "web", "X-Agent-Version": "e2e" },
    body: JSON.stringify({ email, language: "sk" }),
  });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, /set-password/);
  const path = storefrontPathOf("sk", { link: "setPassword", email, accessCode: accessCodeOf(mail) });
  expect(mail.text).toContain(path);
  await page.goto(path ?? "");
  await expect(
    page.getByText(text("sk", "main", "auth.setPassword.forAccount").replace("{{email}}", email)),
  ).toBeVisible({
    timeout: 15_000,
  });
});

test("a login link's storefront page has the e-mail filled", async ({ page }) => {
  const email = "jana.novakova+app@example.cz";
  await page.goto(storefrontPathOf("en", { link: "login", email }) ?? "");
  await page.locator('main [data-hydrated="true"]').first().waitFor();
  await expect(page.getByLabel(text("en", "main", "auth.login.email"))).toHaveValue(email);
});
