/**
 * Image facts of spec §9 shared by the pages and the image endpoint: the widths a variant may have
 * (lib/image-url.ts) and the quality of every resized image (server/images.ts).
 *
 * The other constants of spec §9 live with the code they govern: languages and namespaces in
 * `i18n/config.ts`, tracking firing limits in `tracking.ts`, consent rules in `consent/`, stages in `config.ts`, design tokens in
 * `src/styles/theme.css`, request sources in `enums/req-source.ts`.
 */

/** Responsive image widths in px (spec §9). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Small image sizes in px, from 16 to 384 (spec §9). */
export const IMAGE_SMALL_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Default image quality (spec §9). */
export const IMAGE_QUALITY = 75;

/** How long an account's bearer token stays valid after it is issued (the session cookie lasts as long). */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The cookie holding the pass service's token (HttpOnly; spec §9). */
export const TOKEN_COOKIE = "_hocid";

/** The readable cookie telling pages that a session exists (spec §9). */
export const SESSION_MARKER_COOKIE = "_hocid_marker";

/** The session query is fresh this long and refetched this often (spec §9: 10 minutes). */
export const SESSION_REFRESH_MS = 10 * 60 * 1000;

/** Identical session fetches within this window share one request (a little below the refresh interval). */
export const SESSION_DEDUPE_MS = SESSION_REFRESH_MS - 5_000;

/** The cookie that stores the visitor's consent choice (spec §9). */
export const CONSENT_COOKIE = "cc_cookie_v4";

/** How long a consent choice is kept, in days (spec §9). */
export const CONSENT_COOKIE_DAYS = 365;

/** The consent banner shows this long after the page is mounted, when no choice is stored (spec §9). */
export const CONSENT_BANNER_DELAY_MS = 2048;

/**
 * From this viewport width the cookie settings dialog shows its close button, moves from the bottom sheet
 * to the middle of the screen and casts a larger shadow (spec §2).
 */
export const CONSENT_MODAL_BREAKPOINT_PX = 768;

/**
 * The attribute of the link of the site's whole stylesheet, which a page links without blocking its first paint
 * (it inlines its critical CSS; `media="print"` or `disabled`) and the islands' start switches on before the
 * first island hydrates.
 */
export const SITE_CSS_ATTRIBUTE = "data-site-css";
