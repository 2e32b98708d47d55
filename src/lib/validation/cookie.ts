/**
 * Cookie name and value checks (spec §5), delegated to the `cookie` package so that what passes here is
 * exactly what it will serialise: names are RFC 6265 tokens (printable ASCII except separators such as
 * `=`, `;`, space), values are cookie-octets (printable ASCII except space and `;`), possibly empty.
 */
import { stringifySetCookie } from "cookie";

/** Identity encoder: makes `stringifySetCookie` check the raw value instead of URL-encoding it. */
const raw = (value: string): string => value;

/** True when `name` is a valid cookie name. */
export function isValidCookieName(name: string): boolean {
  if (typeof name !== "string") return false;
  try {
    stringifySetCookie({ name, value: "" });
    return true;
  } catch {
    return false;
  }
}

/** True when `value` is a valid raw (not URL-encoded) cookie value. */
export function isValidCookieValue(value: string): boolean {
  if (typeof value !== "string") return false;
  try {
    stringifySetCookie({ name: "c", value }, { encode: raw });
    return true;
  } catch {
    return false;
  }
}

/** Throws an Error saying whether the cookie name or the value is invalid. */
export function assertCookie(name: string, value: string): void {
  if (!isValidCookieName(name)) throw new Error(`Invalid cookie name: ${JSON.stringify(name)}`);
  if (!isValidCookieValue(value)) {
    throw new Error(`Invalid value for cookie ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  }
}
