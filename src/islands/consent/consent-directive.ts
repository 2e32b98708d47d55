/**
 * The `client:consent` directive (registered in astro.config.mjs) of the consent island. The consent code
 * loads at once when the visitor's stored choice grants a tracking provider the site configures (the
 * providers must run), and at the first idle moment after the page has loaded when the visitor has not chosen yet (the banner). Otherwise — a returning visitor with
 * nothing to track — the page loads no consent code at all until the visitor asks for the cookie settings
 * (a `[data-consent-settings]` control, e.g. the footer's): then it loads, and the island opens them.
 */
import type { ClientDirective } from "astro";
import { consentFromCookies } from "../../lib/consent/model.ts";
import { grantedProviders, SITE_TRACKING_ID, trackingIdsFromJson } from "../../lib/consent/providers.ts";
import { SETTINGS_REQUESTED_ATTRIBUTE, SETTINGS_TRIGGER_SELECTOR } from "./settings-request.ts";

/** Longest wait for an idle moment before a first visit's banner code loads anyway. */
export const IDLE_TIMEOUT_MS = 1500;

const consentDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const choice = consentFromCookies(document.cookie);
  const ids = trackingIdsFromJson(document.getElementById(SITE_TRACKING_ID)?.textContent);
  if (choice !== null && grantedProviders(choice, ids).length > 0) {
    void hydrate();
    return;
  }
  if (choice === null) {
    // The banner shows seconds after mounting: its code waits until the page has loaded (its main image
    // painted, so the consent code never competes with the largest contentful paint), then for an idle moment.
    const whenIdle = (): void => {
      if ("requestIdleCallback" in window)
        requestIdleCallback(() => void hydrate(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(() => void hydrate(), 0);
    };
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
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
