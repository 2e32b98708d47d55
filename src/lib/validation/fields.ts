/**
 * Field rules the contract and the deep links (`deep-links.ts`) share, so that a value the app link
 * accepts is one the service accepts: e-mail addresses, one-time access codes, the codes buyers type and
 * the PostgreSQL `integer` range of every integer a client sends.
 */
import { z } from "zod/mini";

/** Smallest value of a PostgreSQL `integer` column: every integer a client sends is at least this. */
export const INT32_MIN = -2147483648;

/** Largest value of a PostgreSQL `integer` column: every integer a client sends is at most this. */
export const INT32_MAX = 2147483647;

/** An e-mail address (zod's e-mail rule), at most 254 characters (RFC 5321's path limit). */
export const EMAIL_RULE = z.email().check(z.maxLength(254));

/** True when `value` is an e-mail address by {@link EMAIL_RULE}. */
export function isEmail(value: unknown): value is string {
  return EMAIL_RULE.safeParse(value).success;
}

/** Length of a one-time access code (set-password and verification links, passwordless sign-in). */
export const ACCESS_CODE_LENGTH = { min: 6, max: 128 } as const;
