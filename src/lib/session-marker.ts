/**
 * The marker cookie of a session (spec §4): readable by scripts, it says that a session exists, so a page
 * loads session code only for visitors who are signed in. Pure: the cookie text is passed in.
 */

/** Name of the readable cookie that says a session exists (the token itself is in the HttpOnly `_hocid`). */
export const SESSION_MARKER_COOKIE = "_hocid_marker";

/** True when a `document.cookie` text holds the session marker. */
export function hasSessionMarker(cookieText: string): boolean {
  return cookieText.split(";").some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));
}
