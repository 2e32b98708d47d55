/**
 * When the buyer reaches a part of the page: work that only a part below the first screen needs (loading the
 * checkout, loading and drawing a seat map) waits until the buyer scrolls toward it, so a phone's first
 * seconds go to what it shows first.
 */

/**
 * The attribute of a `client:reached` island's start tag that names, space-separated, the modules it needs that
 * the page's load islands did not (written by src/layouts/module-preloads.ts): its directive preloads them all at
 * once when the island is reached.
 */
export const MODULES_ATTRIBUTE = "data-modules";

/** How {@link watchReached} judges that a part is reached. */
export interface ReachOptions {
  /**
   * How far beyond the screen a part already counts as reached once the page has been scrolled: an
   * IntersectionObserver `rootMargin` ("0px": only on the screen).
   */
  ahead?: string;
  /** Whether a part on the first screen (before any scroll) counts as reached. */
  firstScreen?: boolean;
}

/**
 * Calls `onReached` once, when `element` is reached: on the first screen (with `firstScreen`), within `ahead`
 * of the screen once the page has been scrolled, or by a pointer or focus inside it (a keyboard or screen
 * reader user who moves into it). A browser without IntersectionObserver reaches it at once. Returns what
 * stops watching.
 */
export function watchReached(
  element: Element,
  onReached: () => void,
  { ahead = "0px", firstScreen = false }: ReachOptions = {},
): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onReached();
    return () => {};
  }
  const observers: IntersectionObserver[] = [];
  let done = false;
  const stop = () => {
    done = true;
    window.removeEventListener("scroll", afterScroll);
    element.removeEventListener("pointerdown", reach);
    element.removeEventListener("focusin", reach);
    for (const observer of observers) observer.disconnect();
  };
  function reach() {
    if (done) return;
    stop();
    onReached();
  }
  const observe = (rootMargin: string) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach();
      },
      { rootMargin },
    );
    observers.push(observer);
    observer.observe(element);
  };
  function afterScroll() {
    if (!done) observe(ahead);
  }
  window.addEventListener("scroll", afterScroll, { once: true, passive: true });
  element.addEventListener("pointerdown", reach);
  element.addEventListener("focusin", reach);
  if (firstScreen) observe("0px");
  return stop;
}
