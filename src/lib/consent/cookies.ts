/**
 * The cookies the cookie settings list (spec §2): per consent category, each cookie's name, provider,
 * expiration and which tracking providers set it. Descriptions are texts of the locale files
 * (`common::consent.cookie.<name>`); provider names are brand names and stay as they are in every language.
 * The consent runtime deletes a provider's first-party cookies when consent for it is withdrawn.
 */
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  SESSION_MARKER_COOKIE,
  TOKEN_COOKIE,
  TOKEN_LIFETIME_MS,
} from "../constants.ts";
import type { ConsentCategory } from "./model.ts";
import type { TrackingProviderKey } from "./providers.ts";

/** A unit of a cookie's lifetime (the settings write it with the language's plural rules). */
export type ExpirationUnit = "minute" | "hour" | "day" | "month" | "year";

/** One cookie of the settings' tables. */
export interface CookieInfo {
  /** The cookie's name. */
  name: string;
  /** Who sets it: the shop itself or a provider's brand name. */
  provider: string;
  category: ConsentCategory;
  /** How long it lasts: a count of a unit. */
  expiration: { count: number; unit: ExpirationUnit };
  /** The tracking providers whose scripts set it (none for the shop's own cookies). */
  setBy: readonly TrackingProviderKey[];
}

/** The shop's own name in the cookie tables (replaced by the site's name when shown). */
// Stryker disable next-line StringLiteral: a marker compared only with itself; any other text works the same
export const OWN_COOKIE_PROVIDER = "";

/** Days a session's cookies last: the token's lifetime. */
const SESSION_DAYS = TOKEN_LIFETIME_MS / (24 * 60 * 60 * 1000);

/** Every cookie the settings list, in the order they are shown. */
export const CONSENT_COOKIES: readonly CookieInfo[] = [
  {
    name: CONSENT_COOKIE,
    provider: OWN_COOKIE_PROVIDER,
    category: "necessary",
    expiration: { count: CONSENT_COOKIE_DAYS, unit: "day" },
    setBy: [],
  },
  {
    name: TOKEN_COOKIE,
    provider: OWN_COOKIE_PROVIDER,
    category: "necessary",
    expiration: { count: SESSION_DAYS, unit: "day" },
    setBy: [],
  },
  {
    name: SESSION_MARKER_COOKIE,
    provider: OWN_COOKIE_PROVIDER,
    category: "necessary",
    expiration: { count: SESSION_DAYS, unit: "day" },
    setBy: [],
  },
  // Stryker disable all: the providers' cookies are data (their documented names and lifetimes), not rules;
  // tests/unit/consent/cookies.test.ts checks their shape.
  {
    name: "_ga",
    provider: "Google Analytics",
    category: "statistics",
    expiration: { count: 2, unit: "year" },
    setBy: ["tagManager", "gtag"],
  },
  {
    name: "_gat",
    provider: "Google Analytics",
    category: "statistics",
    expiration: { count: 1, unit: "minute" },
    setBy: ["tagManager", "gtag"],
  },
  {
    name: "_gid",
    provider: "Google Analytics",
    category: "statistics",
    expiration: { count: 1, unit: "day" },
    setBy: ["tagManager", "gtag"],
  },
  {
    name: "_clck",
    provider: "Microsoft Clarity",
    category: "statistics",
    expiration: { count: 1, unit: "year" },
    setBy: ["sessionRecording"],
  },
  {
    name: "_clsk",
    provider: "Microsoft Clarity",
    category: "statistics",
    expiration: { count: 1, unit: "day" },
    setBy: ["sessionRecording"],
  },
  {
    name: "CLID",
    provider: "Microsoft Clarity",
    category: "statistics",
    expiration: { count: 1, unit: "year" },
    setBy: ["sessionRecording"],
  },
  {
    name: "_fbp",
    provider: "Meta Pixel",
    category: "marketing",
    expiration: { count: 3, unit: "month" },
    setBy: ["socialPixel"],
  },
  {
    name: "_ttp",
    provider: "TikTok Pixel",
    category: "marketing",
    expiration: { count: 13, unit: "month" },
    setBy: ["shortVideoPixel"],
  },
  // Stryker restore all
];

/** The cookies of one category, in table order. */
export function cookiesOf(category: ConsentCategory): CookieInfo[] {
  return CONSENT_COOKIES.filter((cookie) => cookie.category === category);
}

/** The names of the cookies a provider's script sets (deleted when consent for it is withdrawn). */
export function cookieNamesSetBy(provider: TrackingProviderKey): string[] {
  return CONSENT_COOKIES.filter((cookie) => cookie.setBy.includes(provider)).map((cookie) => cookie.name);
}
