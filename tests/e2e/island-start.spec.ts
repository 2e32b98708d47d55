/**
 * How islands start in Chromium: a page whose islands format nothing when they start (a first visit's event page,
 * where only the consent island runs) makes no Intl number or date formatter, so it never loads the language's
 * ICU data (tens of milliseconds of a phone's main thread); the cart, whose first render shows prices, does, in
 * a worker off the main thread, which the page's content security policy allows and which stops once it is done.
 * The contract's schemas the cart calls with are built module by module, in tasks of their own.
 */
import { expect, type Page, test } from "@playwright/test";
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
 * Opens a seated event's cart (the page that builds the most schemas), waits until it is hydrated and idle, and
 * answers what it built.
 */
async function seatedCartSchemas(page: Page, baseURL: string): Promise<SchemasBuilt> {
  await countSchemas(page);
  await page.goto(await seatedCartPath(baseURL, "en"), { waitUntil: "networkidle" });
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
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
