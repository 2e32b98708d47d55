/**
 * Trust and the law, as a buyer meets them in Chromium: every page type's footer links the terms of sale
 * and the privacy notice and the links lead to them; the event page and the cart name the seller (the
 * organizer) and link its terms; the checkout refuses to pay until the terms are accepted, then sends the
 * acceptance with the order. Screenshots of the checkout at 390 and 1280 px go to the system's temp folder.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_TERMS_VERSION } from "../../src/pass-service/catalog/demo/legal.ts";
import { axeViolations } from "./support/axe.ts";
import {
  addOne,
  cartPath,
  FESTIVAL,
  fillBuyer,
  type Locale,
  methodRadio,
  payButton,
  t,
  termsCheckbox,
  ticketType,
  waitForHold,
} from "./support/buying.ts";
import { PAGE_TYPES, samplePath } from "./support/site.ts";

const LOCALES = ["cs", "en"] as const;

for (const locale of LOCALES) {
  for (const type of PAGE_TYPES) {
    test(`the ${type} page's footer links the terms of sale and the privacy notice, which open (${locale})`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(await samplePath(baseURL as string, type, locale));
      const footer = page.getByRole("contentinfo");
      for (const [kind, key, title] of [
        ["terms", "legal.footer.terms", "legal.page.termsTitle"],
        ["privacy", "legal.footer.privacy", "legal.page.privacyTitle"],
      ] as const) {
        const link = footer.getByRole("link", { name: t(locale, key), exact: true });
        await expect(link).toHaveAttribute("data-legal-link", kind);
        const href = (await link.getAttribute("href")) as string;
        const res = await page.request.get(href);
        expect(res.status(), href).toBe(200);
        const other = await page.context().newPage();
        await other.goto(href);
        await expect(other.getByRole("heading", { level: 1 })).toHaveText(t(locale, title));
        await other.close();
      }
    });
  }
}

test("the site's terms and privacy pages name the operator and are axe clean", async ({ page }) => {
  for (const path of ["/terms/", "/en/privacy/", "/de/terms/", "/sk/privacy/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("the event page and the cart name the seller and link its terms on the organizer's page", async ({
  page,
}) => {
  const locale: Locale = "en";
  await page.goto(`/en/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`);
  const seller = page.locator("[data-seller]");
  await expect(seller.getByRole("heading", { name: t(locale, "legal.seller.heading") })).toBeVisible();
  await expect(seller).toContainText("Louka Open Air z.s.");
  await expect(seller).toContainText("07412345");
  await seller.getByRole("link", { name: t(locale, "legal.seller.terms") }).click();
  await expect(page).toHaveURL(new RegExp(`/en/organizer/${FESTIVAL.organizerSlug}/#terms$`));
  await expect(
    page.getByRole("heading", { name: t(locale, "legal.organizer.termsHeading") }),
  ).toBeInViewport();
  await expect(
    page.getByRole("heading", { name: t(locale, "legal.organizer.privacyHeading") }),
  ).toBeVisible();
  expect(await axeViolations(page, "[data-organizer-legal]")).toEqual([]);

  await page.goto(cartPath(locale));
  await expect(page.locator("[data-seller]")).toContainText("Louka Open Air z.s.");
});

for (const width of [390, 1280]) {
  test(`the checkout refuses to pay until the terms are accepted, then sends the acceptance (${width} px)`, async ({
    page,
    request,
  }) => {
    const locale: Locale = width === 390 ? "cs" : "en";
    await page.setViewportSize({ width, height: 900 });
    const ticket = await ticketType(request, "festival", "kemp", locale);
    const orders: Record<string, unknown>[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/order-create") && req.method() === "POST") orders.push(req.postDataJSON());
    });

    await page.goto(cartPath(locale));
    await addOne(page, locale, ticket);
    await waitForHold(page, locale);
    await fillBuyer(page, locale, { terms: false });
    await methodRadio(page, locale, 1).check();
    const terms = termsCheckbox(page, locale);
    await expect(terms).not.toBeChecked();

    await payButton(page, locale).click();
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    const error = page.locator("#cart-field-terms-error");
    await expect(error).toHaveText(t(locale, "legal.checkout.required"));
    await expect(terms).toHaveAttribute("aria-describedby", "cart-field-terms-error");
    expect(orders).toEqual([]);
    const box = page.locator("[data-terms]");
    await expect(box.getByRole("link", { name: t(locale, "legal.checkout.termsLink") })).toHaveAttribute(
      "href",
      new RegExp(`/organizer/${FESTIVAL.organizerSlug}/#terms$`),
    );
    expect(await axeViolations(page, "#cart-checkout")).toEqual([]);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), `legal-checkout-${width}.png`) });

    await terms.check();
    await expect(error).toHaveCount(0);
    await payButton(page, locale).click();
    await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ termsAccepted: true, termsVersion: DEMO_TERMS_VERSION });
  });
}
