/**
 * How islands start without one long task on a slow phone. Before an island hydrates, the browser gets the
 * main thread back once, so evaluating the islands' modules and the hydrating render are separate tasks; and
 * before the first island of a page that formats numbers or dates on start hydrates (intl-start.ts), the ICU
 * data of the page's language for numbers and dates is loaded in a task of its own. The first `Intl` formatter
 * of a page costs 10–50 ms of a desktop's CPU (four times that on a phone); once loaded, an island's
 * formatters (money, dates) cost next to nothing, so its render is not held by them. Tasks are queued by
 * task-queue.ts. A page inlines only the CSS of what it shows when it is served (src/layouts/critical-css.ts):
 * before its first island hydrates, the site's whole stylesheet (linked `media="print"`, fetched while the page
 * loaded, or `disabled`, fetched now) is switched on, so what an island renders later is styled. Used by the
 * renderer's browser entry (preact-client.ts).
 */
import { SITE_CSS_ATTRIBUTE } from "../lib/constants.ts";
import { queueTask } from "./task-queue.ts";

/** Resolves in a new task, after the browser has had the main thread. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => queueTask(resolve));
}

/** Loads the language's ICU number and date data by making one formatter of each. */
export function loadIntlData(lang: string): void {
  try {
    new Intl.NumberFormat(lang).format(1);
    new Intl.DateTimeFormat(lang).format(0);
  } catch {
    // An unknown language tag: the islands' own formatters fall back as they would anyway.
  }
}

/** Switches the site's whole stylesheet on and resolves once it is loaded (or failed to load). */
export function applySiteStylesheet(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>(`link[${SITE_CSS_ATTRIBUTE}]`);
  if (!link) return Promise.resolve();
  const loaded = link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener("load", () => resolve(), { once: true });
        link.addEventListener("error", () => resolve(), { once: true });
      });
  link.media = "all";
  // A disabled link is fetched only now.
  link.disabled = false;
  return loaded;
}

let intlLoaded: Promise<void> | undefined;
let stylesheet: Promise<void> | undefined;

/**
 * Waits until an island may hydrate: the site's whole stylesheet applied, for an island that formats numbers or
 * dates on start (intl-start.ts) the page's Intl data loaded in a task of its own, then a new task.
 */
export async function beforeHydration(doc: Document = document, formats = false): Promise<void> {
  stylesheet ??= applySiteStylesheet(doc);
  if (formats) intlLoaded ??= nextTask().then(() => loadIntlData(doc.documentElement.lang));
  await Promise.all([stylesheet, intlLoaded]);
  await nextTask();
}
