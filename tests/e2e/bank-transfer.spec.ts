/**
 * Paying by bank transfer on a phone and on a desktop: a Slovak buyer's order page shows the IBAN grouped in
 * fours, copy buttons that put exactly what a banking app takes on the clipboard (the IBAN without spaces, the
 * amount as a bare number) and say so politely, and a PAY by square QR code (the one Slovak banking apps read)
 * drawn from the order's payment; on a phone the details come first and the code is said to be for another
 * device. Axe finds nothing.
 */
import { expect, type Page, test } from "@playwright/test";
import { payBySquareString } from "../../src/lib/pay-by-square.ts";
import { qrMatrix, qrPath } from "../../src/lib/qr.ts";
import { groupIban } from "../../src/lib/spayd.ts";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { axeViolations } from "./support/axe.ts";
import {
  addOne,
  cartPath,
  fillBuyer,
  type Locale,
  methodRadio,
  payButton,
  SERVICE,
  t,
  ticketType,
  waitForHold,
} from "./support/buying.ts";

/** The bank transfer's payment method id. */
const BANK_TRANSFER = 2;

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The Brno stop of the tour, whose standing tickets these tests buy. */
const BRNO = { organizerSlug: ORG_SLUG.vltava, eventSlug: EVENT_SLUG.tourBrno };

/** Buys one standing ticket in Brno by bank transfer in a language; returns the order as the service has it. */
async function orderByTransfer(page: Page, locale: Locale) {
  const ticket = await ticketType(page.request, "tourBrno", "stani", locale);
  await page.goto(cartPath(locale, BRNO));
  await addOne(page, locale, ticket);
  await waitForHold(page, locale);
  await fillBuyer(page, locale);
  await methodRadio(page, locale, BANK_TRANSFER).check();
  await payButton(page, locale).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { name: t(locale, "order.phase.bankTransfer.heading") }),
  ).toBeVisible();
  const orderId = page.url().match(/order\/([0-9a-f-]{36})/)?.[1] as string;
  const res = await page.request.get(`${SERVICE}/api/order-by-id`, { params: { orderId } });
  return (await res.json()).order;
}

for (const width of [390, 1280]) {
  test(`a Slovak buyer's bank transfer at ${width} px: copy buttons, IBAN in fours, PAY by square`, async ({
    page,
  }) => {
    const locale = "sk";
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const order = await orderByTransfer(page, locale);
    const transfer = order.payment.bankTransfer;
    const details = page.getByRole("region", { name: t(locale, "order.transfer.heading") });

    await expect(details.locator('[data-transfer="iban"] dd')).toContainText(groupIban(transfer.iban));
    expect(groupIban(transfer.iban)).toMatch(/^[A-Z]{2}\d{2}( [A-Z0-9]{4})+( [A-Z0-9]{1,4})?$/);

    const copies = [
      ["accountNumber", transfer.accountNumber],
      ["iban", transfer.iban.replaceAll(" ", "")],
      ["amount", String(order.amount / 100).replace(".", ",")],
      ["variableSymbol", transfer.variableSymbol],
      ["message", transfer.message],
    ] as const;
    for (const [key, value] of copies) {
      await details.getByRole("button", { name: t(locale, `bank.copyLabel.${key}`), exact: true }).click();
      await expect(details.getByRole("status")).toHaveText(t(locale, `bank.copiedStatus.${key}`));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }

    const qr = details.getByRole("img", {
      name: t(locale, "bank.payBySquare.alt", {
        amount: (await details.locator('[data-transfer="amount"] dd span').first().textContent()) ?? "",
        symbol: transfer.variableSymbol,
      }),
    });
    await expect(qr).toBeVisible();
    // The recipient is the organizer, named in the order's language.
    const event = (
      await (
        await page.request.get(`${SERVICE}/api/event-by-id`, {
          params: { eventId: order.eventId },
          headers: { "accept-language": locale },
        })
      ).json()
    ).event;
    const expected = payBySquareString({
      iban: transfer.iban,
      bic: transfer.bic,
      amountMinor: transfer.amount,
      currency: "CZK",
      variableSymbol: transfer.variableSymbol,
      message: transfer.message,
      recipientName: event.organizer.name,
      dueDate: new Date(`${transfer.dueDate}T12:00:00Z`),
    });
    expect(await qr.locator("path").getAttribute("d")).toBe(qrPath(qrMatrix(expected, "M")));

    const scanElsewhere = details.getByText(t(locale, "bank.scanElsewhere"));
    if (width < 768) {
      await expect(scanElsewhere).toBeVisible();
      const ibanBox = await details.locator('[data-transfer="iban"]').boundingBox();
      const qrBox = await qr.boundingBox();
      expect(ibanBox && qrBox && ibanBox.y < qrBox.y).toBe(true);
    } else {
      await expect(scanElsewhere).toBeHidden();
    }
    expect(await axeViolations(page)).toEqual([]);
    await details.screenshot({ path: `/tmp/bank-transfer-${locale}-${width}.png` });
    await page.screenshot({ path: `/tmp/bank-order-${locale}-${width}.png`, fullPage: true });
  });
}
