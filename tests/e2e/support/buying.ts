/**
 * Buying in the cart as a buyer does it, shared by the end-to-end tests that need a purchase: the texts of
 * the page's language, what an event's cart sells, and the cart's buttons and buyer form. A spec adds only
 * lines it owns (inventory.ts).
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { paymentMethod } from "../../../src/lib/enums/index.ts";
import {
  EVENT,
  type EventKey,
  productId,
  ticketTypeId,
} from "../../../src/pass-service/catalog/demo/keys.ts";
import { claimLine } from "./inventory.ts";
import { text } from "./locales.ts";

const PORT = Number(process.env.E2E_PORT ?? 4391);
/** The pass service of the test server: it runs on the E2E port + 1. */
export const SERVICE = `http://127.0.0.1:${PORT + 1}`;
/** The festival's slugs and id in the demo catalog. */
export const FESTIVAL = { organizerSlug: "louka-open-air", eventSlug: "louka-open-air" };
/** The festival's event id. */
export const FESTIVAL_ID = "73434e4b-7a31-55cd-93fc-e38fc8629c67";

/** A language the purchase tests run in. */
export type Locale = "cs" | "en" | "de" | "sk";

/** A text of the storefront's dictionary in a language, with its `{{values}}` filled in. */
export const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)),
    text(locale, "main", key),
  );

/** A ticket type of the cart. */
export interface CartType {
  ticketTypeId: string;
  eventId: string;
  namePub: string;
  price: number;
  available: number;
  capacity: number;
  maxPerOrder: number;
}
/** An extra product of the cart. */
export interface CartProduct {
  ticketProductId: string;
  eventId: string;
  name: string;
  variants: unknown[];
}
/** A chip top-up of the cart: credit, which no stock limits. */
export interface CartChip {
  productItemId: string;
  name: string;
}

/** What an event's cart sells, as the service answers it in a language. */
export async function catalog(request: APIRequestContext, eventId: string, locale: Locale) {
  const res = await request.get(`${SERVICE}/api/ticket-types-extra-products`, {
    params: { eventId },
    headers: { "accept-language": locale },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    ticketTypes: CartType[];
    extraProducts: CartProduct[];
    chipProducts: CartChip[];
  };
}

/** A ticket type of a demo event by its catalog key, as its cart sells it; the running spec must own it. */
export async function ticketType(
  request: APIRequestContext,
  event: EventKey,
  key: string,
  locale: Locale,
): Promise<CartType> {
  const { ticketTypes } = await catalog(request, EVENT[event], locale);
  const found = ticketTypes.find((type) => type.ticketTypeId === ticketTypeId(event, key));
  if (!found) throw new Error(`The cart of ${event} sells no ticket type ${key}`);
  claimLine(found);
  return found;
}

/** An extra product of a demo event by its catalog key, as its cart sells it; the running spec must own it. */
export async function extra(
  request: APIRequestContext,
  event: EventKey,
  key: string,
  locale: Locale,
): Promise<CartProduct> {
  const { extraProducts } = await catalog(request, EVENT[event], locale);
  const found = extraProducts.find((product) => product.ticketProductId === productId(event, key));
  if (!found) throw new Error(`The cart of ${event} sells no extra ${key}`);
  claimLine(found);
  return found;
}

/** The cart page of an event in a language. */
export function cartPath(locale: Locale, slugs = FESTIVAL): string {
  return `${locale === "cs" ? "" : `/${locale}`}/event/${slugs.organizerSlug}/${slugs.eventSlug}/cart/`;
}

/** The radio button of a payment method in the cart or on the order page. */
export function methodRadio(page: Page, locale: Locale, id: number) {
  return page.getByRole("radio", { name: new RegExp(`^${paymentMethod.label(id, locale)}`) });
}

/** Adds one unit of a line of the cart by its "Add one" button; a ticket type or extra must be the spec's own. */
export async function addOne(
  page: Page,
  locale: Locale,
  line: CartType | CartProduct | CartChip,
): Promise<void> {
  if (!("productItemId" in line)) claimLine(line);
  const name = "namePub" in line ? line.namePub : line.name;
  await page.getByRole("button", { name: t(locale, "cart.counter.add", { name }), exact: true }).click();
}

/** Fills the buyer form and accepts the terms of sale (`terms: false` leaves them unticked). */
export async function fillBuyer(page: Page, locale: Locale, opts: { terms?: boolean } = {}): Promise<void> {
  await page.getByLabel(t(locale, "cart.form.firstName"), { exact: true }).fill("Jana");
  await page.getByLabel(t(locale, "cart.form.lastName"), { exact: true }).fill("Nováková");
  await page.getByLabel(t(locale, "cart.form.email"), { exact: true }).fill("jana.novakova@example.cz");
  await page.locator("#cart-field-phone").fill("+420 777 123 456");
  if (opts.terms !== false) await termsCheckbox(page, locale).check();
}

/** The checkout's "I accept the terms of sale" checkbox. */
export function termsCheckbox(page: Page, locale: Locale) {
  return page.getByRole("checkbox", { name: t(locale, "legal.checkout.accept") });
}

/** The pay button of the cart (its text names the amount). */
export function payButton(page: Page, locale: Locale) {
  // "Zaplatit {{amount}}" in Czech, "{{amount}} bezahlen" in German: the amount may stand anywhere.
  const [before = "", after = ""] = t(locale, "cart.pay", { amount: "\u0000" })
    .split("\u0000")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // The summary's pay button, not the phone bar's (which names no amount).
  return page
    .getByRole("button", { name: new RegExp(`^${before}.+${after}$`) })
    .and(page.locator("[data-pay]"));
}

/** An event as the pass service answers it in a language (by organizer and event slug). */
export async function serviceEvent(
  request: APIRequestContext,
  slugs: { organizerSlug: string; eventSlug: string },
  locale: Locale,
  // biome-ignore lint/suspicious/noExplicitAny: tests read the answer's fields they need.
): Promise<any> {
  const res = await request.get(`${SERVICE}/api/event-by-slugs`, {
    params: slugs,
    headers: { "accept-language": locale },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).event;
}

/** The test gateway's approve button, in the order's language: "Zaplatit 790 Kč" (src/pass-service/gateway.ts). */
export function gatewayPay(page: Page, locale: Locale) {
  const pay = { cs: "Zaplatit", en: "Pay", de: "Bezahlen", sk: "Zaplatiť" }[locale];
  return page.getByRole("button", { name: new RegExp(`^${pay} `) });
}

/** Pays the cart by card: chooses the card, pays, approves at the test gateway and lands on the order page. */
export async function payWithTestCard(page: Page, locale: Locale): Promise<void> {
  await methodRadio(page, locale, 1).check();
  await payButton(page, locale).click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await gatewayPay(page, locale).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
}

/** Waits until the cart has reserved its tickets (the hold timer shows). */
export async function waitForHold(page: Page, locale: Locale): Promise<void> {
  await expect(page.getByText(t(locale, "cart.hold.held"))).toBeVisible({ timeout: 15_000 });
}
