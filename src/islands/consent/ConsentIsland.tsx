/**
 * The consent island (client:consent, on every page through BaseLayout): hands the consent in force to the
 * tracking providers on mount, shows the banner while no choice is stored (CONSENT_BANNER_DELAY_MS after
 * mount), and opens the cookie settings when the banner's link or a `[data-consent-settings]` control asks.
 * The settings dialog's code loads only when it first opens.
 */
import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { consentStore } from "../../stores/consent.ts";
import { useHydrated } from "../hydration.ts";
import { ConsentBanner, useBannerDelay } from "./ConsentBanner.tsx";
import { loadSettingsMessages } from "./settings-messages.ts";
import { SETTINGS_TRIGGER_SELECTOR, takeSettingsRequest } from "./settings-request.ts";

/** The settings dialog of a language: its code and its texts load together when it first opens. */
function lazySettings(locale: Locale) {
  return lazy(async () => {
    const [{ default: ConsentSettings }, messages] = await Promise.all([
      import("./ConsentSettings.tsx"),
      loadSettingsMessages(locale),
    ]);
    return {
      default: ({ siteName }: { siteName: string }) => (
        <ConsentSettings locale={locale} siteName={siteName} messages={messages} />
      ),
    };
  });
}

interface Props {
  locale: Locale;
  /** The site's name: the provider of the shop's own cookies in the settings. */
  siteName: string;
  /** The banner's texts in the page's language (`common::consent.banner`, under `banner`). */
  messages: Dictionary;
}

/** The consent island. */
export default function ConsentIsland({ locale, siteName, messages }: Props) {
  const consent = useStore(consentStore.$consent);
  const settingsOpen = useStore(consentStore.$settingsOpen);
  const delayOver = useBannerDelay();
  const hydrated = useHydrated();
  /** The dialog stays mounted once opened, so closing it returns focus to its opener. */
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const Settings = useMemo(() => lazySettings(locale), [locale]);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);

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

  return (
    <div data-consent-island data-hydrated={String(hydrated)}>
      {consent === null && delayOver && <ConsentBanner messages={messages} />}
      {settingsLoaded && (
        <Suspense fallback={null}>
          <Settings siteName={siteName} />
        </Suspense>
      )}
    </div>
  );
}
