/**
 * How islands start in Chromium: a page whose islands format nothing when they start (a first visit's event page,
 * where only the consent island runs) makes no Intl number or date formatter, so it never loads the language's
 * ICU data (tens of milliseconds of a phone's main thread); the cart, whose first render shows prices, does, in
 * a worker off the main thread, which the page's content security policy allows and which stops once it is done.
 * The contract's schemas the cart calls with are built module by module, in tasks of their own, and the cart
 * hydrates its parts in tasks of their own, each on the HTML the server rendered for it.
 */
import { expect, type Page, test } from "@playwright/test";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { cartPath } from "./support/buying.ts";
import { readsEvent } from "./support/inventory.ts";
import { refuseOutsideRequests, samplePath, seatedCartPath } from "./support/site.ts";

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(async ({ context }) => {
  await refuseOutsideRequests(context);
  // Counts the page's Intl number and date formatters as they are made, and those made with a language alone
  // (only the main thread's own loading of the data, src/islands/intl-data.ts, makes those; islands pass options).
  await context.addInitScript(() => {
    const made = { count: 0, languageOnly: 0 };
    Object.assign(window, { intlFormattersMade: made });
    const note = (args: unknown[]) => {
      made.count++;
      if (args.length <= 1) made.languageOnly++;
    };
    const counted = <T extends object>(original: T): T =>
      new Proxy(original, {
        construct(target, args) {
          note(args);
          return Reflect.construct(target as new (...a: unknown[]) => object, args);
        },
        apply(target, self, args) {
          note(args);
          return Reflect.apply(target as (...a: unknown[]) => unknown, self, args);
        },
      });
    Intl.NumberFormat = counted(Intl.NumberFormat);
    Intl.DateTimeFormat = counted(Intl.DateTimeFormat);
  });
});

type Made = { count: number; languageOnly: number };

function formattersMade(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { intlFormattersMade: Made }).intlFormattersMade.count);
}

/** Formatters the main thread made with a language alone: its own loading of the data, not the worker's. */
function dataLoadedHere(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { intlFormattersMade: Made }).intlFormattersMade.languageOnly,
  );
}

test("a first visit's event page starts its islands without making an Intl formatter; the cart makes them", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  await page.goto(await samplePath(baseURL, "event", "cs"));
  await expect(page.locator('[data-consent-island][data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  expect(await formattersMade(page)).toBe(0);

  await page.goto(await samplePath(baseURL, "cart", "cs"));
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  expect(await formattersMade(page)).toBeGreaterThan(0);
});

test("the cart loads the ICU data in a worker of its own origin, which the page's policy allows and which stops once done", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const started: string[] = [];
  page.on("worker", (worker) => started.push(worker.url()));

  await page.goto(await samplePath(baseURL, "event", "cs"));
  await expect(page.locator('[data-consent-island][data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  expect(started).toEqual([]);

  const worker = page.waitForEvent("worker");
  await page.goto(await samplePath(baseURL, "cart", "cs"));
  const warm = await worker;
  expect(new URL(warm.url()).origin).toBe(new URL(baseURL).origin);
  expect(new URL(warm.url()).pathname).toMatch(/^\/_astro\/intl-warm\.worker-[\w-]+\.js$/);
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  // The worker answered: the main thread did not load the data itself (its fallback), and the worker was stopped.
  expect(await formattersMade(page)).toBeGreaterThan(0);
  expect(await dataLoadedHere(page)).toBe(0);
  await expect.poll(() => page.workers().length).toBe(0);
  expect(started).toHaveLength(1);
  expect(problems).toEqual([]);
});

/** What a page built of zod schemas: all, those between two turns of a chain of tasks, and descriptions. */
type SchemasBuilt = { total: number; perTurn: number[]; described: number; stop: boolean };

/**
 * Counts the zod schemas the page builds (each defines its `_zod` property once; a `z.meta` description is a
 * check of its own), and how many between two turns of a chain of tasks that runs from the start until
 * {@link seatedCartSchemas} stops it: what one task built, or the few tasks the browser ran between two turns.
 */
async function countSchemas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const built = { total: 0, perTurn: [] as number[], described: 0, stop: false };
    Object.assign(window, { schemasBuilt: built });
    const define = Object.defineProperty;
    Object.defineProperty = ((target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
      if (key === "_zod") {
        built.total++;
        if ((descriptor.value as { def?: { check?: string } })?.def?.check === "meta") built.described++;
      }
      return define(target, key, descriptor);
    }) as typeof Object.defineProperty;
    let counted = 0;
    const turns = new MessageChannel();
    turns.port1.onmessage = () => {
      if (built.total > counted) built.perTurn.push(built.total - counted);
      counted = built.total;
      if (!built.stop) turns.port2.postMessage(null);
    };
    turns.port2.postMessage(null);
  });
}

/**
 * Opens a seated event's cart (the page that builds the most schemas), scrolls to its seat map (whose code loads
 * when it is reached), waits until both are hydrated and the page is idle, and answers what it built.
 */
async function seatedCartSchemas(page: Page, baseURL: string): Promise<SchemasBuilt> {
  await countSchemas(page);
  await page.goto(await seatedCartPath(baseURL, "en"), { waitUntil: "networkidle" });
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  const seatMap = page.locator("[data-seating-island]");
  await seatMap.scrollIntoViewIfNeeded();
  await expect(seatMap).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => {
    const built = (window as unknown as { schemasBuilt: SchemasBuilt }).schemasBuilt;
    built.stop = true;
    return built;
  });
}

test("a seated event's cart builds the contract's schemas in several tasks, none of them building half", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const built = await seatedCartSchemas(page, baseURL);
  const total = built.perTurn.reduce((sum, count) => sum + count, 0);
  expect(total).toBeGreaterThan(0);
  expect(built.perTurn.length).toBeGreaterThan(1);
  expect(Math.max(...built.perTurn)).toBeLessThan(total / 2);
});

test("the browser builds no z.meta description of a schema (they document the service)", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const built = await seatedCartSchemas(page, baseURL);
  expect(built.total).toBeGreaterThan(0);
  expect(built.described).toBe(0);
});

/** What the cart's hydration did to the island's server-rendered elements (see {@link cartHydration}). */
interface CartHydration {
  /** Server-rendered elements of the island. */
  served: number;
  /** Of those, how many the browser replaced instead of hydrating. */
  replaced: number;
  /** In which turn of a task chain the code entry's toggle got its first event listener. */
  codeToggleTurn: number | undefined;
  /** In which turns the ticket types' buttons got theirs. */
  ticketTurns: number[];
  /** How many of the ticket types' elements got their first listener after the island said it was hydrated. */
  ticketsAfterHydrated: number;
}

/**
 * Opens a cart and follows its hydration: in which turn of a chain of tasks each of the island's
 * server-rendered elements gets its first event listener (what hydrating an element with handlers does), and
 * which are no longer in the page once the island is hydrated.
 */
async function cartHydration(page: Page, path: string): Promise<CartHydration> {
  await page.addInitScript(() => {
    const served: Element[] = [];
    const turnOf = new Map<Element, number>();
    const chain = { turn: 0, stop: false, ticketsAfterHydrated: 0 };
    Object.assign(window, { cartServed: served, cartTurnOf: turnOf, cartChain: chain });
    document.addEventListener("DOMContentLoaded", () => {
      served.push(...document.querySelectorAll("#cart-island *"));
    });
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
      if (this instanceof Element && !turnOf.has(this) && served.includes(this)) {
        turnOf.set(this, chain.turn);
        const hydrated = document.querySelector("#cart-island")?.getAttribute("data-hydrated") === "true";
        if (hydrated && this.closest('section[aria-labelledby="cart-tickets"]')) chain.ticketsAfterHydrated++;
      }
      return add.apply(this, args);
    } as typeof add;
    const turns = new MessageChannel();
    turns.port1.onmessage = () => {
      chain.turn++;
      if (!chain.stop) turns.port2.postMessage(null);
    };
    turns.port2.postMessage(null);
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  return page.evaluate(() => {
    const { cartServed, cartTurnOf, cartChain } = window as unknown as {
      cartServed: Element[];
      cartTurnOf: Map<Element, number>;
      cartChain: { stop: boolean; ticketsAfterHydrated: number };
    };
    cartChain.stop = true;
    const ticketButtons = [...document.querySelectorAll('section[aria-labelledby="cart-tickets"] button')];
    return {
      served: cartServed.length,
      replaced: cartServed.filter((element) => !element.isConnected).length,
      codeToggleTurn: cartTurnOf.get(document.querySelector("[data-code-toggle]") as Element),
      ticketTurns: ticketButtons.flatMap((button) => cartTurnOf.get(button) ?? []),
      ticketsAfterHydrated: cartChain.ticketsAfterHydrated,
    };
  });
}

test("a cart hydrates its parts in tasks of their own, each on the HTML the server rendered", async ({
  page,
}) => {
  // The Prague concert: a code entry, ticket types to count and seats; no spec changes what it offers.
  readsEvent("tourPraha");
  const slugs = { organizerSlug: ORG_SLUG.vltava, eventSlug: EVENT_SLUG.tourPraha };
  const hydration = await cartHydration(page, cartPath("en", slugs));
  expect(hydration.served).toBeGreaterThan(0);
  expect(hydration.replaced).toBe(0);
  // The island's own elements (the code entry) first; its ticket types, a part of their own, in a later task.
  expect(hydration.codeToggleTurn).toBeDefined();
  expect(hydration.ticketTurns.length).toBeGreaterThan(0);
  expect(Math.min(...hydration.ticketTurns)).toBeGreaterThan(hydration.codeToggleTurn ?? Infinity);
  // The island says it is hydrated (and takes clicks) only once its parts are.
  expect(hydration.ticketsAfterHydrated).toBe(0);
});

/** Carts of events no spec changes: one with a seat map, one without seating (its cart gets no slot). */
const KEPT_CARTS = [
  { event: "littlePrince", organizerSlug: ORG_SLUG.divadlo },
  { event: "jazzNight", organizerSlug: ORG_SLUG.vltava },
] as const;

for (const { event, organizerSlug } of KEPT_CARTS) {
  test(`the cart of ${event} keeps every element the server rendered when it hydrates`, async ({ page }) => {
    readsEvent(event);
    const hydration = await cartHydration(
      page,
      cartPath("en", { organizerSlug, eventSlug: EVENT_SLUG[event] }),
    );
    expect(hydration.served).toBeGreaterThan(0);
    expect(hydration.replaced).toBe(0);
  });
}
