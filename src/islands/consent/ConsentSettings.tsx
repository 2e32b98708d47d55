/**
 * The cookie settings dialog (spec §2), loaded only when it first opens: a modal Radix dialog (focus
 * trapped, Escape closes, focus returns to the opener) with a title, an intro, one accordion section per
 * consent category (a switch, a text and the category's cookies) and a footer with accept all, decline all
 * and close (close from CONSENT_MODAL_BREAKPOINT_PX up, Tailwind's `md`; below it the dialog is a bottom
 * sheet). On this machine a debug button forgets the stored choice.
 */
import { useStore } from "@nanostores/react";
import { Accordion, Dialog } from "radix-ui";
import { useMemo, useRef } from "react";
import { CONSENT_CATEGORIES } from "../../lib/consent/model.ts";
import { createConsentT } from "../../lib/consent/settings-texts.ts";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { consentDebugAllowed, consentStore } from "../../stores/consent.ts";
import { CategorySection } from "./CategorySection.tsx";

interface Props {
  locale: Locale;
  siteName: string;
  messages: Dictionary;
}

const BUTTON = "min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";
/** Accept all and decline all share one look, as on the banner. */
const CHOICE = `${BUTTON} inline-flex bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/** The cookie settings dialog, open while the consent store says so. */
export default function ConsentSettings({ locale, siteName, messages }: Props) {
  const open = useStore(consentStore.$settingsOpen);
  const consent = useStore(consentStore.$consent);
  const t = useMemo(() => createConsentT(locale, messages), [locale, messages]);
  /** The control that had focus when the dialog opened (the dialog has no Radix trigger to return to). */
  const opener = useRef<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    action();
    consentStore.closeSettings();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (next ? consentStore.openSettings() : consentStore.closeSettings())}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl bg-white shadow-[0_-8px_24px_rgb(15_23_42/0.18)] md:inset-x-auto md:bottom-auto md:left-1/2 md:top-1/2 md:max-h-[85dvh] md:w-[calc(100vw-4rem)] md:max-w-3xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-xl md:shadow-[0_24px_64px_rgb(15_23_42/0.35)]"
        >
          <div className="overflow-y-auto px-4 pt-5 pb-3 md:px-6 md:pt-6">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t("settings.title")}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              {t("settings.intro")}
            </Dialog.Description>
            <Accordion.Root
              type="multiple"
              className="mt-4 divide-y divide-slate-200 border-y border-slate-200"
            >
              {CONSENT_CATEGORIES.map((category) => (
                <CategorySection
                  key={category}
                  category={category}
                  on={category === "necessary" || (consent?.[category] ?? false)}
                  t={t}
                  siteName={siteName}
                />
              ))}
            </Accordion.Root>
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-200 px-4 py-3 md:flex-row md:items-center md:px-6">
            <div className="grid grid-cols-2 gap-2 md:flex">
              <button type="button" className={CHOICE} onClick={choose(consentStore.acceptAll)}>
                {t("banner.acceptAll")}
              </button>
              <button type="button" className={CHOICE} onClick={choose(consentStore.declineAll)}>
                {t("banner.declineAll")}
              </button>
            </div>
            <div className="flex gap-2 md:ml-auto">
              {consentDebugAllowed() && (
                <button
                  type="button"
                  className={`${SECONDARY} flex flex-1`}
                  onClick={choose(consentStore.reset)}
                >
                  {t("settings.reset")}
                </button>
              )}
              <Dialog.Close className={`${SECONDARY} hidden md:inline-flex`}>
                {t("settings.close")}
              </Dialog.Close>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
