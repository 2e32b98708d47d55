/**
 * What the cart page makes a buyer download before they can use it: the JavaScript of a cart page (a
 * returning visitor who declined tracking), counted as gzip bytes of the responses, stays within a budget.
 * Bytes, not time: the figure does not depend on the machine. The checkout (the buyer's form and the
 * payment method) is not part of it: it loads when the buyer adds a ticket. And the number of script files a
 * first visit to an event page fetches: each is a request, and one found inside another waits for it. And
 * what a cart's islands are sent: the seating plan's texts once, and no preview's texts to a live cart.
 */
import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { addOne, cartPath, t, ticketType } from "./support/buying.ts";
import { responseBody, samplePath, seatedCartPath } from "./support/site.ts";

/** Gzip bytes of JavaScript a cart page may load until it is hydrated and idle. */
const CART_JS_BUDGET = 80 * 1024;

/**
 * Script files a first visit to an event page may fetch: the renderer's and the consent island's entries,
 * the `page` chunk they share and Rolldown's runtime (scripts/lib/page-chunk.ts). Split by Rolldown alone,
 * the same code was 13 files, fetched one after another as each import was found.
 */
const EVENT_PAGE_SCRIPTS = 4;

/**
 * The texts a cart island is sent: the page writes them in a JSON element of their own, which the island names
 * in its packed props (src/islands/page-texts.ts, src/islands/packed-props.ts). Its `props` attribute holds
 * none of them.
 */
async function cartTexts(page: Page): Promise<string> {
  const attribute =
    (await page.locator('astro-island[component-url*="/CartIsland."]').first().getAttribute("props")) ?? "";
  const { data } = JSON.parse(attribute) as { data?: [number, unknown] };
  expect(typeof data?.[1], "the cart's props, packed in one string").toBe("string");
  const { texts, messages } = JSON.parse(String(data?.[1])) as { texts?: string; messages?: unknown };
  expect(messages, "the island's props without its texts").toBeUndefined();
  expect(texts, "the id of the cart's texts").toMatch(/^cart-texts-/);
  const json = await page.locator(`script[type="application/json"][id="${texts}"]`).textContent();
  expect(JSON.parse(json ?? "null"), "the cart's texts").toEqual(expect.any(Object));
  return json ?? "";
}

test("a cart page loads at most its budget of JavaScript (gzip bytes)", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const path = await samplePath(baseURL, "cart", "en");
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    // A worker's script counts too.
    const body = responseBody(page, response);
    scripts.set(
      response.url(),
      body.then((bytes) => gzipSync(bytes).length),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator('[data-cart-island][data-hydrated="true"]').waitFor();
  const sizes = await Promise.all([...scripts.values()]);
  const total = sizes.reduce((sum, n) => sum + n, 0);
  test
    .info()
    .annotations.push({ type: "cart JavaScript", description: `${scripts.size} files, ${total} B gzip` });
  expect(scripts.size, "the cart loads its scripts").toBeGreaterThan(0);
  expect(total, `gzip JavaScript of ${path}`).toBeLessThanOrEqual(CART_JS_BUDGET);
});

test("a seated cart carries the seating plan's texts once: in the seat map's island, the cart only the two it shows", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.goto(await seatedCartPath(baseURL, "en"));
  /** The serialized props of the page's island of a component (by its module's name). */
  const props = async (component: string) =>
    (await page.locator(`astro-island[component-url*="/${component}."]`).first().getAttribute("props")) ?? "";
  const [cart, seating] = [await cartTexts(page), await props("SeatingIsland")];
  const quoted = (key: string) => JSON.stringify(t("en", `seating.${key}`));
  for (const key of ["seat", "takenCheckout"]) expect(cart, `the cart's ${key}`).toContain(quoted(key));
  for (const key of ["mapLabel", "keysHint", "noneFree", "best.submit"]) {
    expect(seating, `the seat map's ${key}`).toContain(quoted(key));
    expect(cart, `the cart's props without ${key}`).not.toContain(quoted(key));
  }
});

test("a live cart is not sent the texts of the cart's preview", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.goto(await samplePath(baseURL, "cart", "en"));
  const props = await cartTexts(page);
  expect(props, "the cart's own texts").toContain(JSON.stringify(t("en", "cart.summary")));
  for (const key of ["heading", "text", "payDisabled", "formOk"]) {
    expect(props, `without demo.${key}`).not.toContain(JSON.stringify(t("en", `cart.demo.${key}`)));
  }
});

test.describe("a first visit (no consent choice yet)", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("an event page fetches the code it hydrates as one chunk", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(await samplePath(baseURL, "event", "en"), { waitUntil: "networkidle" });
    await page.locator('[data-consent-island][data-hydrated="true"]').waitFor({ state: "attached" });
    test.info().annotations.push({ type: "event page scripts", description: scripts.join(" ") });
    expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(EVENT_PAGE_SCRIPTS);
    expect(
      scripts.some((s) => /\/page\.[^/]*\.js$/.test(s)),
      "the page chunk is loaded",
    ).toBe(true);
  });
});

test("the cart's checkout loads when the buyer adds a ticket, in the placeholder's place", async ({
  page,
  request,
}) => {
  const ticket = await ticketType(request, "wineHike", "vinarsky-pas", "en");
  const path = cartPath("en", { organizerSlug: ORG_SLUG.donau, eventSlug: EVENT_SLUG.wineHike });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator('[data-cart-island][data-hydrated="true"]').waitFor();
  const placeholder = page.locator("[data-checkout-placeholder]");
  await expect(placeholder).toBeVisible();
  const placed = await placeholder.boundingBox();
  expect(
    scripts.filter((s) => /\/Checkout\.[^/]*\.js$/.test(s)),
    "no checkout code at first load",
  ).toEqual([]);
  await expect(page.getByLabel(t("en", "cart.form.firstName"), { exact: true })).toHaveCount(0);

  await addOne(page, "en", ticket);
  const firstName = page.getByLabel(t("en", "cart.form.firstName"), { exact: true });
  await expect(firstName).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  const form = await page.locator("#cart-checkout").boundingBox();
  expect(form?.y, "the form is where the placeholder was").toBe(placed?.y);
  await firstName.fill("Jana");
  await expect(firstName).toHaveValue("Jana");
});
