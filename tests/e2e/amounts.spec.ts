/**
 * Honest amounts, as a buyer meets them in Chromium against the real storefront and pass service: after a
 * declined card, the order page's retry names each method's fee and its pay button asks what the chosen
 * method will charge, and the bank order then asks exactly that (its transfer details and SPAYD QR code);
 * the cart's summary names a code by its kind and says whether it counts per ticket or once per order, and
 * the order page says it in the same words.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { money } from "../../src/components/event/event-view.ts";
import { BANK_TRANSFER_METHOD_ID } from "../../src/contract/payment.ts";
import { EVENT } from "../../src/pass-service/catalog/demo/keys.ts";
import { axeViolations } from "./support/axe.ts";
import {
  addOne,
  cartPath,
  fillBuyer,
  methodRadio,
  payButton,
  SERVICE,
  t,
  ticketType,
  waitForHold,
} from "./support/buying.ts";

/** The festival's bank transfer fee in the demo catalog, in minor units. */
const BANK_FEE = 2500;

for (const width of [390, 1280]) {
  test(`the retry after a declined card asks what the bank order then asks, its fee included (${width} px)`, async ({
    page,
    request,
  }) => {
    const locale = "cs";
    await page.setViewportSize({ width, height: 900 });
    const ticket = await ticketType(request, "festival", "balicek", locale);
    await page.goto(cartPath(locale));
    await addOne(page, locale, ticket);
    await waitForHold(page, locale);
    await fillBuyer(page, locale);
    await payButton(page, locale).click();
    await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
    await page.getByLabel("Číslo karty").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Zaplatit/ }).click();
    await page.waitForURL(/\/order\//, { timeout: 20_000 });
    await expect(
      page.getByRole("heading", { name: t(locale, "order.phase.declined.heading") }),
    ).toBeVisible();
    const orderId = page.url().match(/order\/([0-9a-f-]{36})/)?.[1] as string;
    const orderOf = async () =>
      (await (await request.get(`${SERVICE}/api/order-by-id`, { params: { orderId } })).json()).order;
    const declined = await orderOf();
    const m = (minor: number) => money(minor, declined.currencyId, locale);

    const bank = methodRadio(page, locale, BANK_TRANSFER_METHOD_ID);
    await expect(bank).toBeEnabled();
    await expect(page.locator(`[data-payment-method="${BANK_TRANSFER_METHOD_ID}"]`)).toContainText(
      t(locale, "cart.payment.fee", { fee: m(BANK_FEE) }),
    );
    await bank.check();
    const withFee = t(locale, "order.pay.submit", { amount: m(declined.amount + BANK_FEE) });
    const submit = page.getByRole("button", { name: withFee, exact: true });
    await expect(submit).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/amounts-retry-${width}.png`, fullPage: true });
    await submit.click();

    await expect(
      page.getByRole("heading", { name: t(locale, "order.phase.bankTransfer.heading") }),
    ).toBeVisible({ timeout: 20_000 });
    const order = await orderOf();
    const transfer = order.payment.bankTransfer;
    // What the button asked is what the order, its transfer and its QR code ask.
    expect(withFee).toBe(t(locale, "order.pay.submit", { amount: m(order.amount) }));
    expect(transfer.amount).toBe(order.amount);
    await expect(page.getByRole("img", { name: new RegExp(transfer.variableSymbol) })).toHaveAccessibleName(
      t(locale, "order.transfer.qrAlt", { amount: m(order.amount), symbol: transfer.variableSymbol }),
    );
    const qr = await request.get(
      transfer.qrUrl.startsWith("http") ? transfer.qrUrl : `${SERVICE}${transfer.qrUrl}`,
    );
    const amountMajor = (order.amount / 100).toFixed(2);
    expect(qr.headers()["x-spayd"]).toContain(`*AM:${amountMajor}*`);
  });
}

/** The cart of a demo event in a language, with codes in its address (applied as if typed). */
async function cartWithCode(
  page: Page,
  request: APIRequestContext,
  locale: "cs" | "en",
  eventId: string,
  code: string,
) {
  const res = await request.get(`${SERVICE}/api/event-by-id`, { params: { eventId } });
  const { event } = await res.json();
  await page.goto(`${cartPath(locale, event)}?codes=${code}`);
  return event as { currencyId: number };
}

for (const width of [390, 1280]) {
  test(`the cart names a code by its kind and says it counts once per order or per ticket (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const locale = "cs";
    const festival = await cartWithCode(page, request, locale, EVENT.festival, "LOUKA-200");
    const pkg = await ticketType(request, "festival", "balicek", locale);
    await addOne(page, locale, pkg);
    const m = (minor: number) => money(minor, festival.currencyId, locale);
    const coupon = page.locator('[data-discount="coupon"]');
    await expect(coupon).toContainText(
      t(locale, "cart.discount", { kind: t(locale, "cart.codes.kinds.coupon"), code: "LOUKA-200" }),
    );
    await expect(coupon.locator("[data-discount-basis]")).toHaveText(
      t(locale, "cart.codeBasis.fixed", { amount: m(20000) }),
    );
    await expect(page.locator("[data-cart-total]")).toHaveAttribute(
      "data-cart-total",
      String(pkg.price - 20000),
    );
    expect(await axeViolations(page, "[data-cart-summary]")).toEqual([]);
    await page.locator("[data-cart-summary]").screenshot({ path: `/tmp/amounts-cart-code-${width}.png` });

    await cartWithCode(page, request, locale, EVENT.tourBratislava, "STUDENT15");
    const standing = await ticketType(request, "tourBratislava", "stani", locale);
    await addOne(page, locale, standing);
    const code = page.locator('[data-discount="discount"]');
    await expect(code).toContainText(
      t(locale, "cart.discount", { kind: t(locale, "cart.codes.kinds.discount"), code: "STUDENT15" }),
    );
    await expect(code.locator("[data-discount-basis]")).toHaveText(
      t(locale, "cart.codeBasis.percent", { percent: 15 }),
    );
  });
}

test("the order page says how a code counts, in the cart's words (per order, per ticket)", async ({
  page,
  request,
}) => {
  const locale = "cs";
  await page.setViewportSize({ width: 390, height: 844 });
  const festival = await cartWithCode(page, request, locale, EVENT.festival, "LOUKA-200");
  const pkg = await ticketType(request, "festival", "balicek", locale);
  await addOne(page, locale, pkg);
  const m = (minor: number) => money(minor, festival.currencyId, locale);
  const words = t(locale, "cart.codeBasis.fixed", { amount: m(20000) });
  await expect(page.locator('[data-discount="coupon"] [data-discount-basis]')).toHaveText(words);
  // The package is in the cart with the coupon taken off, before it is held.
  await expect(page.locator("[data-cart-total]")).toHaveAttribute(
    "data-cart-total",
    String(pkg.price - 20000),
  );
  await waitForHold(page, locale);
  await fillBuyer(page, locale);
  await payButton(page, locale).click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await page.getByRole("button", { name: /^Zaplatit/ }).click();
  await page.waitForURL(/\/order\//, { timeout: 20_000 });
  const discount = page.locator('[data-order-discount="coupon"]');
  await expect(discount).toContainText("LOUKA-200");
  await expect(discount.locator("[data-discount-basis]")).toHaveText(words);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/amounts-order-code-390.png", fullPage: true });
});
