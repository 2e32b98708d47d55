/**
 * A buyer over the pass service's per-client limits, in Chromium against the real storefront and service:
 * the hold request is refused with 429, the buyer reads how long to wait in their language, the selection
 * stays, and the cart holds it by itself once the wait is over. The budget spent is the one of this test's
 * own event (holds count per client and event), which no other test buys from.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { EVENT } from "../../src/pass-service/catalog/demo/keys.ts";
import { SERVICE, ticketType } from "./support/buying.ts";
import { claimEvent } from "./support/inventory.ts";
import { text } from "./support/locales.ts";

/** The Ostrava stop of the tour: no other end-to-end test holds or buys there (support/inventory.ts). */
const OSTRAVA = { organizerSlug: "agentura-vltava", eventSlug: "turne-na-sever-ostrava" };
/** Holds per window of the test server (RATE_LIMIT_HOLDS in playwright.config.ts). */
const HOLDS_PER_WINDOW = 40;

const t = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text("de", "main", key));

/** The part of a message before its first placeholder. */
const lead = (key: string) => t(key).split("{{")[0] ?? "";

/** The count a line's counter shows. */
async function countOf(page: Page, name: string): Promise<string> {
  return (
    (await page
      .getByRole("group", { name: t("cart.counter.count", { name }) })
      .locator("output")
      .textContent()) ?? ""
  ).trim();
}

test("a rate-limited buyer reads how long to wait in German, keeps the cart, and the hold follows by itself", async ({
  page,
  request,
}) => {
  // The budget is the event's: all of it is this test's.
  claimEvent("tourOstrava");
  const eventId = EVENT.tourOstrava;
  const { namePub: name } = await ticketType(request, "tourOstrava", "stani", "de");

  await page.goto(`/de/event/${OSTRAVA.organizerSlug}/${OSTRAVA.eventSlug}/cart/`);
  await expect(page.locator("#cart-island")).toHaveAttribute("data-hydrated", "true");

  // This machine spends its hold budget for the event (holds of unknown ticket types: nothing is held).
  for (let i = 0; i < HOLDS_PER_WINDOW; i++) {
    await request.post(`${SERVICE}/api/reservation`, {
      data: { eventId, items: [{ ticketTypeId: randomUUID(), count: 1 }] },
    });
  }
  const refused = await request.post(`${SERVICE}/api/reservation`, {
    data: { eventId, items: [{ ticketTypeId: randomUUID(), count: 1 }] },
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  const add = page.getByRole("button", { name: t("cart.counter.add", { name }), exact: true });
  await add.click();
  await add.click();

  const alert = page.getByRole("alert").filter({ hasText: lead("cart.errors.rateLimited") });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText(/\d+ s/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // The selection is kept: two tickets, nothing held yet.
  expect(await countOf(page, name)).toBe("2");
  await expect(page.getByText(t("cart.hold.held"))).toHaveCount(0);

  // Once the window is over the cart holds the same two tickets by itself and takes the message back.
  await expect(page.getByText(t("cart.hold.held"))).toBeVisible({ timeout: 30_000 });
  await expect(alert).toHaveCount(0);
  expect(await countOf(page, name)).toBe("2");
});
