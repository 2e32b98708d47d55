/**
 * The consent banner (spec §2): a non-modal dialog fixed at the bottom with a title, a text, a link-styled
 * button that opens the cookie settings, and "Accept all" and "Decline all" of equal weight — refusing
 * takes one click, as accepting does.
 */
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { consentText } from "../../lib/consent/texts.ts";
import { CONSENT_BANNER_DELAY_MS } from "../../lib/constants.ts";
import type { Dictionary } from "../../lib/i18n/config.ts";
import { consentStore } from "../../stores/consent.ts";

/** True once CONSENT_BANNER_DELAY_MS have passed since the island mounted (a plain timer: test clocks control it). */
export function useBannerDelay(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOver(true), CONSENT_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return over;
}

/**
 * Keeps the page scrollable past the banner while it shows: the body gets a bottom padding of the banner's
 * height, so nothing at the end of the page (the footer, a pay button) stays hidden behind it.
 */
function useRoomBelow(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const observer = new ResizeObserver(() => {
      body.style.paddingBottom = `${banner.offsetHeight}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, [ref]);
}

/** The two choices share one look: neither is the more prominent. */
const CHOICE =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";

/** The banner; shown by the island while no choice is stored. */
export function ConsentBanner({ messages }: { messages: Dictionary }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useRoomBelow(ref);
  const text = (key: string) => consentText(messages, `banner.${key}`);
  return (
    <section
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_24px_rgb(15_23_42/0.12)]"
    >
      <div className="container-page flex flex-col gap-3 py-4 md:flex-row md:items-center md:gap-8">
        <div className="flex-1">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {text("title")}
          </h2>
          <p className="mt-1 text-sm leading-snug text-slate-700">
            <span id={`${id}-text`}>{text("text")}</span>{" "}
            <button
              type="button"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              onClick={() => consentStore.openSettings()}
            >
              {text("settings")}
            </button>
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-3 md:w-96">
          <button type="button" className={CHOICE} onClick={() => consentStore.acceptAll()}>
            {text("acceptAll")}
          </button>
          <button type="button" className={CHOICE} onClick={() => consentStore.declineAll()}>
            {text("declineAll")}
          </button>
        </div>
      </div>
    </section>
  );
}
