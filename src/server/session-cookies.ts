/**
 * The session cookies of the storefront (DESIGN §4, spec §9): `_hocid` holds the pass service's token
 * (HttpOnly), `_hocid_marker=1` tells pages a session exists (readable by scripts). Both are SameSite=Lax,
 * Path=/, last as long as the token, and are Secure except over plain http on this machine.
 */
import { parseCookie, stringifySetCookie } from "cookie";
import { SESSION_MARKER_COOKIE, TOKEN_COOKIE, TOKEN_LIFETIME_MS } from "../lib/constants.ts";

/** Host names served over plain http during development, where a Secure cookie would not be kept. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether the cookies get the Secure attribute: always, except over plain http on localhost. */
export function cookiesSecure(https: boolean, hostHeader: string | undefined): boolean {
  if (https || hostHeader === undefined) return true;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "");
  return !LOCAL_HOSTS.has(host);
}

/** The two Set-Cookie values that start (or renew) a session with a token. */
export function sessionCookies(token: string, secure: boolean): string[] {
  const common = {
    path: "/",
    sameSite: "lax",
    secure,
    maxAge: Math.floor(TOKEN_LIFETIME_MS / 1000),
  } as const;
  return [
    stringifySetCookie({ name: TOKEN_COOKIE, value: token, ...common, httpOnly: true }),
    stringifySetCookie({ name: SESSION_MARKER_COOKIE, value: "1", ...common }),
  ];
}

/** The two Set-Cookie values that end a session (both cookies expire at once). */
export function clearedSessionCookies(secure: boolean): string[] {
  const common = { path: "/", sameSite: "lax", secure, maxAge: 0, expires: new Date(0) } as const;
  return [
    stringifySetCookie({ name: TOKEN_COOKIE, value: "", ...common, httpOnly: true }),
    stringifySetCookie({ name: SESSION_MARKER_COOKIE, value: "", ...common }),
  ];
}

/** The token of the request's `_hocid` cookie, if any. */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parseCookie(cookieHeader)[TOKEN_COOKIE];
  return token ? token : undefined;
}

/**
 * Whether a state-changing request comes from another site: its Origin (sent by browsers on every POST)
 * names a host other than the one the request was sent to. Requests without an Origin are not browsers'.
 */
export function isForeignOrigin(origin: string | undefined, hostHeader: string | undefined): boolean {
  if (!origin) return false;
  try {
    // Stryker disable next-line OptionalChaining: equivalent, without a Host the error below answers "foreign" too
    return new URL(origin).host.toLowerCase() !== hostHeader?.toLowerCase();
  } catch {
    return true;
  }
}
