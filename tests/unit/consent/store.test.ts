import { describe, expect, it } from "vitest";
import { acceptAll, type Consent, declineAll, encodeConsent } from "../../../src/lib/consent/model.ts";
import type { TrackingIdMap } from "../../../src/lib/consent/providers.ts";
import { CONSENT_COOKIE } from "../../../src/lib/constants.ts";
import { type ConsentDeps, createConsentStore } from "../../../src/stores/consent.ts";

const NOW = new Date("2026-11-24T12:00:00Z");
const IDS: TrackingIdMap = { gtag: "G-ABCD1234", socialPixel: "1234567" };

/** A store over a fake cookie jar that records what reached the providers. */
function setUp(options: { cookies?: string; ids?: TrackingIdMap; secure?: boolean; failing?: boolean } = {}) {
  const written: string[] = [];
  const applied: Consent[] = [];
  const errors: unknown[] = [];
  let jar = options.cookies ?? "";
  const deps: ConsentDeps = {
    readCookies: () => jar,
    writeCookie: (assignment) => {
      written.push(assignment);
      jar = assignment.split(";")[0] ?? "";
    },
    now: () => NOW,
    secure: () => options.secure ?? false,
    trackingIds: options.ids ?? IDS,
    applyConsent: (consent) => {
      applied.push(consent);
      if (options.failing) throw new Error("provider down");
    },
    onError: (error) => errors.push(error),
  };
  return { store: createConsentStore(deps), written, applied, errors, jar: () => jar };
}

describe("the consent store (spec §4, §9)", () => {
  it("starts unset for a first visit, and tells no provider anything", () => {
    const { store, applied } = setUp();
    expect(store.$consent.get()).toBeNull();
    store.start();
    expect(applied).toEqual([]);
  });

  it("starts from the stored choice and hands it to the providers on start", () => {
    const { store, applied } = setUp({ cookies: `${CONSENT_COOKIE}=${encodeConsent(acceptAll(), NOW)}` });
    expect(store.$consent.get()).toEqual(acceptAll());
    store.start();
    expect(applied).toEqual([acceptAll()]);
  });

  it("stores accept all for 365 days and updates the providers", () => {
    const { store, written, applied, jar } = setUp();
    store.acceptAll();
    expect(store.$consent.get()).toEqual(acceptAll());
    expect(written).toEqual([
      `${CONSENT_COOKIE}=${encodeConsent(acceptAll(), NOW)}; Max-Age=31536000; Path=/; SameSite=Lax`,
    ]);
    expect(jar()).toBe(`${CONSENT_COOKIE}=${encodeConsent(acceptAll(), NOW)}`);
    expect(applied).toEqual([acceptAll()]);
  });

  it("stores decline all without loading anything while nothing was granted before", () => {
    const { store, written, applied } = setUp();
    store.declineAll();
    expect(store.$consent.get()).toEqual(declineAll());
    expect(written).toHaveLength(1);
    expect(applied).toEqual([]);
  });

  it("tells the providers every later change, a withdrawal included", () => {
    const { store, applied } = setUp();
    store.setSwitch("marketing", true);
    store.setSwitch("statistics", true);
    store.setSwitch("marketing", false);
    store.declineAll();
    expect(applied).toEqual([
      { necessary: true, statistics: false, marketing: true },
      { necessary: true, statistics: true, marketing: true },
      { necessary: true, statistics: true, marketing: false },
      declineAll(),
    ]);
  });

  it("does not tell the providers a choice that changes nothing", () => {
    const { store, applied, written } = setUp();
    store.acceptAll();
    store.acceptAll();
    expect(applied).toHaveLength(1);
    expect(written).toHaveLength(2);
  });

  it("loads nothing on a site that configures no provider", () => {
    const { store, applied } = setUp({ ids: {} });
    store.acceptAll();
    store.start();
    expect(applied).toEqual([]);
  });

  it("sets the cookie Secure over https", () => {
    const { store, written } = setUp({ secure: true });
    store.declineAll();
    expect(written[0]?.endsWith("; Secure")).toBe(true);
  });

  it("reset forgets the choice, clears the cookie and withdraws consent from running providers", () => {
    const { store, written, applied } = setUp();
    store.acceptAll();
    store.reset();
    expect(store.$consent.get()).toBeNull();
    expect(written.at(-1)).toBe(`${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
    expect(applied.at(-1)).toEqual(declineAll());
  });

  it("opens and closes the settings", () => {
    const { store } = setUp();
    expect(store.$settingsOpen.get()).toBe(false);
    store.openSettings();
    expect(store.$settingsOpen.get()).toBe(true);
    store.closeSettings();
    expect(store.$settingsOpen.get()).toBe(false);
  });

  it("keeps the choice and reports the error when the providers fail", () => {
    const { store, errors } = setUp({ failing: true });
    store.acceptAll();
    expect(store.$consent.get()).toEqual(acceptAll());
    expect(errors).toHaveLength(1);
  });
});
