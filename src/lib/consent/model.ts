/**
 * The cookie consent model (spec §3, §4, §9): what a visitor allowed, how a choice changes, and how it is
 * stored in the `cc_cookie_v4` cookie for 365 days.
 *
 * - A visitor starts with no choice (`null`); until they choose, only necessary cookies are allowed
 *   (`DEFAULT_CONSENT`).
 * - Accept all turns statistics and marketing on; decline all turns both off; a switch changes one.
 * - Necessary stays on: a switch may turn it off only when the caller explicitly allows it.
 *
 * The consent model knows eight cookie categories (spec §3). The shop asks about three of them; the
 * others follow from those three (`cookieCategories`):
 * - necessary, session and first-party cookies are always allowed: the shop's own cookies (the session,
 *   this choice) are necessary, first-party and mostly session cookies;
 * - statistics and marketing are the visitor's two switches;
 * - third-party and persistent non-essential cookies are allowed when either switch is on, because every
 *   tracker sets long-lived cookies of its own;
 * - preferences is never asked for: the shop keeps no preference cookies (the language is in the address).
 *
 * This module runs in the client directive that decides whether the consent code loads at all, so it
 * stays small: no schema library, no cookie library.
 */
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS } from "../constants.ts";

/** The categories a visitor decides on, in the order the settings show them. */
export const CONSENT_CATEGORIES = ["necessary", "statistics", "marketing"] as const;

/** A category a visitor decides on. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The categories a visitor can switch (necessary is locked on). */
export type SwitchableCategory = Exclude<ConsentCategory, "necessary">;

/** The cookie categories known to the consent model (spec §3). */
export const COOKIE_CATEGORIES = [
  "session",
  "persistent",
  "necessary",
  "preferences",
  "statistics",
  "marketing",
  "firstParty",
  "thirdParty",
] as const;

/** A cookie category of the consent model. */
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** What a visitor allowed (spec §3). */
export interface Consent {
  necessary: boolean;
  statistics: boolean;
  marketing: boolean;
}

/** A stored choice, or null while the visitor has not chosen. */
export type ConsentChoice = Consent | null;

/** What holds before any choice: only necessary cookies (spec §4). */
export const DEFAULT_CONSENT: Readonly<Consent> = Object.freeze({
  necessary: true,
  statistics: false,
  marketing: false,
});

/** The consent in force: the stored choice, or the default while there is none. */
export function effectiveConsent(choice: ConsentChoice): Consent {
  return { ...(choice ?? DEFAULT_CONSENT) };
}

/** Accept all: statistics and marketing on; necessary stays on. */
export function acceptAll(): Consent {
  return { necessary: true, statistics: true, marketing: true };
}

/** Decline all: statistics and marketing off; necessary stays on. */
export function declineAll(): Consent {
  return { necessary: true, statistics: false, marketing: false };
}

/** Options of {@link setCategory}. */
export interface SetCategoryOptions {
  /** Lets a switch turn necessary off (default: necessary stays on). */
  allowNecessary?: boolean;
}

/** One switch: sets one category of the current choice (or of the default when there is none). */
export function setCategory(
  choice: ConsentChoice,
  category: ConsentCategory,
  on: boolean,
  options: SetCategoryOptions = {},
): Consent {
  const next = { ...effectiveConsent(choice), [category]: on };
  if (category === "necessary" && !options.allowNecessary) next.necessary = true;
  return next;
}

/** True when two consents allow the same. */
export function sameConsent(a: ConsentChoice, b: ConsentChoice): boolean {
  if (a === null || b === null) return a === b;
  return CONSENT_CATEGORIES.every((category) => a[category] === b[category]);
}

/** What a consent allows in each of the eight cookie categories (see the module comment). */
export function cookieCategories(consent: Consent): Record<CookieCategory, boolean> {
  const tracking = consent.statistics || consent.marketing;
  return {
    session: true,
    persistent: tracking,
    necessary: consent.necessary,
    preferences: false,
    statistics: consent.statistics,
    marketing: consent.marketing,
    firstParty: true,
    thirdParty: tracking,
  };
}

/** Seconds a stored choice lasts: 365 days (spec §9). */
export const CONSENT_MAX_AGE_S = CONSENT_COOKIE_DAYS * 24 * 60 * 60;

/** The cookie value of a choice: URI-encoded JSON with the three categories and when it was made. */
export function encodeConsent(consent: Consent, at: Date): string {
  const { necessary, statistics, marketing } = consent;
  return encodeURIComponent(JSON.stringify({ necessary, statistics, marketing, at: at.toISOString() }));
}

/** The choice a cookie value holds; null for a missing, malformed or foreign value (the visitor chooses again). */
export function decodeConsent(value: string | undefined): ConsentChoice {
  let parsed: unknown;
  // Stryker disable BlockStatement: without the catch's return, no parsed value has the fields checked below
  try {
    // Stryker disable next-line StringLiteral: any text in place of a missing value fails JSON.parse alike
    parsed = JSON.parse(decodeURIComponent(value ?? ""));
  } catch {
    return null;
  }
  // Stryker restore BlockStatement
  // Object() of null or of a number, string or boolean has none of the fields: such a value is refused below.
  const { necessary, statistics, marketing } = Object(parsed) as Record<string, unknown>;
  if (typeof statistics !== "boolean" || typeof marketing !== "boolean") return null;
  return { necessary: necessary !== false, statistics, marketing };
}

/** The stored choice in a `Cookie` header or `document.cookie`, or null. */
export function consentFromCookies(cookies: string): ConsentChoice {
  const prefix = `${CONSENT_COOKIE}=`;
  for (const part of cookies.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeConsent(cookie.slice(prefix.length));
  }
  return null;
}

/** Options of {@link consentCookie}. */
export interface ConsentCookieOptions {
  /** When the choice is made (the cookie records it). */
  now: Date;
  /** Served over https: the cookie is Secure. */
  secure: boolean;
}

/** The `document.cookie` assignment that stores a choice for 365 days, for the whole site. */
export function consentCookie(consent: Consent, options: ConsentCookieOptions): string {
  const value = encodeConsent(consent, options.now);
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** The `document.cookie` assignment that forgets the stored choice. */
export function clearedConsentCookie(): string {
  return `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
