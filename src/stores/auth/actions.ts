/**
 * What the account forms do: sign in through the storefront's session endpoints (password, e-mailed code,
 * or the token the pass service answers a registration or a new password with), ask the pass service for a
 * code, register, confirm an e-mail, read whose set-password link it is. Each action says how it came out
 * (`{ ok: true, … }` or the form's `FormOutcome`) and never throws; a sign-in refreshes the session.
 */
import {
  accountByAccessCode,
  accountRegister,
  accountSetPassword,
  accountVerifyEmail,
} from "../../contract/account.ts";
import { authSendAccessCode } from "../../contract/auth.ts";
import { webLogin, webPasswordless, webToken } from "../../contract/web.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { browserPass, storefrontApi } from "../pass.ts";
import { refreshSession } from "../session.ts";
import { type AuthField, accountPhone, type FormOutcome, refusalOutcome } from "./forms.ts";

/** How an action came out. */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; outcome: FormOutcome };

/** Runs a call, turning its refusal into the form's outcome. */
async function attempt<T>(
  run: () => Promise<T>,
  fields: readonly AuthField[],
  blame?: AuthField,
): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, outcome: refusalOutcome(error, fields, blame) };
  }
}

/** Signs in with e-mail and password (the session cookies are set by the storefront server). */
export async function signInWithPassword(
  locale: Locale,
  values: { email: string; password: string },
): Promise<ActionResult<void>> {
  const result = await attempt(
    () =>
      storefrontApi(locale).call(webLogin, {
        body: { email: values.email.trim(), password: values.password },
      }),
    ["email", "password"],
    "password",
  );
  if (result.ok) refreshSession();
  return result.ok ? { ok: true, value: undefined } : result;
}

/** Asks the pass service to e-mail a one-time sign-in code (it answers the same for unknown e-mails). */
export function sendSignInCode(locale: Locale, email: string): Promise<ActionResult<unknown>> {
  return attempt(
    () =>
      browserPass(locale).call(authSendAccessCode, {
        body: { email: email.trim(), language: locale },
      }),
    ["email"],
  );
}

/** Signs in with an e-mailed code. */
export async function signInWithCode(
  locale: Locale,
  values: { email: string; accessCode: string },
): Promise<ActionResult<void>> {
  const result = await attempt(
    () =>
      storefrontApi(locale).call(webPasswordless, {
        body: { email: values.email.trim(), accessCode: values.accessCode.trim() },
      }),
    ["email", "accessCode"],
    "accessCode",
  );
  if (result.ok) refreshSession();
  return result.ok ? { ok: true, value: undefined } : result;
}

/** Starts the session of a token the pass service answered. */
async function signInWithToken(locale: Locale, token: string): Promise<void> {
  await storefrontApi(locale).call(webToken, { body: { token } });
  refreshSession();
}

/** The registration form's values. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
}

/** Registers an account in the page's language and signs in with it. */
export function register(locale: Locale, values: RegisterValues): Promise<ActionResult<void>> {
  const phone = accountPhone(values.phone);
  return attempt(async () => {
    const { token } = await browserPass(locale).call(accountRegister, {
      body: {
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        language: locale,
        ...(phone ? { phone } : {}),
      },
    });
    await signInWithToken(locale, token);
  }, ["firstName", "lastName", "email", "password", "phone"]);
}

/** Confirms an e-mail address with the code of its link. */
export function verifyEmail(
  locale: Locale,
  values: { email: string; accessCode: string },
): Promise<ActionResult<unknown>> {
  return attempt(() => browserPass(locale).call(accountVerifyEmail, { body: values }), []);
}

/** The e-mail of the account a set-password link belongs to. */
export async function accountOfCode(
  locale: Locale,
  values: { email: string; accessCode: string },
): Promise<ActionResult<string>> {
  return attempt(async () => {
    const { account } = await browserPass(locale).call(accountByAccessCode, { query: values });
    return account.email;
  }, []);
}

/** Sets the password with the link's code and signs in. */
export function setPassword(
  locale: Locale,
  values: { email: string; accessCode: string; password: string },
): Promise<ActionResult<void>> {
  return attempt(async () => {
    const { token } = await browserPass(locale).call(accountSetPassword, { body: values });
    await signInWithToken(locale, token);
  }, ["password"]);
}
