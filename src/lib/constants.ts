/**
 * Business constants and limits of spec §9 (and the few of §2 and §3 they depend on).
 * Values the spec leaves open are marked "chosen" with the reason.
 */

const DAY_SECONDS = 86_400;

/**
 * Cookies of the storefront (spec §4, §9; design §4). The consent cookie lasts 365 days (spec).
 * Chosen: both auth cookies last 30 days and share a lifetime, so the marker never outlives the token;
 * the token is HttpOnly and the marker is readable by scripts so the session store knows to ask.
 */
export const COOKIES = {
  consent: { name: "cc_cookie_v4", maxAgeDays: 365, maxAgeSeconds: 365 * DAY_SECONDS, httpOnly: false },
  authMarker: { name: "_hocid_marker", maxAgeDays: 30, maxAgeSeconds: 30 * DAY_SECONDS, httpOnly: false },
  authToken: { name: "_hocid", maxAgeDays: 30, maxAgeSeconds: 30 * DAY_SECONDS, httpOnly: true },
} as const;

/** Name of the consent cookie (spec §9). */
export const CONSENT_COOKIE_NAME = COOKIES.consent.name;

/** Name of the readable cookie that says a session exists (spec §9). */
export const AUTH_MARKER_COOKIE_NAME = COOKIES.authMarker.name;

/** Name of the cookie that holds the pass service token (spec §9). */
export const AUTH_TOKEN_COOKIE_NAME = COOKIES.authToken.name;

/** Delay before the consent banner appears after mount, in ms (spec §2, §9). */
export const CONSENT_BANNER_DELAY_MS = 2048;

/** Width from which the cookie settings dialog uses its wide layout, in px (spec §2). */
export const CONSENT_DIALOG_BREAKPOINT_PX = 768;

/** Session query timings (spec §9): fresh 10 min, refetch every 10 min, on focus/reconnect/mount, no retry. */
export const SESSION_QUERY = {
  freshMs: 10 * 60_000,
  refetchIntervalMs: 10 * 60_000,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  refetchOnMount: true,
  retry: false,
} as const;

/**
 * How many times an order tracking event may fire per identical id (spec §9);
 * `Infinity` means unlimited, so `count < limit` is the check.
 */
export const FIRING_LIMITS = {
  initiateCheckout: Number.POSITIVE_INFINITY,
  purchase: Number.POSITIVE_INFINITY,
  addToCart: Number.POSITIVE_INFINITY,
  removeFromCart: Number.POSITIVE_INFINITY,
  purchaseSuccess: 2,
  purchaseFail: 2,
} as const satisfies Record<string, number>;

/** An order tracking event of spec §4. */
export type TrackingEventName = keyof typeof FIRING_LIMITS;

/** Responsive image widths in px (spec §9). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Small image sizes in px, from 16 to 384 (spec §9). */
export const IMAGE_SMALL_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Default image quality (spec §9). */
export const IMAGE_QUALITY = 75;

/** Tooltip timings and placement (spec §9). */
export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300, sideOffset: 4 } as const;

/** Query/body key under which the request source id is sent (spec §3). */
export const REQ_SOURCE_KEY = "reqSourceId";

/** Named request sources (spec §3); ids 4 to 8 are partner or white-label channels. */
export const REQ_SOURCE = { WEB: 1, MOBILE_ANDROID: 2, MOBILE_IOS: 3 } as const;

/** Request source ids of partner or white-label channels (spec §3). */
export const PARTNER_REQ_SOURCE_IDS = [4, 5, 6, 7, 8] as const;

/** Every valid request source id, 1 to 8 (spec §3). */
export const REQ_SOURCE_IDS = [
  REQ_SOURCE.WEB,
  REQ_SOURCE.MOBILE_ANDROID,
  REQ_SOURCE.MOBILE_IOS,
  ...PARTNER_REQ_SOURCE_IDS,
] as const;

/** A request source id, 1 to 8. */
export type ReqSourceId = (typeof REQ_SOURCE_IDS)[number];

/** True when `value` is a request source id of spec §3. */
export function isReqSourceId(value: unknown): value is ReqSourceId {
  return typeof value === "number" && (REQ_SOURCE_IDS as readonly number[]).includes(value);
}

/** Design tokens of spec §9; `src/styles/theme.css` declares the same values for Tailwind. */
export const DESIGN_TOKENS = {
  containerPadding: "2rem",
  largestBreakpointPx: 1400,
  radiusPx: { xs: 1, sm: 2, md: 6, lg: 8, xl: 12 },
  radiusFull: "9999px",
  fontWeights: { extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700 },
} as const;
