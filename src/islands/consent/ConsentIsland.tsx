/**
 * The consent island (client:consent, on every page through BaseLayout): hands the consent in force to the
 * tracking providers on mount, and opens the cookie settings when a `[data-consent-settings]` control asks.
 */
import { useEffect } from "react";
import { consentStore } from "../../stores/consent.ts";
import { SETTINGS_TRIGGER_SELECTOR, takeSettingsRequest } from "./settings-request.ts";

/** The consent island. */
export default function ConsentIsland() {
  useEffect(() => {
    consentStore.start();
    if (takeSettingsRequest()) consentStore.openSettings();
    const onClick = (event: MouseEvent): void => {
      if (!(event.target instanceof Element) || !event.target.closest(SETTINGS_TRIGGER_SELECTOR)) return;
      event.preventDefault();
      consentStore.openSettings();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}
