/**
 * Records every largest-contentful-paint entry of each page a context or page loads, from its start, as
 * `window.lcpElements` (the painted elements, latest last), for tests that ask what a page paints largest.
 */
import type { BrowserContext, Page } from "@playwright/test";

declare global {
  interface Window {
    /** The elements the page painted largest so far, latest last (set by the recorder). */
    lcpElements: Element[];
  }
}

/** Adds the recorder to every page `target` loads from now on. */
export async function recordLargestPaints(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const entries: Element[] = [];
    window.lcpElements = entries;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        if (entry.element) entries.push(entry.element);
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}
