/**
 * How a page asks for the cookie settings before the consent island has loaded: a control matching
 * `SETTINGS_TRIGGER_SELECTOR` (the footer's "Cookie settings"); the directive marks `<html>` with
 * `SETTINGS_REQUESTED_ATTRIBUTE` and the island, once mounted, opens the settings and removes the mark.
 */

/** Controls that open the cookie settings. */
export const SETTINGS_TRIGGER_SELECTOR = "[data-consent-settings]";

/** Set on `<html>` when the settings were asked for before the island loaded. */
export const SETTINGS_REQUESTED_ATTRIBUTE = "data-consent-settings-requested";

/** True (and the mark removed) when the page asked for the settings before the island loaded. */
export function takeSettingsRequest(): boolean {
  const html = document.documentElement;
  if (!html.hasAttribute(SETTINGS_REQUESTED_ATTRIBUTE)) return false;
  html.removeAttribute(SETTINGS_REQUESTED_ATTRIBUTE);
  return true;
}
