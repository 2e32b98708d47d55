/**
 * How islands start without one long task on a slow phone. Before an island hydrates, the browser gets the
 * main thread back once, so evaluating the islands' modules and the hydrating render are separate tasks; and
 * before the first island of a page hydrates, the ICU data of the page's language for numbers and dates is
 * loaded in a task of its own. The first `Intl` formatter of a page costs 10–50 ms of a desktop's CPU (four
 * times that on a phone); once loaded, an island's formatters (money, dates) cost next to nothing, so its
 * render is not held by them. Tasks are queued by task-queue.ts. Used by the renderer's browser entry
 * (preact-client.ts).
 */
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

let intlLoaded: Promise<void> | undefined;

/** Waits until an island may hydrate: the page's Intl data loaded in a task of its own, then a new task. */
export async function beforeHydration(lang: string = document.documentElement.lang): Promise<void> {
  intlLoaded ??= nextTask().then(() => loadIntlData(lang));
  await intlLoaded;
  await nextTask();
}
