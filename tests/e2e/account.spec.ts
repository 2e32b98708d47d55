/**
 * The account area in Chromium against the real storefront and the reference pass service: the buyer form
 * filled from the account, the account's orders and tickets with QR codes after a purchase, a chip and its
 * top-up (its terms of sale accepted first) leading to the order page, favorites added on the event page and removed in the account, the
 * account's data kept after a reload, the password changed, localized errors beside their fields, the sections
 * in their places while the data loads, axe.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { SESSION_MARKER_COOKIE } from "../../src/lib/constants.ts";
import { parseDeepLink } from "../../src/lib/deep-links.ts";
import { paymentMethod } from "../../src/lib/enums/index.ts";
import { PASSWORD, registerDirectly, uniqueEmail } from "./support/accounts.ts";
import { addOne, FESTIVAL, ticketType } from "./support/buying.ts";
import { text } from "./support/locales.ts";
import { mailboxUrl, waitForMail } from "./support/mailbox.ts";

type Locale = "cs" | "en";
const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)),
    text(locale, "main", key),
  );

/** Registers an account through the service and signs in on the sign-in page, coming back to `next`. */
async function signIn(page: Page, baseURL: string, tag: string, next = "/account/"): Promise<string> {
  const email = uniqueEmail(tag);
  await registerDirectly(baseURL, email);
  await page.goto(`/login/?next=${encodeURIComponent(next)}`);
  await page.locator('main [data-hydrated="true"]').first().waitFor();
  await page.getByLabel(text("cs", "main", "auth.login.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.login.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: text("cs", "main", "auth.login.submit") }).click();
  await page.waitForURL((url) => url.pathname === next);
  return email;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const section = (page: Page, key: string) =>
  page.getByRole("region", { name: t("cs", `account.sections.${key}`), exact: true });

test("anonymous visitors of the account are sent to sign in before its scripts load, and come back after", async ({
  page,
  baseURL,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/account/");
  await page.waitForURL((url) => url.pathname === "/login/");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/account/");
  expect(scripts.filter((path) => path.includes("AccountArea"))).toEqual([]);
  await signIn(page, baseURL ?? "", "anon");
  await expect(page.getByText(t("cs", "account.greeting", { name: "Jana" }))).toBeVisible();
});

test("a session marker that outlived its session still ends at sign in", async ({ page, baseURL }) => {
  const { hostname } = new URL(baseURL ?? "");
  await page.context().addCookies([{ name: SESSION_MARKER_COOKIE, value: "1", domain: hostname, path: "/" }]);
  await page.goto("/en/account/");
  await page.waitForURL((url) => url.pathname === "/en/login/");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/en/account/");
});

test("register → verification mail → sign in → buy (buyer form filled from the account, confirmation mail with the PDF) → order and ticket in the account → chip top-up → sign out", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL ?? "";
  // Registered on the register page, the e-mail confirmed from the mail in the mailbox, signed out, and
  // signed in again with the password.
  const email = uniqueEmail("journey");
  await page.goto("/register/");
  await page.locator('main [data-hydrated="true"]').first().waitFor();
  await page.getByLabel(text("cs", "main", "auth.register.firstName")).fill("Jana");
  await page.getByLabel(text("cs", "main", "auth.register.lastName")).fill("Testová");
  await page.getByLabel(text("cs", "main", "auth.register.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.register.password")).fill(PASSWORD);
  await page.getByRole("button", { name: text("cs", "main", "auth.register.submit") }).click();
  const verification = await waitForMail(base, email, /verify-email/);
  await page.goto(mailboxUrl(base, email));
  await page.getByRole("link", { name: verification.subject }).first().click();
  const verifyLink = page.getByRole("link", { name: /\/verify-email/ }).first();
  await page.goto((await verifyLink.getAttribute("href")) as string);
  await expect(page.getByText(t("cs", "auth.verify.done", { email }))).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: t("cs", "auth.header.signOut") }).click();
  await expect(page.locator("[data-session-entry]")).toHaveText(t("cs", "auth.header.signIn"));
  await page.goto("/login/");
  await page.locator('main [data-hydrated="true"]').first().waitFor();
  await page.getByLabel(text("cs", "main", "auth.login.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.login.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: text("cs", "main", "auth.login.submit") }).click();
  await page.waitForURL((url) => url.pathname === "/account/");

  await page.goto(`/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/cart/`);
  const firstName = page.getByLabel(t("cs", "cart.form.firstName"), { exact: true });
  await expect(firstName).toHaveValue("Jana");
  await expect(page.getByLabel(t("cs", "cart.form.email"), { exact: true })).toHaveValue(email);
  await page.locator("#cart-field-phone").fill("+420 777 123 456");

  const dayTicket = await ticketType(page.request, "festival", "jednodenni", "cs");
  await addOne(page, "cs", dayTicket);
  await expect(page.getByText(t("cs", "cart.hold.held"))).toBeVisible({ timeout: 15_000 });
  await page.getByRole("radio", { name: new RegExp(`^${paymentMethod.label(1, "cs")}`) }).check();
  await page.getByRole("checkbox", { name: t("cs", "legal.checkout.accept") }).check();
  await page
    .getByRole("button", { name: new RegExp(`^${t("cs", "cart.pay", { amount: "" }).trim()}`) })
    .click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await page.getByRole("button", { name: /^Zaplatit/ }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: t("cs", "order.phase.paid.heading") })).toBeVisible({
    timeout: 20_000,
  });
  // The order confirmation mail carries the tickets as a PDF.
  const orderId = orderPath.split("/").filter(Boolean).at(-1) as string;
  // The order page offers the order in the app: the deep link names this order and its number.
  const orderAppLink = await page.locator('a[data-app-link="orderDetail"]').getAttribute("href");
  expect(parseDeepLink(orderAppLink ?? "")).toMatchObject({
    ok: true,
    link: { link: "orderDetail", orderId, orderNumber: expect.any(Number) },
  });
  const confirmation = await waitForMail(base, email, new RegExp(orderId));
  expect(confirmation.attachments).toContainEqual(
    expect.objectContaining({ contentType: "application/pdf" }),
  );

  // The account lists the order (with a link to its page) and the ticket with its QR code and PDF.
  await page.goto("/account/");
  const orders = section(page, "orders");
  await expect(orders.getByText(t("cs", "account.orders.status.paid"))).toBeVisible();
  expect(await orders.getByRole("link").first().getAttribute("href")).toBe(orderPath);
  // Its receipt opens in the list: the VAT table per rate and the receipt as a PDF.
  await orders
    .locator("summary", { hasText: t("cs", "receipt.heading") })
    .first()
    .click();
  await expect(orders.getByText(t("cs", "receipt.vatTable")).first()).toBeVisible();
  const receiptPdf = await page.request.get(
    (await orders
      .getByRole("link", { name: t("cs", "receipt.pdf") })
      .first()
      .getAttribute("href")) as string,
  );
  expect(receiptPdf.headers()["content-type"]).toBe("application/pdf");
  const tickets = section(page, "tickets");
  await expect(tickets.getByRole("heading", { name: /Louka/ })).toBeVisible();
  await expect(tickets.getByText(dayTicket.namePub)).toBeVisible();
  await expect(
    tickets.getByRole("img", { name: new RegExp(t("cs", "account.tickets.qrLabel", { code: "" }).trim()) }),
  ).toHaveCount(1);
  const pdf = await page.request.get(
    (await tickets.getByRole("link").first().getAttribute("href")) as string,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The festival is cashless: the ticket came with its chip, which the account tops up through the checkout.
  await page.reload();
  const chips = section(page, "chips");
  await expect(chips.locator("[data-chip-balance]")).toHaveText(/^\s*0(?:[,.]00)?\s/);
  // Each chip opens in the app by its id.
  const chipId = await chips.locator("[data-chip]").first().getAttribute("data-chip");
  const chipAppLink = await chips.locator('a[data-app-link="chipDetail"]').first().getAttribute("href");
  expect(parseDeepLink(chipAppLink ?? "")).toMatchObject({ ok: true, link: { link: "chipDetail", chipId } });
  const amount = chips.getByLabel(t("cs", "account.chips.amount"));
  await amount.fill("abc");
  await chips.getByRole("button", { name: t("cs", "account.chips.topUp") }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toBeFocused();
  await expect(chips.getByText(t("cs", "account.chips.errors.invalid"))).toBeVisible();
  await expect(amount).toHaveValue("abc");
  expect(new URL(page.url()).pathname).toBe("/account/");
  // Without a credit limit of its own, the festival loads its top-up product 1 to 10 times (500 Kč each).
  await amount.fill("300");
  await chips.getByRole("button", { name: t("cs", "account.chips.topUp") }).click();
  await expect(
    chips.getByText(t("cs", "account.chips.errors.min", { min: "" }).replace(/\.$/, "").trim()),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account/");
  await amount.fill("500");
  // A top-up is an order: its terms of sale are accepted first, their links beside the checkbox.
  const terms = chips.getByRole("checkbox", { name: t("cs", "legal.checkout.accept") });
  await expect(chips.getByRole("link", { name: t("cs", "legal.checkout.termsLink") })).toHaveAttribute(
    "href",
    /#terms$/,
  );
  await expect(chips.getByRole("link", { name: t("cs", "legal.checkout.privacyLink") })).toHaveAttribute(
    "href",
    /#privacy$/,
  );
  await chips.getByRole("button", { name: t("cs", "account.chips.topUp") }).click();
  await expect(terms).toBeFocused();
  await expect(terms).toHaveAttribute("aria-invalid", "true");
  await expect(terms).toHaveAccessibleDescription(t("cs", "legal.checkout.required"));
  expect(new URL(page.url()).pathname).toBe("/account/");
  expect(await axeViolations(page)).toEqual([]);
  await chips.screenshot({ path: "/tmp/account-chips-terms.png" });
  await terms.check();
  await chips.getByRole("button", { name: t("cs", "account.chips.topUp") }).click();
  await page.waitForURL(
    (url) => /\/order\/[0-9a-f-]{36}\/?$/.test(url.pathname) && url.pathname !== orderPath,
  );
  // The top-up order waits for its payment on its order page, which leads on to the gateway.
  await page.getByRole("link", { name: t("cs", "order.continueToGateway") }).click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await page.getByRole("button", { name: /^Zaplatit/ }).click();
  await expect(page.getByRole("heading", { name: t("cs", "order.phase.paid.heading") })).toBeVisible({
    timeout: 20_000,
  });
  await page.goto("/account/");
  await expect(section(page, "chips").locator("[data-chip-balance]")).toHaveText(/^\s*500(?:[,.]00)?\s/);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account/");
    await expect(section(page, "orders")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await axeViolations(page), `account at ${width} px`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`account-${width}.png`), fullPage: true });
  }

  // Signed out on the account page, the buyer is sent on to sign in, and the header says so.
  await page
    .getByRole("button", { name: t("cs", "auth.header.signOut") })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === "/login/");
  await expect(page.locator("[data-session-entry]")).toHaveText(t("cs", "auth.header.signIn"));
});

test("the sections keep their places while the orders, tickets and chips load, and nothing of the pre-rendered page stays", async ({
  page,
  baseURL,
}, testInfo) => {
  // The account's orders are held back until the favorites' place has been measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/account-orders**", async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, baseURL ?? "", "places");
  await expect(section(page, "orders").getByRole("status")).toHaveText(t("cs", "account.loading"));
  await expect(section(page, "chips")).toContainText(t("cs", "account.loading"));
  await expect(section(page, "favorites")).toContainText(t("cs", "account.favorites.empty"));
  const heading = page.getByRole("heading", { name: t("cs", "account.sections.favorites"), exact: true });
  const before = await heading.boundingBox();
  await page.screenshot({ path: testInfo.outputPath("account-loading.png"), fullPage: true });
  release();
  await expect(section(page, "orders")).toContainText(t("cs", "account.orders.empty"));
  await expect(section(page, "tickets")).toContainText(t("cs", "account.tickets.empty"));
  await expect(section(page, "chips")).toContainText(t("cs", "account.chips.empty"));
  expect(await heading.boundingBox()).toEqual(before);
  // Nothing of the page as pre-rendered (where no session is known) is left beside the area.
  await expect(page.getByRole("main").locator('a[href^="/login/"]')).toHaveCount(0);
  await expect(page.getByRole("main").getByText(t("cs", "account.loading"))).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("account-loaded.png"), fullPage: true });
});

test("a heart on the event page adds a band to the favorites; the account lists it and removes it", async ({
  page,
  baseURL,
}, testInfo) => {
  const eventPath = `/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`;
  // Anonymous visitors see no heart.
  await page.goto(eventPath);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[data-favorite-heart]")).toHaveCount(0);

  await signIn(page, baseURL ?? "", "fav", eventPath);
  const heart = page.locator("[data-favorite-heart]").first();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const label = (await heart.getAttribute("aria-label")) as string;
  const name = label.replace(/^Přidat /, "").replace(/ do oblíbených$/, "");
  expect(label).toBe(t("cs", "account.favorites.add", { name }));
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAttribute("aria-label", t("cs", "account.favorites.removeOne", { name }));
  expect(await axeViolations(page), "event page with hearts").toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("event-hearts.png") });

  await page.goto("/account/");
  const favorites = section(page, "favorites");
  const listed = favorites.getByRole("listitem").filter({ hasText: name });
  await expect(listed).toHaveCount(1);
  await favorites.getByRole("button", { name: `${t("cs", "account.favorites.remove")} ${name}` }).click();
  await expect(favorites.getByRole("status")).toHaveText(t("cs", "account.favorites.removed", { name }));
  await expect(listed).toHaveCount(0);
  await page.goto(eventPath);
  await expect(page.locator("[data-favorite-heart]").first()).toHaveAttribute("aria-pressed", "false");
});

test("account data: a wrong VAT id keeps what was typed with the error beside it; saved data stays after a reload; the password changes", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL ?? "", "data");
  const data = section(page, "data");
  await data.getByLabel(t("cs", "account.data.phone")).fill("+420 601 234 567");
  await data.getByLabel(t("cs", "account.data.billing")).check();
  await data.getByLabel(t("cs", "account.data.companyName")).fill("Květináč s.r.o.");
  await data.getByLabel(t("cs", "account.data.vatId")).fill("DE123");
  await data.getByLabel(t("cs", "account.data.address")).fill("Dlouhá 12");
  await data.getByLabel(t("cs", "account.data.city")).fill("Brno");
  await data.getByLabel(t("cs", "account.data.postalCode")).fill("60200");
  await data.getByRole("button", { name: t("cs", "account.data.submit") }).click();
  const vat = data.getByLabel(t("cs", "account.data.vatId"));
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(vat).toBeFocused();
  await expect(page.locator("#account-data-vatId-error")).toHaveText(t("cs", "account.data.errors.vatId"));
  await expect(vat).toHaveValue("DE123");
  await expect(data.getByLabel(t("cs", "account.data.companyName"))).toHaveValue("Květináč s.r.o.");

  await vat.fill("CZ12345678");
  await data.getByRole("button", { name: t("cs", "account.data.submit") }).click();
  await expect(data.getByRole("status")).toHaveText(t("cs", "account.data.saved"));
  await page.reload();
  await expect(section(page, "data").getByLabel(t("cs", "account.data.vatId"))).toHaveValue("CZ12345678");
  await expect(section(page, "data").getByLabel(t("cs", "account.data.phone"))).toHaveValue("+420601234567");

  const password = section(page, "password");
  await password.getByLabel(t("cs", "account.password.currentPassword")).fill("úplně-jiné-heslo");
  await password.getByLabel(t("cs", "account.password.newPassword"), { exact: true }).fill("Nove-heslo-2026");
  await password.getByLabel(t("cs", "account.password.confirmPassword")).fill("Nove-heslo-2026");
  await password.getByRole("button", { name: t("cs", "account.password.submit") }).click();
  const current = password.getByLabel(t("cs", "account.password.currentPassword"));
  await expect(page.locator("#account-password-currentPassword-error")).toHaveText(
    t("cs", "account.password.errors.wrong"),
  );
  await expect(current).toBeFocused();
  await current.fill(PASSWORD);
  await password.getByRole("button", { name: t("cs", "account.password.submit") }).click();
  await expect(password.getByRole("status")).toHaveText(t("cs", "account.password.changed"));
});
