/**
 * The consent island (client:consent, on every page through BaseLayout): hands the consent in force to the
 * tracking providers on mount, shows the banner while no choice is stored (CONSENT_BANNER_DELAY_MS after
 * mount), and opens the cookie settings when the banner's link or a `[data-consent-settings]` control asks.
 * The settings dialog's code and texts load only when it first opens; if they cannot, an alert says so (until it
 * is closed or the next request, which tries again).
 */
import { useStore } from "@nanostores/react";
import { type ComponentType, useEffect, useState } from "react";
import { consentText } from "../../lib/consent/texts.ts";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { consentStore } from "../../stores/consent.ts";
import { pageLogger } from "../../stores/page.ts";
import { CloseIcon } from "../close-icon.tsx";
import { useHydrated } from "../hydration.ts";
import { applySiteStylesheet } from "../hydration-tasks.ts";
import { styledByPage } from "../island-start.ts";
import { ConsentBanner, useBannerDelay } from "./ConsentBanner.tsx";
import { loadSettingsMessages } from "./settings-messages.ts";
import { SETTINGS_TRIGGER_SELECTOR, takeSettingsRequest } from "./settings-request.ts";

/**
 * The settings dialog of a language, bound to its texts: its code and its texts load together, and the site's
 * whole stylesheet is switched on (the page's critical CSS styles only the banner; see `ConsentStyles`).
 */
async function loadSettings(locale: Locale): Promise<ComponentType<{ siteName: string }>> {
  const [{ default: ConsentSettings }, messages] = await Promise.all([
    import("./ConsentSettings.tsx"),
    loadSettingsMessages(locale),
    applySiteStylesheet(),
  ]);
  return ({ siteName }) => <ConsentSettings locale={locale} siteName={siteName} messages={messages} />;
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
  // The dialog loads when first asked for and then stays mounted, so closing it returns focus to its opener.
  // If it cannot load (offline, say), the visitor is told and the next request tries again.
  const [Settings, setSettings] = useState<ComponentType<{ siteName: string }> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!settingsOpen || Settings) return;
    let current = true;
    setFailed(false);
    loadSettings(locale).then(
      (loaded) => current && setSettings(() => loaded),
      (error: unknown) => {
        if (!current) return;
        pageLogger("consent").error("cookie settings not loaded", error);
        setFailed(true);
        consentStore.closeSettings();
      },
    );
    return () => {
      current = false;
    };
  }, [settingsOpen, Settings, locale]);

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
      {Settings && <Settings siteName={siteName} />}
      {failed && <SettingsFailed messages={messages} onDismiss={() => setFailed(false)} />}
    </div>
  );
}
styledByPage(ConsentIsland);

/** The alert that the cookie settings could not load. */
function SettingsFailed({ messages, onDismiss }: { messages: Dictionary; onDismiss?: () => void }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 top-4 z-50 mx-auto flex max-w-md items-start justify-between gap-3 rounded-xl bg-rose-50 p-4 text-rose-800 shadow-lg ring-1 ring-rose-200"
    >
      <p>{consentText(messages, "banner.settingsFailed")}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/60"
        aria-label={consentText(messages, "banner.settingsFailedDismiss")}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * What the island shows without the site's whole stylesheet (the banner, the alert that the settings could not
 * load), rendered by the page into a `<template>`: never shown, but its classes make the page's critical CSS keep
 * their rules (src/layouts/critical-css.ts), so the island hydrates without the whole stylesheet
 * (`styledByPage`) and a first visit's page never restyles itself for the banner.
 */
export function ConsentStyles({ messages }: { messages: Dictionary }) {
  return (
    <template data-consent-styles>
      <ConsentBanner messages={messages} />
      <SettingsFailed messages={messages} />
    </template>
  );
}
