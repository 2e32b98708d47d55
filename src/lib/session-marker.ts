/** Whether a page's cookies say a session exists (the `_hocid_marker` cookie, spec §4 and §9). */
import { SESSION_MARKER_COOKIE } from "./constants.ts";

/** True when the cookie string (`document.cookie`) holds the session marker. */
export function hasSessionMarker(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=1`));
}

/** Dispatched on `window` when a session starts on the page (islands waiting for a session hydrate then). */
export const SESSION_STARTED_EVENT = "storefront:session-started";
