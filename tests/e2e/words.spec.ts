/**
 * The words buyers read, on a 390 px phone: no internal event type on the festival's page or card (a
 * multi-day event states its days instead), the day ticket named by its date, a theatre season not called a
 * tour, the German tour cards showing the city that tells them apart, no heading repeating the one above it,
 * no group called just "Tickets" under a paid order's lines, and a cart before the sale that says when it
 * starts instead of offering counters; axe clean.
 */
import { expect, type Page, test } from "@playwright/test";
import { eventKind, eventType } from "../../src/lib/enums/index.ts";
import { formatDateTime } from "../../src/lib/i18n/format.ts";
import { axeViolations } from "./support/axe.ts";
import {
  addOne,
  cartPath,
  FESTIVAL,
  fillBuyer,
  type Locale,
  payWithTestCard,
  serviceEvent,
  t,
  ticketType,
  waitForHold,
} from "./support/buying.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LOCALES: Locale[] = ["cs", "en", "de", "sk"];
const ANNIVERSARY = { organizerSlug: "agentura-vltava", eventSlug: "polarni-zare-20-let" };
const prefix = (locale: Locale) => (locale === "cs" ? "" : `/${locale}`);

test.use({ viewport: PHONE });

/** Opens a cart and waits until its island has hydrated. */
async function openCart(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("#cart-island")).toHaveAttribute("data-hydrated", "true");
}

/** "3 days" in a language, as the dictionary words it. */
function days(locale: Locale, count: number): string {
  const category = new Intl.PluralRules(locale).select(count);
  return t(locale, `words.days_${category}`, { "count, number": count });
}

/** Every internal kind and type name of an event, in a language. */
function internalNames(locale: Locale): string[] {
  return [...eventKind.entries, ...eventType.entries].map((e) => e.label[locale]);
}

test("the festival's page and card name no internal event type; the page says how many days it lasts", async ({
  page,
}) => {
  for (const locale of LOCALES) {
    await page.goto(`${prefix(locale)}/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`);
    await expect(page.getByTestId("event-days")).toHaveText(days(locale, 3));
    const facts = await page.locator("dl", { has: page.getByTestId("event-date") }).innerText();
    for (const name of internalNames(locale)) expect(facts, `${locale}: ${name}`).not.toContain(name);
    if (locale === "cs") expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${prefix(locale)}/organizer/${FESTIVAL.organizerSlug}/`);
    const card = page.locator("article", { has: page.locator("[data-card-name]") }).first();
    await expect(card).toBeVisible();
    const cards = await page.locator("article", { has: page.locator("[data-card-name]") }).allInnerTexts();
    for (const text of cards) {
      for (const name of eventKind.entries.map((e) => e.label[locale])) expect(text).not.toContain(name);
    }
  }
});

test("the day ticket is named by its day, in every language", async ({ page }) => {
  const dayName = {
    cs: /^Jednodenní vstupenka – \p{L}+ \d{1,2}\. \p{L}+$/u,
    en: /^One-day ticket – \p{L}+ \d{1,2} \p{L}+$/u,
    de: /^Tagesticket – \p{L}+, \d{1,2}\. \p{L}+$/u,
    sk: /^Jednodňová vstupenka – \p{L}+ \d{1,2}\. \p{L}+$/u,
  };
  for (const locale of LOCALES) {
    await openCart(page, cartPath(locale));
    const names = await page
      .locator("#cart-tickets ~ div li[data-ticket-type-id] p:first-child")
      .allInnerTexts();
    expect(
      names.filter((n) => dayName[locale].test(n)),
      `${locale}: ${names.join(" | ")}`,
    ).toHaveLength(1);
  }
});

test("a theatre season is a series, a band's tour through four cities a tour", async ({ page }) => {
  for (const locale of LOCALES) {
    await page.goto(`${prefix(locale)}/tour/divadelni-sezona/`);
    await expect(page.locator("[data-group-kind]")).toHaveText(t(locale, "words.group.series"));
    await expect(page.locator("[data-group-kind]")).not.toHaveText(t(locale, "words.group.tour"));
    await page.goto(`${prefix(locale)}/tour/turne-na-sever/`);
    await expect(page.locator("[data-group-kind]")).toHaveText(t(locale, "words.group.tour"));
  }
  await page.goto("/");
  const tours = page.locator("#tours article");
  await expect(tours.first()).toBeVisible();
  for (const text of await tours.allInnerTexts()) expect(text).not.toMatch(/^Turné$/m);
  expect(await axeViolations(page, "#tours")).toEqual([]);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the German tour cards show the city that tells them apart at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/de/tour/turne-na-sever/");
    const names = page.locator("[data-card-name]");
    await expect(names).toHaveCount(4);
    for (const name of await names.all()) {
      // Nothing of the name is cut: its box holds all its lines.
      const clipped = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(clipped).toBe(false);
    }
    const texts = await names.allInnerTexts();
    for (const city of ["Prag", "Brünn", "Ostrau", "Bratislava"]) {
      const card = names.filter({ hasText: city });
      await expect(card).toHaveCount(1);
    }
    expect(new Set(texts).size).toBe(4);
  });
}

test("no heading repeats the one above it: the festival's 'Tickets' group sits under 'Tickets' once", async ({
  page,
}) => {
  await openCart(page, cartPath("cs"));
  const section = page.locator("section", { has: page.locator("#cart-tickets") });
  const heading = await page.locator("#cart-tickets").innerText();
  const groupHeadings = await section.locator("h3").allInnerTexts();
  expect(groupHeadings.length).toBeGreaterThan(1);
  for (const h of groupHeadings) expect(h.toLocaleLowerCase("cs")).not.toBe(heading.toLocaleLowerCase("cs"));
  expect(groupHeadings.map((h) => h.toLocaleLowerCase("cs"))).toContain(
    t("cs", "cart.ungrouped").toLocaleLowerCase("cs"),
  );

  await page.goto(`/event/${FESTIVAL.organizerSlug}/${FESTIVAL.eventSlug}/`);
  const eventHeadings = await page.locator("#tickets h3").allInnerTexts();
  expect(eventHeadings.length).toBeGreaterThan(1);
  for (const h of eventHeadings)
    expect(h.toLocaleLowerCase("cs")).not.toBe(t("cs", "event.tickets").toLocaleLowerCase("cs"));
});

test("a cart before the sale says when the sale starts and offers no counters, amounts or seats", async ({
  page,
  request,
}) => {
  for (const locale of LOCALES) {
    const event: { saleStartsAt: string; timezone: string } = await serviceEvent(
      request,
      ANNIVERSARY,
      locale,
    );
    const when = formatDateTime(event.saleStartsAt, locale, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: event.timezone,
    });
    await openCart(page, cartPath(locale, ANNIVERSARY));
    const empty = page.locator("[data-summary-empty]");
    await expect(empty).toHaveAttribute("data-summary-empty", "notYet");
    await expect(empty).toHaveText(t(locale, "cart.state.notYet", { date: when }));
    await expect(page.getByText(t(locale, "cart.summaryEmpty"))).toHaveCount(0);
    const add = t(locale, "cart.counter.add", { name: "" }).trim();
    await expect(page.locator("#cart-island").getByRole("button", { name: add })).toHaveCount(0);
    // No amounts of an order that cannot be made, and no seat plan to choose from.
    await expect(page.locator("#cart-summary").getByText(t(locale, "cart.subtotal"))).toHaveCount(0);
    await expect(page.locator("[data-cart-total]")).toHaveCount(0);
    await expect(page.locator("[data-seating-closed]")).toHaveText(t(locale, "seating.closed.notYet"));
    await expect(page.getByRole("button", { name: t(locale, "seating.best.submit") })).toHaveCount(0);
    // The whole page holds the arena's seat map (thousands of seats): axe checks the parts this test is about.
    if (locale === "cs") {
      expect(await axeViolations(page, "#cart-summary")).toEqual([]);
      expect(await axeViolations(page, "section:has(#cart-tickets)")).toEqual([]);
    }
  }
});

test("the cart's summary, a paid order's lines and its tickets name no group called just 'Tickets', and keep any other", async ({
  page,
  request,
}) => {
  const locale = "cs";
  const threeDay = await ticketType(request, "festival", "tridenni", locale);
  const vip = await ticketType(request, "festival", "vip", locale);
  await openCart(page, cartPath(locale));
  await addOne(page, locale, threeDay);
  await addOne(page, locale, vip);
  await waitForHold(page, locale);
  // The cart's summary names the groups the same way.
  const ticketsWord = t(locale, "cart.tickets");
  const summaryLines = page.locator("#cart-summary [data-line]");
  await expect(summaryLines.filter({ hasText: threeDay.namePub, hasNotText: "VIP" })).not.toContainText(
    ticketsWord,
  );
  await expect(summaryLines.filter({ hasText: vip.namePub })).toContainText("VIP");
  await fillBuyer(page, locale);
  await payWithTestCard(page, locale);

  const lines = page.locator('[data-line-kind="ticket"]');
  await expect(lines).toHaveCount(2, { timeout: 20_000 });
  // "VIP třídenní vstupenka" holds "Třídenní vstupenka": the three-day line is the one without "VIP".
  await expect(lines.filter({ hasText: threeDay.namePub, hasNotText: "VIP" })).not.toContainText(ticketsWord);
  await expect(lines.filter({ hasText: vip.namePub })).toContainText("VIP");
  const cards = page.locator("article[data-ticket-code]");
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  for (const card of await cards.filter({ hasText: threeDay.namePub, hasNotText: "VIP" }).all()) {
    await expect(card.getByText(ticketsWord, { exact: true })).toHaveCount(0);
  }
});
