/**
 * The `client:consent` directive (registered in astro.config.mjs) of the consent island. The consent code
 * loads at once when the visitor's stored choice grants a tracking provider the site configures (the
 * providers must run), and at the first idle moment after the page has loaded and painted its main image
 * when the visitor has not chosen yet (the banner). Otherwise — a returning visitor with nothing to track —
 * the page loads no consent code at all until the visitor asks for the cookie settings (a
 * `[data-consent-settings]` control, e.g. the footer's): then it loads, and the island opens them.
 */
import type { ClientDirective } from "astro";
import { consentFromCookies } from "../../lib/consent/model.ts";
import { grantedProviders, SITE_TRACKING_ID, trackingIdsFromJson } from "../../lib/consent/providers.ts";
import { SETTINGS_REQUESTED_ATTRIBUTE, SETTINGS_TRIGGER_SELECTOR } from "./settings-request.ts";

/** Longest wait for an idle moment before a first visit's banner code loads anyway. */
export const IDLE_TIMEOUT_MS = 1500;

/**
 * Longest wait after the load event for the page's main image to be painted before a first visit's banner code
 * loads anyway (the image is not the page's largest paint, or it is out of view).
 */
export const MAIN_IMAGE_WAIT_MS = 1000;

/**
 * Resolves once the page's main image (the one it fetches at high priority) has been painted as the page's
 * largest contentful paint, or after `MAIN_IMAGE_WAIT_MS`; where the browser does not report that paint, once
 * the image is decoded and a frame has been drawn since. At once on a page without such an image.
 */
function mainImagePainted(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image) return Promise.resolve();
  return new Promise((painted) => {
    let observer: PerformanceObserver | undefined;
    const done = (): void => {
      observer?.disconnect();
      clearTimeout(timer);
      painted();
    };
    const timer = setTimeout(done, MAIN_IMAGE_WAIT_MS);
    if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes("largest-contentful-paint")) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === image)) done();
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
    } else {
      const drawn = () => requestAnimationFrame(() => setTimeout(done, 0));
      image.decode().then(drawn, drawn);
    }
  });
}

const consentDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const choice = consentFromCookies(document.cookie);
  const ids = trackingIdsFromJson(document.getElementById(SITE_TRACKING_ID)?.textContent);
  if (choice !== null && grantedProviders(choice, ids).length > 0) {
    void hydrate();
    return;
  }
  if (choice === null) {
    // The banner shows seconds after mounting: its code waits until the page has loaded and its main image
    // has been painted (the load event often comes a frame or more before that paint), so the consent code
    // never competes with the largest contentful paint; then for an idle moment.
    const whenIdle = (): void => {
      if ("requestIdleCallback" in window)
        requestIdleCallback(() => void hydrate(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(() => void hydrate(), 0);
    };
    const afterLoad = (): void => void mainImagePainted().then(whenIdle);
    if (document.readyState === "complete") afterLoad();
    else addEventListener("load", afterLoad, { once: true });
    return;
  }
  const onClick = (event: MouseEvent): void => {
    if (!(event.target instanceof Element) || !event.target.closest(SETTINGS_TRIGGER_SELECTOR)) return;
    event.preventDefault();
    document.removeEventListener("click", onClick);
    document.documentElement.setAttribute(SETTINGS_REQUESTED_ATTRIBUTE, "");
    void hydrate();
  };
  document.addEventListener("click", onClick);
};

export default consentDirective;
