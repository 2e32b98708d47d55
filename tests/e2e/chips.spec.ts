/**
 * Chips and credit as a buyer meets them, in Chromium against the real storefront and pass service: the
 * festival cart names the chip with deposit and the credit top-ups under distinct headings; the credit
 * event's cart is titled for credit and says how the credit reaches the chip and that unused credit is
 * refunded, linking the organizer's terms; a paid top-up shows its voucher (credit, code, QR) on the order page.
 */
import { expect, type Page, test } from "@playwright/test";
import { money } from "../../src/components/event/event-view.ts";
import { chipProductId, EVENT, EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { axeViolations } from "./support/axe.ts";
import {
  addOne,
  type CartChip,
  cartPath,
  catalog,
  FESTIVAL,
  fillBuyer,
  payWithTestCard,
  SERVICE,
  serviceEvent,
  t,
} from "./support/buying.ts";

/** The credit event of the festival: it sells chip credit only. */
const CREDIT = { organizerSlug: ORG_SLUG.louka, eventSlug: EVENT_SLUG.festivalCredit };

/** Opens a cart and waits until its island takes input (it is `inert` until hydrated). */
async function openCart(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-cart-island][data-hydrated="true"]').waitFor();
}

for (const width of [390, 1280]) {
  test(`the festival cart names the chip with deposit and the credit top-ups apart (${width} px)`, async ({
    page,
  }) => {
    const locale = "cs";
    await page.setViewportSize({ width, height: 900 });
    await openCart(page, cartPath(locale, FESTIVAL));
    const headings = (await page.locator("#cart-island").getByRole("heading").allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    );
    // Of the headings about chips and credit, each names a different thing: the chip with its deposit (a
    // product group of the extras), the credit top-ups, and how their credit reaches the chip.
    const aboutChips = headings.filter((h) => /čip|kredit/.test(h));
    const expected = ["čip se zálohou", t(locale, "chips.topUps"), t(locale, "chips.howHeading")];
    expect(aboutChips.sort()).toEqual(expected.map((h) => h.toLowerCase()).sort());
    await expect(page.locator("[data-chip-credit-how]")).toContainText(t(locale, "chips.how"));
    await page.screenshot({ path: `/tmp/chips-festival-cart-${width}.png`, fullPage: true });
    await page
      .locator('section[aria-labelledby="cart-chips"]')
      .screenshot({ path: `/tmp/chips-festival-topups-${width}.png` });
  });

  test(`a top-up's cart speaks of credit, and a paid top-up shows its voucher with code and QR (${width} px)`, async ({
    page,
    request,
  }) => {
    const locale = "cs";
    await page.setViewportSize({ width, height: 900 });
    await openCart(page, cartPath(locale, CREDIT));
    const event = await serviceEvent(request, CREDIT, locale);
    await expect(page).toHaveTitle(new RegExp(`^${t(locale, "chips.cartHeading", { name: event.name })}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t(locale, "chips.cartHeading", { name: event.name }),
    );
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText(t(locale, "cart.tickets"));
    const how = page.locator("[data-chip-credit-how]");
    await expect(how).toContainText(t(locale, "chips.how"));
    await expect(how).toContainText(t(locale, "chips.refund"));
    const terms = how.getByRole("link", { name: t(locale, "chips.termsLink") });
    const termsHref = (await terms.getAttribute("href")) as string;
    expect(termsHref).toContain(`/organizer/${ORG_SLUG.louka}/`);
    expect(await axeViolations(page)).toEqual([]);

    const credit = money(50000, event.currencyId, locale);
    const topUp = `Kredit ${credit}`.replace(/\s/g, " ");
    const { chipProducts } = await catalog(request, EVENT.festivalCredit, locale);
    const chip = chipProducts.find((c) => c.productItemId === chipProductId("festivalCredit", "kredit-500"));
    expect(chip?.name).toBe(topUp);
    await addOne(page, locale, chip as CartChip);
    await page.screenshot({ path: `/tmp/chips-topup-cart-${width}.png`, fullPage: true });
    await fillBuyer(page, locale);
    await payWithTestCard(page, locale);
    await expect(page.getByRole("heading", { name: t(locale, "order.phase.paid.heading") })).toBeVisible({
      timeout: 20_000,
    });

    const orderId = page.url().match(/order\/([0-9a-f-]{36})/)?.[1] as string;
    const { vouchers } = await (
      await request.get(`${SERVICE}/api/order-vouchers`, { params: { orderId } })
    ).json();
    expect(vouchers).toHaveLength(1);
    const [voucher] = vouchers;
    await expect(page.getByRole("heading", { name: t(locale, "chips.vouchers.heading") })).toBeVisible();
    const card = page.locator(`[data-voucher-code="${voucher.code}"]`);
    await expect(card).toContainText(voucher.code);
    await expect(card).toContainText(voucher.name);
    await expect(
      card.getByRole("img", { name: t(locale, "chips.vouchers.qrLabel", { code: voucher.code }) }),
    ).toBeVisible();
    // An order of credit alone has no tickets to show.
    await expect(page.getByRole("heading", { name: t(locale, "order.tickets.heading") })).toHaveCount(0);
    // Credit bought at its face value says its amount once, in the line's name.
    const summaryLine = page.locator('#order-summary-heading ~ ul [data-line-kind="chip"]');
    await expect(summaryLine).toContainText(topUp);
    await expect(summaryLine).not.toContainText(t(locale, "order.summary.chipCredit", { amount: credit }));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/chips-order-${width}.png`, fullPage: true });
  });
}

test("a top-up's cart is titled for chip credit in every language", async ({ page, request }) => {
  for (const locale of ["cs", "en", "de", "sk"] as const) {
    const event = await serviceEvent(request, CREDIT, locale);
    const heading = t(locale, "chips.cartHeading", { name: event.name });
    await page.goto(cartPath(locale, CREDIT));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
    await expect(page.locator("#cart-chips")).toHaveText(t(locale, "chips.topUps"));
  }
});
