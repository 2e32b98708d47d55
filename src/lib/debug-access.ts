/**
 * Who may open the staff debugger (spec §2 "Other behaviours", §6): anyone outside production; in
 * production only staff, that is the configured account ids (`DEBUG_ACCOUNT_IDS`, comma-separated UUIDs)
 * or an account whose verified e-mail is at the provider's domain (`DEBUG_EMAIL_DOMAIN`, e.g. `vstupio.cz`,
 * exactly that domain, not its subdomains). An unverified e-mail does not count: anyone can register an
 * address they do not own. The storefront's server applies the rule with its configuration and tells the
 * browser in its `GET /api/auth/user` answer (`debugAllowed`), so the staff list never reaches a page; the
 * browser's own check needs only the page's stage ({@link debugNeedsStaff}).
 */
import type { Stage } from "./config.ts";
import { isUuid } from "./validation/uuid.ts";

/** The stage and the staff a server lets debug in production. */
export interface DebugAccess {
  stage: Stage;
  /** Account ids (lower case) of staff. */
  accountIds: readonly string[];
  /** The provider's e-mail domain (lower case), if staff are known by it. */
  emailDomain: string | undefined;
}

/** What the rule reads of an account. */
export interface DebugAccount {
  accountId: string;
  email: string;
  emailVerified: boolean;
}

/** A host name of at least two labels (letters, digits, hyphens). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** True when the stage lets only staff debug (production). */
export function debugNeedsStaff(stage: Stage): boolean {
  return stage === "production";
}

/** Reads the staff of an environment (`DEBUG_ACCOUNT_IDS`, `DEBUG_EMAIL_DOMAIN`); throws naming a bad value. */
export function debugAccessFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  stage: Stage,
): DebugAccess {
  const accountIds = (env.DEBUG_ACCOUNT_IDS ?? "")
    .split(",")
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== "");
  for (const id of accountIds) {
    if (!isUuid(id)) throw new Error(`DEBUG_ACCOUNT_IDS: "${id}" is not an account id (a UUID)`);
  }
  const domain = env.DEBUG_EMAIL_DOMAIN?.trim().toLowerCase().replace(/^@/, "") || undefined;
  if (domain !== undefined && !DOMAIN.test(domain)) {
    throw new Error(`DEBUG_EMAIL_DOMAIN: "${env.DEBUG_EMAIL_DOMAIN}" is not a domain name`);
  }
  return { stage, accountIds, emailDomain: domain };
}

/** True when the account (null: nobody signed in) may open the debugger on the access's stage. */
export function isDebugAllowed(access: DebugAccess, account: DebugAccount | null): boolean {
  if (!debugNeedsStaff(access.stage)) return true;
  if (!account) return false;
  if (access.accountIds.includes(account.accountId.toLowerCase())) return true;
  const email = account.email.trim().toLowerCase();
  return (
    access.emailDomain !== undefined && account.emailVerified && email.endsWith(`@${access.emailDomain}`)
  );
}
