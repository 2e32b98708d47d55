/**
 * Whether a session exists, from the readable marker cookie (spec §4, §9): a page checks it before loading
 * any session code, so anonymous visitors load none. Pure: the cookie text is passed in.
 */
import { SESSION_MARKER_COOKIE } from "./constants.ts";

/** True when a `document.cookie` text holds the session marker. */
export function hasSessionMarker(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));
}
