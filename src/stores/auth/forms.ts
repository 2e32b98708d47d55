/**
 * The rules of the sign-in, registration and set-password forms, without state: which fields are wrong
 * (checked with the contract's own schemas, so the browser and the service agree), how a refusal of the
 * service becomes messages beside the fields or above the form (message keys under `auth.errors.`), and
 * where to go after signing in.
 */
import { isApiError } from "../../client/index.ts";
import { AccessCode, Password } from "../../contract/account.ts";
import { Email, Phone } from "../../contract/common.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { pathTo } from "../../lib/routes.ts";
import { normalizePhone } from "../cart/form.ts";

/** A field of the account forms. */
export type AuthField = "email" | "password" | "firstName" | "lastName" | "phone" | "accessCode";

/** Message keys (under `auth.`) of the fields at fault. */
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

/** How a form came out: problems beside fields, and one above the form (or null). */
export interface FormOutcome {
  fields: AuthFieldErrors;
  form: string | null;
}

/** Message keys of a field whose value a schema refuses. */
const FIELD_KEYS: Record<AuthField, string> = {
  email: "errors.email",
  password: "errors.password",
  firstName: "errors.required",
  lastName: "errors.required",
  phone: "errors.phone",
  accessCode: "errors.code",
};

/** The checks of each field (empty required fields say "fill this in" first). */
const CHECKS: Record<AuthField, (value: string) => boolean> = {
  email: (v) => Email.safeParse(v.trim()).success,
  password: (v) => Password.safeParse(v).success,
  firstName: (v) => v.trim().length > 0 && v.trim().length <= 100,
  lastName: (v) => v.trim().length > 0 && v.trim().length <= 100,
  phone: (v) => Phone.safeParse(accountPhone(v)).success,
  accessCode: (v) => AccessCode.safeParse(v).success,
};

/**
 * The problems of a form's values: `required` fields must be filled in, and every filled field must pass
 * its check. For a sign-in with a password, any password is passed to the service (`loginPassword`).
 */
export function validateFields(
  values: Partial<Record<AuthField, string>>,
  required: readonly AuthField[],
  options: { loginPassword?: boolean } = {},
): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  for (const field of Object.keys(values) as AuthField[]) {
    const value = values[field] ?? "";
    if (value.trim() === "") {
      if (required.includes(field))
        errors[field] = field === "accessCode" ? FIELD_KEYS.accessCode : "errors.required";
      continue;
    }
    if (field === "password" && options.loginPassword) continue;
    if (!CHECKS[field](value)) errors[field] = FIELD_KEYS[field];
  }
  return errors;
}

/** Message keys of the service's refusals, by error name. */
const REFUSAL_KEYS: Readonly<Record<string, string>> = {
  invalid_credentials: "errors.invalidCredentials",
  wrong_password: "errors.invalidCredentials",
  invalid_access_code: "errors.invalidCode",
  access_code_invalid: "errors.invalidCode",
  access_code_expired: "errors.invalidCode",
  email_taken: "errors.emailTaken",
  email_exists: "errors.emailTaken",
  account_exists: "errors.emailTaken",
  rate_limited: "errors.rateLimited",
  no_response: "errors.network",
};

/** The field of a dot path the service names (`body.email`, `email`), if it is a field of the forms. */
function fieldOfPath(path: unknown, fields: readonly AuthField[]): AuthField | null {
  if (typeof path !== "string") return null;
  const last = path.split(".").pop() as AuthField | undefined;
  return last && fields.includes(last) ? last : null;
}

/**
 * A refusal of the service as the form shows it. Refusals about credentials or codes go beside `blame`
 * (the field the buyer should fix: the password, the code); field paths of the service go beside their
 * fields; anything else is one message above the form. Never the service's raw text.
 */
export function refusalOutcome(error: unknown, fields: readonly AuthField[], blame?: AuthField): FormOutcome {
  if (!isApiError(error)) return { fields: {}, form: "errors.generic" };
  let key = REFUSAL_KEYS[error.name];
  if (!key && error.status === 401) key = "errors.invalidCredentials";
  if (!key && error.status === 409) key = "errors.emailTaken";
  if (!key && error.status === 429) key = "errors.rateLimited";
  if (key === "errors.emailTaken" && fields.includes("email")) return { fields: { email: key }, form: null };
  if ((key === "errors.invalidCredentials" || key === "errors.invalidCode") && blame) {
    return { fields: { [blame]: key }, form: null };
  }
  if (key) return { fields: {}, form: key };
  const body = (typeof error.body === "object" && error.body !== null ? error.body : {}) as {
    field?: unknown;
    issues?: { path?: unknown }[];
  };
  const out: AuthFieldErrors = {};
  for (const path of [body.field, ...(body.issues ?? []).map((issue) => issue.path)]) {
    const field = fieldOfPath(path, fields);
    if (field && !out[field]) out[field] = FIELD_KEYS[field];
  }
  if (Object.keys(out).length > 0) return { fields: out, form: null };
  return { fields: {}, form: "errors.generic" };
}

/** A phone number as the account keeps it (E.164): spaces, dashes and brackets removed, `00` read as `+`. */
export function accountPhone(input: string): string {
  return normalizePhone(input, 0);
}

/** The first field at fault, in the order the form shows them (focus goes there). */
export function firstErrorField(order: readonly AuthField[], errors: AuthFieldErrors): AuthField | null {
  return order.find((field) => errors[field]) ?? null;
}

/**
 * Where to go after signing in: `next` when it is a path of this site (`/…`, not `//host` or `/\host`),
 * else the account page.
 */
export function nextPath(next: string | null | undefined, locale: Locale): string {
  const base = "https://same.site.invalid";
  if (next?.startsWith("/")) {
    try {
      const url = new URL(next, base);
      if (url.origin === base) return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      // Not a URL: the account page.
    }
  }
  return pathTo(locale, "account");
}
