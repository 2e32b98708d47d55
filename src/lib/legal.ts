/**
 * The storefront's legal pages: the version of the platform's own terms (accepted with an order of an
 * organizer whose catalog has no terms of sale), and where an organizer's terms and privacy notice are read.
 */
import type { Locale } from "./i18n/config.ts";
import { pathTo } from "./routes.ts";

/** Version of the platform's own terms of sale (locales' `legal.platform`), sent with orders that accept them. */
export const PLATFORM_TERMS_VERSION = "2026-01";

/** The anchors of an organizer page's legal sections. */
export const LEGAL_ANCHORS = { terms: "terms", privacy: "privacy", seller: "seller" } as const;

/** The terms a cart's buyer accepts: their version and where the terms and privacy notice are read. */
export interface CartTerms {
  version: string;
  termsHref: string;
  privacyHref: string;
}

/**
 * Where the terms of sale and the privacy notice are read: an organizer's page's legal sections, or (no
 * organizer given) the site's own legal pages.
 */
export function legalLinks(locale: Locale, organizerSlug: string | null): Omit<CartTerms, "version"> {
  if (!organizerSlug) return { termsHref: pathTo(locale, "terms"), privacyHref: pathTo(locale, "privacy") };
  const page = pathTo(locale, "organizer", { organizerSlug });
  return { termsHref: `${page}#${LEGAL_ANCHORS.terms}`, privacyHref: `${page}#${LEGAL_ANCHORS.privacy}` };
}

/**
 * The terms of an organizer's event: the organizer's own (read on its page) when the catalog has them, else
 * the platform's (the site's terms and privacy pages).
 */
export function cartTermsOf(locale: Locale, organizerSlug: string, termsVersion: string | null): CartTerms {
  return termsVersion
    ? { version: termsVersion, ...legalLinks(locale, organizerSlug) }
    : { version: PLATFORM_TERMS_VERSION, ...legalLinks(locale, null) };
}

/** The operator of the platform (a fictitious example), named on the site's own terms and privacy pages. */
export const PLATFORM_OPERATOR = {
  legalName: "Vstupio s.r.o. (example)",
  companyId: "00000019",
  vatId: "CZ00000019",
  address: "Příkladová 1, 110 00 Praha 1",
  email: "podpora@vstupio.example.com",
} as const;
