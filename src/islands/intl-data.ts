/**
 * Loading a language's ICU data for numbers and dates: the first `Intl` formatter a page makes costs 20–80 ms
 * of a desktop's CPU (four times that on a phone), the next ones a few milliseconds at most. Used on the main
 * thread (hydration-tasks.ts) and by the worker that loads it off the main thread (intl-warm.worker.ts).
 */

/** Loads the language's ICU number and date data by making one formatter of each. */
export function loadIntlData(lang: string): void {
  try {
    new Intl.NumberFormat(lang).format(1);
    new Intl.DateTimeFormat(lang).format(0);
  } catch {
    // An unknown language tag: the islands' own formatters fall back as they would anyway.
  }
}
