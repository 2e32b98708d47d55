/**
 * How islands start without one long task on a slow phone. Before an island hydrates, the browser gets the
 * main thread back once, so evaluating the islands' modules and the hydrating render are separate tasks; and
 * before the first island of a page that formats numbers or dates on start hydrates (island-start.ts), the ICU
 * data of the page's language for numbers and dates is loaded (intl-data.ts): by a worker, off the main thread,
 * since a page's threads share ICU's data, or where no worker starts in a task of its own. The first `Intl`
 * formatter of a page costs 20–80 ms of a desktop's CPU (four times that on a phone); once loaded, an island's
 * formatters (money, dates) cost next to nothing, so its render is not held by them. Tasks are queued by
 * task-queue.ts. A page inlines only the CSS of what it shows when it is served (src/layouts/critical-css.ts):
 * before its first island hydrates, the site's whole stylesheet (linked `media="print"`, fetched while the page
 * loaded, or `disabled`, fetched now) is switched on, so what an island renders later is styled; an island the
 * page's critical CSS styles (`styledByPage`, island-start.ts: the consent banner) hydrates without it and
 * switches it on itself before it shows more. Used by the renderer's browser entry (preact-client.ts).
 */
import { SITE_CSS_ATTRIBUTE } from "../lib/constants.ts";
import { loadIntlData } from "./intl-data.ts";
import { nextTask } from "./task-queue.ts";

/** A worker that loads ICU data: it is sent a language and answers once done. */
export type IntlWorker = Pick<Worker, "onmessage" | "onerror" | "postMessage" | "terminate">;

/** Starts intl-warm.worker.ts (its own file of the build, on the page's origin as a worker must be). */
function startIntlWorker(): IntlWorker {
  return new Worker(new URL("./intl-warm.worker.ts", import.meta.url));
}

/** How long a page waits for the worker's answer before it loads the data on the main thread. */
const INTL_WORKER_WAIT_MS = 3_000;

/**
 * Loads the language's ICU data for numbers and dates off the main thread, by a worker. Where none starts (no
 * workers, a policy that forbids it), or it fails or stays silent for `waitMs`, the data is loaded on the main
 * thread in a task of its own instead. Resolves once the data is loaded.
 */
export function warmIntl(
  lang: string,
  start: () => IntlWorker = startIntlWorker,
  waitMs = INTL_WORKER_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let worker: IntlWorker | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (loaded: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker?.terminate();
      if (loaded) {
        resolve();
        return;
      }
      void nextTask().then(() => {
        loadIntlData(lang);
        resolve();
      });
    };
    try {
      worker = start();
      worker.onmessage = () => settle(true);
      worker.onerror = () => settle(false);
      worker.postMessage(lang);
      timer = setTimeout(() => settle(false), waitMs);
    } catch {
      settle(false);
    }
  });
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

/** What an island needs before it hydrates (island-start.ts). */
export interface IslandStart {
  /** Its first render formats numbers or dates: the page's Intl data first. */
  formats?: boolean;
  /** The page's critical CSS styles it: the site's whole stylesheet is not switched on for it. */
  styled?: boolean;
}

/**
 * Waits until an island may hydrate: the site's whole stylesheet applied (unless the page styles the island),
 * for an island that formats numbers or dates on start the page's Intl data loaded (`warmIntl`), then a new task.
 */
export async function beforeHydration(
  doc: Document = document,
  { formats = false, styled = false }: IslandStart = {},
): Promise<void> {
  if (!styled) stylesheet ??= applySiteStylesheet(doc);
  if (formats) intlLoaded ??= warmIntl(doc.documentElement.lang);
  await Promise.all([styled ? undefined : stylesheet, intlLoaded]);
  await nextTask();
}
