/**
 * The visitor's cookie consent in the browser (spec §3, §4, §9; DESIGN §4): one store backed by the
 * `cc_cookie_v4` cookie. It starts from the stored choice (null: none yet, only necessary allowed); accept
 * all, decline all and one switch each store the new choice for 365 days, and every change hands the full
 * consent to the tracking providers at once (`applyConsent` of consent-providers.ts, loaded only when a
 * configured provider is granted or one already runs). The settings dialog's open state lives here too, so
 * the banner, the footer link and the dialog share it.
 */
import { atom, type ReadableAtom } from "nanostores";
import { isLocalHost } from "../lib/config.ts";
import {
  acceptAll,
  type Consent,
  type ConsentChoice,
  clearedConsentCookie,
  consentCookie,
  consentFromCookies,
  declineAll,
  effectiveConsent,
  type SwitchableCategory,
  sameConsent,
  setCategory,
} from "../lib/consent/model.ts";
import { grantedProviders, type TrackingIdMap } from "../lib/consent/providers.ts";
import { pageLogger, pageTrackingIds } from "./page.ts";

/** What a consent store needs from its surroundings (the browser's, or a test's). */
export interface ConsentDeps {
  /** The page's cookies (`document.cookie`). */
  readCookies(): string;
  /** Sets or clears one cookie (a `document.cookie` assignment). */
  writeCookie(assignment: string): void;
  now(): Date;
  /** True when the page is served over https (the cookie is then Secure). */
  secure(): boolean;
  /** The tracking ids the site configures. */
  trackingIds: TrackingIdMap;
  /** Updates every provider to a consent (loads granted ones, revokes the others). */
  applyConsent(consent: Consent, ids: TrackingIdMap): void | Promise<void>;
  /** Where a failure to apply consent is reported. */
  onError(error: unknown): void;
}

/** A consent store and its actions. */
export interface ConsentStore {
  /** The stored choice; null while the visitor has not chosen. */
  $consent: ReadableAtom<ConsentChoice>;
  /** Whether the cookie settings dialog is open. */
  $settingsOpen: ReadableAtom<boolean>;
  acceptAll(): void;
  declineAll(): void;
  /** One switch of the settings (statistics or marketing). */
  setSwitch(category: SwitchableCategory, on: boolean): void;
  openSettings(): void;
  closeSettings(): void;
  /** Forgets the stored choice (the debug button, local only): the banner asks again. */
  reset(): void;
  /** Hands the consent in force to the providers (on mount: a returning visitor's stored choice). */
  start(): void;
}

/** Creates a consent store (the page has one, below; tests make their own). */
export function createConsentStore(deps: ConsentDeps): ConsentStore {
  const $consent = atom<ConsentChoice>(consentFromCookies(deps.readCookies()));
  const $settingsOpen = atom(false);
  /** True once providers have been told anything: from then on every change reaches them. */
  let providersTold = false;

  const tellProviders = (consent: Consent): void => {
    if (!providersTold && grantedProviders(consent, deps.trackingIds).length === 0) return;
    providersTold = true;
    try {
      const result = deps.applyConsent(consent, deps.trackingIds);
      if (result) result.catch(deps.onError);
    } catch (error) {
      deps.onError(error);
    }
  };

  const choose = (next: Consent): void => {
    deps.writeCookie(consentCookie(next, { now: deps.now(), secure: deps.secure() }));
    const changed = !sameConsent($consent.get(), next);
    $consent.set(next);
    if (changed || !providersTold) tellProviders(next);
  };

  return {
    $consent,
    $settingsOpen,
    acceptAll: () => choose(acceptAll()),
    declineAll: () => choose(declineAll()),
    setSwitch: (category, on) => choose(setCategory($consent.get(), category, on)),
    openSettings: () => $settingsOpen.set(true),
    closeSettings: () => $settingsOpen.set(false),
    reset() {
      deps.writeCookie(clearedConsentCookie());
      $consent.set(null);
      tellProviders(effectiveConsent(null));
    },
    start: () => tellProviders(effectiveConsent($consent.get())),
  };
}

/** The page's consent store. */
export const consentStore: ConsentStore = createConsentStore({
  readCookies: () => (typeof document === "undefined" ? "" : document.cookie),
  writeCookie: (assignment) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the assignment is built and checked by lib/consent/model.ts.
    if (typeof document !== "undefined") document.cookie = assignment;
  },
  now: () => new Date(),
  secure: () => typeof location !== "undefined" && location.protocol === "https:",
  trackingIds: pageTrackingIds(),
  applyConsent: async (consent, ids) => (await import("./consent-providers.ts")).applyConsent(consent, ids),
  onError: (error) => pageLogger("consent").error("Applying the consent to the trackers failed", error),
});

/** True on this machine (localhost): the settings offer a button that forgets the choice (spec §2). */
export function consentDebugAllowed(): boolean {
  return typeof location !== "undefined" && isLocalHost(location.hostname);
}
