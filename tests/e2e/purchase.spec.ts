/**
 * Buying, as a buyer does it in Chromium against the real storefront and the reference pass service: the
 * cart island, the test payment gateway, the order page with tickets and their PDF, a bank transfer paid
 * through the operator's command, a declined card and a retry, the demo cart, and a sold-out ticket type. The
 * order page and the demo cart, rendered on demand, are checked by the W3C Nu Html Checker as served.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { groupIban } from "../../src/lib/spayd.ts";
import { EVENT, EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { DEMO_TERMS_VERSION } from "../../src/pass-service/catalog/demo/legal.ts";
import {
  addOne,
  cartPath,
  extra,
  fillBuyer,
  gatewayPay,
  methodRadio,
  payButton,
  SERVICE,
  t,
  ticketType,
  waitForHold,
} from "./support/buying.ts";
import { text } from "./support/locales.ts";
import { nuErrors } from "./support/nu.ts";

const PORT = Number(process.env.E2E_PORT ?? 4391);
const ROOT = join(import.meta.dirname, "../..");
/** The beer festival, whose tickets and tasting sets these tests buy. */
const BEER = { organizerSlug: ORG_SLUG.louka, eventSlug: EVENT_SLUG.beer };
/** The Brno stop of the tour: its 40-place VIP type is bought out here and checked by no other test. */
const BRNO = { organizerSlug: ORG_SLUG.vltava, eventSlug: EVENT_SLUG.tourBrno };
const run = promisify(execFile);

/** Counts the pages of a PDF. */
function pdfPages(bytes: Buffer): number {
  return (bytes.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

for (const locale of ["cs", "en"] as const) {
  test(`buys two tickets and an extra with the test card (${locale}), sees the tickets and downloads the PDF`, async ({
    page,
    request,
  }) => {
    const ticket = await ticketType(request, "beer", "vstupne", locale);
    const tasting = await extra(request, "beer", "degustacni-sada", locale);
    const orderCreates: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/order-create") && req.method() === "POST") {
        orderCreates.push(req.headers()["idempotency-key"] ?? "");
      }
    });

    await page.goto(cartPath(locale, BEER));
    await addOne(page, locale, ticket);
    await addOne(page, locale, ticket);
    await addOne(page, locale, tasting);
    await waitForHold(page, locale);
    await fillBuyer(page, locale);
    await methodRadio(page, locale, 1).check();

    // A double click on pay creates one order: every request carries the same Idempotency-Key.
    await payButton(page, locale).dblclick();
    await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
    expect(new Set(orderCreates).size).toBe(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await gatewayPay(page, locale).click();

    await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: t(locale, "order.phase.paid.heading") })).toBeVisible({
      timeout: 20_000,
    });
    const qrCodes = page.getByRole("img", {
      name: new RegExp(t(locale, "order.tickets.qrLabel", { code: "" }).trim()),
    });
    await expect(qrCodes).toHaveCount(2);

    const download = page.getByRole("link", { name: t(locale, "order.tickets.download") });
    const href = (await download.getAttribute("href")) as string;
    const pdf = await request.get(href);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdfPages(await pdf.body())).toBe(2);

    const tracked = await page.evaluate(
      () => (window as { __vstupioTracked?: { event: string }[] }).__vstupioTracked ?? [],
    );
    expect(tracked.map((e) => e.event)).toContain("purchaseSuccess");
    // The order page (rendered on demand) as served is valid HTML.
    const orderPage = {
      path: new URL(page.url()).pathname,
      html: await (await page.request.get(page.url())).text(),
    };
    expect(await nuErrors([orderPage]), "the Nu checker's errors on the order page").toEqual([]);
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations).toEqual([]);
  });
}

test("pays by bank transfer: the page shows the SPAYD QR, and the operator's command pays the order", async ({
  page,
  request,
}) => {
  const locale = "en";
  const ticket = await ticketType(request, "beer", "vstupne", locale);
  await page.goto(cartPath(locale, BEER));
  await addOne(page, locale, ticket);
  await waitForHold(page, locale);
  await fillBuyer(page, locale);
  await methodRadio(page, locale, 2).check();
  await payButton(page, locale).click();

  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { name: t(locale, "order.phase.bankTransfer.heading") }),
  ).toBeVisible();
  const orderId = page.url().match(/order\/([0-9a-f-]{36})/)?.[1] as string;
  const order = (await (await request.get(`${SERVICE}/api/order-by-id`, { params: { orderId } })).json())
    .order;
  const transfer = order.payment.bankTransfer;
  // The IBAN as people read it, in groups of four.
  await expect(page.getByText(groupIban(transfer.iban), { exact: true })).toBeVisible();
  await expect(
    page.locator('[data-transfer="variableSymbol"] dd').getByText(transfer.variableSymbol, { exact: true }),
  ).toBeVisible();
  const qr = page.getByRole("img", { name: new RegExp(transfer.variableSymbol) });
  await expect(qr).toBeVisible();
  // Visible once laid out; loaded a moment later.
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  const { stdout } = await run(
    process.execPath,
    [join(ROOT, "scripts/pass.ts"), "bank:receive", transfer.variableSymbol, (order.amount / 100).toFixed(2)],
    {
      cwd: ROOT,
      env: { ...process.env, PASS_API_URL: SERVICE, PGLITE_DIR: join(ROOT, `.data/pglite-e2e-${PORT}`) },
    },
  );
  expect(stdout).toContain(`order ${order.orderNumber}`);
  // The page polls and shows the paid order without a reload by the buyer.
  await expect(page.getByRole("heading", { name: t(locale, "order.phase.paid.heading") })).toBeVisible({
    timeout: 30_000,
  });
});

test("a declined card keeps the order, and paying again with another method succeeds", async ({
  page,
  request,
}) => {
  const locale = "cs";
  const ticket = await ticketType(request, "beer", "vstupne", locale);
  await page.goto(cartPath(locale, BEER));
  await addOne(page, locale, ticket);
  await waitForHold(page, locale);
  await fillBuyer(page, locale);
  await payButton(page, locale).click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await page.getByLabel("Číslo karty").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Zaplatit/ }).click();

  await page.waitForURL(/\/order\//, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: t(locale, "order.phase.declined.heading") })).toBeVisible();
  await expect(page.getByText(t(locale, "order.declineReason.card_declined"))).toBeVisible();

  await methodRadio(page, locale, 3).check();
  await page
    .getByRole("button", { name: new RegExp(`^${t(locale, "order.pay.submit", { amount: "" }).trim()}`) })
    .click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await page.getByRole("button", { name: /^Zaplatit/ }).click();
  await page.waitForURL(/\/order\//, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: t(locale, "order.phase.paid.heading") })).toBeVisible({
    timeout: 20_000,
  });
});

test("the demo cart previews an event before sales start, and a wrong secret is explained", async ({
  page,
  request,
}) => {
  const slugs = { organizerSlug: "agentura-vltava", eventSlug: "polarni-zare-20-let" };
  const event = (
    await (
      await request.get(`${SERVICE}/api/event-by-slugs`, {
        params: slugs,
        headers: { "accept-language": "en" },
      })
    ).json()
  ).event as { eventId: string };
  const secret = Buffer.from(event.eventId).toString("base64");
  const demo = await page.goto(`${cartPath("en", slugs)}demo/?secret=${encodeURIComponent(secret)}`);
  expect(demo?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: t("en", "cart.demo.heading") })).toBeVisible();
  const demoPage = { path: new URL(page.url()).pathname, html: (await demo?.text()) ?? "" };
  expect(await nuErrors([demoPage]), "the Nu checker's errors on the demo cart").toEqual([]);
  const first = await ticketType(request, "anniversary", "stani", "en");
  await addOne(page, "en", first);
  // The line's counter (its add button's neighbour, an <output>) says one.
  const counter = page
    .getByRole("button", { name: t("en", "cart.counter.add", { name: first.namePub }), exact: true })
    .locator("..");
  await expect(counter.getByRole("status")).toHaveText("1");
  await expect(payButton(page, "en")).toHaveCount(0);
  // The other languages of the preview keep its secret.
  await page.getByRole("link", { name: text("en", "common", "languages.cs") }).click();
  await expect(page.getByRole("heading", { name: t("cs", "cart.demo.heading") })).toBeVisible();

  const wrong = await page.goto(`${cartPath("en", slugs)}demo/?secret=bm90LXRoZS1ldmVudA`);
  expect(wrong?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: t("en", "cart.demo.forbiddenHeading") })).toBeVisible();
});

test("a sold-out ticket type shows as sold out and cannot be added", async ({ page, request }) => {
  const vip = await ticketType(request, "tourBrno", "vip", "en");
  // Other buyers take every place that is left.
  let left = vip.available;
  while (left > 0) {
    const count = Math.min(vip.maxPerOrder, left);
    const res = await request.post(`${SERVICE}/api/order-create`, {
      data: {
        eventId: EVENT.tourBrno,
        items: [{ ticketTypeId: vip.ticketTypeId, count }],
        buyer: {
          firstName: "Petr",
          lastName: "Dvořák",
          email: "petr@example.cz",
          phone: "+420777000222",
          countryId: 1,
        },
        paymentMethodId: 1,
        language: "en",
        termsAccepted: true,
        termsVersion: DEMO_TERMS_VERSION,
      },
    });
    expect(res.ok()).toBe(true);
    left -= count;
  }
  await page.goto(cartPath("en", BRNO));
  const row = page.getByRole("listitem").filter({ hasText: vip.namePub });
  await expect(row.getByText(t("en", "cart.state.soldOut"))).toBeVisible({ timeout: 15_000 });
  const add = page.getByRole("button", {
    name: t("en", "cart.counter.add", { name: vip.namePub }),
    exact: true,
  });
  await expect(add).toHaveAttribute("aria-disabled", "true");
});
