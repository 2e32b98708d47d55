/**
 * Passwords of accounts: argon2id at the OWASP parameters (19 MiB of memory, 2 passes, 1 lane), stored as the
 * PHC string `$argon2id$v=19$m=19456,t=2,p=1$…`. A log-in with an unknown e-mail is checked against a dummy
 * hash, so that it takes as long as one with a wrong password.
 */
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { ServiceError } from "../../errors.ts";
import { normalizeEmail } from "./accounts.ts";

/** argon2id parameters (OWASP Password Storage Cheat Sheet); argon2id is the binding's default algorithm. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password, made once, to verify against when there is no account. */
let dummy: Promise<string> | undefined;

/** The dummy hash, made on first use (call it at start-up, so that the first log-in takes no longer). */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummy;
}

/**
 * Whether a password matches a stored hash. Without a hash (unknown e-mail, or an account without a
 * password) it verifies against a dummy hash and answers false, taking the same time.
 */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // Stryker disable next-line ArrowFunction,BooleanLiteral: the dummy check's answer is dropped; only its time counts
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * Refuses a password the contract's `Password` lets through but the account must not use: one equal to
 * the account's e-mail (whatever its case and surrounding spaces). `field` names the body field.
 */
export function assertPasswordAllowed(password: string, email: string, field: string): void {
  if (normalizeEmail(password) === normalizeEmail(email)) {
    const message = "The password must not be the e-mail address";
    throw new ServiceError(400, "VALIDATION", `${field}: ${message}`, {
      field,
      issues: [{ path: field, message }],
    });
  }
}
