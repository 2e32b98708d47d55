/**
 * The receipt of a paid order on the order page: a buyer who asks for a company invoice in the cart pays by
 * card and sees the receipt with its lines, the VAT table per rate and the billing data, and the "Receipt
 * (PDF)" link answers a PDF; the page stays accessible with the receipt on it.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import {
  addOne,
  cartPath,
  extra,
  fillBuyer,
  payWithTestCard,
  t,
  ticketType,
  waitForHold,
} from "./support/buying.ts";
import { LOCALES } from "./support/locales.ts";

const COMPANY = "Žluťoučký kůň a.s.";
const VAT_ID = "CZ12345678";
const COMPANY_ID = "12345678";

test("a company invoice: the order page shows the receipt with the VAT table and the billing data, and its PDF", async ({
  page,
  request,
}) => {
  const locale = "cs";
  const ticket = await ticketType(request, "festival", "rodinna", locale);
  const parking = await extra(request, "festival", "parkovani", locale);

  await page.goto(cartPath(locale));
  await addOne(page, locale, ticket);
  await addOne(page, locale, parking);
  await waitForHold(page, locale);
  await fillBuyer(page, locale);
  await page.getByLabel(t(locale, "cart.form.billing")).check();
  await page.getByLabel(new RegExp(`^${t(locale, "cart.form.companyName")}`)).fill(COMPANY);
  await page.getByLabel(new RegExp(`^${t(locale, "cart.form.companyId")}`)).fill(COMPANY_ID);
  await page.getByLabel(new RegExp(`^${t(locale, "cart.form.vatId")}`)).fill(VAT_ID);
  await page.getByLabel(t(locale, "cart.form.address"), { exact: true }).fill("Krátká 2");
  await page.getByLabel(t(locale, "cart.form.city"), { exact: true }).fill("Brno");
  await page.getByLabel(t(locale, "cart.form.postalCode"), { exact: true }).fill("602 00");
  await payWithTestCard(page, locale);

  const receipt = page.getByRole("region", { name: t(locale, "receipt.heading") });
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(receipt.getByRole("table", { name: t(locale, "receipt.linesCaption") })).toContainText(
    ticket.namePub,
  );
  await expect(receipt.getByRole("table", { name: t(locale, "receipt.linesCaption") })).toContainText(
    parking.name,
  );
  // Tickets and parking are taxed at different rates: one row each, and the sum.
  const vatTable = receipt.getByRole("table", { name: t(locale, "receipt.vatTable") });
  await expect(vatTable.locator("tbody tr")).toHaveCount(2);
  await expect(vatTable.getByRole("rowheader", { name: t(locale, "receipt.sum") })).toBeVisible();
  const billing = receipt.locator("[data-billing]");
  await expect(billing).toContainText(COMPANY);
  await expect(billing).toContainText(`${t(locale, "receipt.vatId")}: ${VAT_ID}`);
  await expect(billing).toContainText(`${t(locale, "receipt.companyId")}: ${COMPANY_ID}`);
  await expect(billing).toContainText("Krátká 2, 602 00 Brno");
  await expect(billing).toContainText(t(locale, "receipt.companyInvoice"));

  // The parking comes with a voucher to show at the entrance: its code and QR, under the extras' heading.
  const extras = page.getByRole("region", { name: t(locale, "chips.extras.heading") });
  const parkingVoucher = extras.locator('[data-voucher-kind="extra"]', { hasText: parking.name });
  await expect(parkingVoucher).toHaveCount(1);
  await expect(parkingVoucher).toContainText(/EXT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  await expect(parkingVoucher).toContainText(t(locale, "chips.extras.count", { count: 1 }));
  await expect(parkingVoucher.getByRole("img")).toBeVisible();

  const link = receipt.getByRole("link", { name: t(locale, "receipt.pdf") });
  const pdf = await request.get((await link.getAttribute("href")) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Accessible on a phone and on a desktop (the VAT table is laid out per rate on a narrow screen).
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(receipt.getByText(t(locale, "receipt.vatTable"), { exact: true })).toBeVisible();
    // The total stands in the amounts' column (the unit prices' column is not shown on a phone), and the
    // items' heading starts where the items do.
    const lines = receipt.getByRole("table", { name: t(locale, "receipt.linesCaption") });
    const amountHeader = await lines.getByRole("columnheader").last().boundingBox();
    const total = await lines.locator("[data-receipt-total]").boundingBox();
    const textStarts = await lines.evaluate((table) =>
      [table.querySelector("thead th"), table.querySelector("tbody td")].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell as Node);
        return Math.round(range.getBoundingClientRect().x);
      }),
    );
    expect(textStarts[0], `the items' heading at ${width} px`).toBe(textStarts[1]);
    expect(Math.round(total?.x ?? -1), `the total's column at ${width} px`).toBe(
      Math.round(amountHeader?.x ?? 0),
    );
    expect(Math.round(total?.width ?? -1), `the total's width at ${width} px`).toBe(
      Math.round(amountHeader?.width ?? 0),
    );
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations).toEqual([]);
    const shots = process.env.RECEIPT_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/receipt-${width}.png`, fullPage: true });
  }

  // On a phone the lines fit the receipt in every language: no column (the amount) is hidden off its side.
  await page.setViewportSize({ width: 390, height: 900 });
  const orderPath = new URL(page.url()).pathname;
  for (const { code, prefix } of LOCALES) {
    await page.goto(`${prefix}${orderPath}`);
    const lines = page.getByRole("table", { name: t(code, "receipt.linesCaption") });
    await expect(lines).toBeVisible({ timeout: 20_000 });
    const fits = await lines.evaluate((table) => {
      const box = table.parentElement as HTMLElement;
      return box.scrollWidth <= box.clientWidth;
    });
    expect(fits, code).toBe(true);
  }
});
