/** Auth area of spec §7: logging in with a password or with an e-mailed access code. */
import { z } from "zod/mini";
import { AccessCode, LoginResult } from "./account.ts";
import { Email, LocaleCode, OkOnly, Text } from "./common.ts";
import { defineCall } from "./define.ts";

/** Body of `auth.login`. */
export const LoginBody = z.object({ email: Email, password: Text.check(z.minLength(1), z.maxLength(200)) });

/** Body of `auth.login`. */
export type LoginBody = z.infer<typeof LoginBody>;

/** Body of `auth.loginWithAccessCode` (passwordless login, deep link `login`). */
export const LoginWithAccessCodeBody = z.object({ email: Email, accessCode: AccessCode });

/** `auth.login`: Logs in with e-mail and password; answers the bearer token and the account. */
export const authLogin = defineCall({
  id: "auth.login",
  area: "auth",
  method: "POST",
  path: "/api/login",
  body: LoginBody,
  response: LoginResult,
  secure: false,
  summary: "Logs in with e-mail and password; answers the bearer token and the account",
});

/** `auth.loginWithAccessCode`: Logs in with an e-mailed one-time access code. */
export const authLoginWithAccessCode = defineCall({
  id: "auth.loginWithAccessCode",
  area: "auth",
  method: "POST",
  path: "/api/login-with-access-code",
  body: LoginWithAccessCodeBody,
  response: LoginResult,
  secure: false,
  summary: "Logs in with an e-mailed one-time access code",
});

/** `auth.logout`: Logs out: revokes the bearer token sent. */
export const authLogout = defineCall({
  id: "auth.logout",
  area: "auth",
  method: "POST",
  path: "/api/logout",
  response: OkOnly,
  secure: true,
  summary: "Logs out: revokes the bearer token sent",
});

/** `auth.sendAccessCode`: E-mails a one-time login code (answers OK for unknown e-mails too). */
export const authSendAccessCode = defineCall({
  id: "auth.sendAccessCode",
  area: "auth",
  method: "POST",
  path: "/api/login-send-access-code",
  body: z.object({ email: Email, language: LocaleCode }),
  response: OkOnly,
  secure: false,
  summary: "E-mails a one-time login code (answers OK for unknown e-mails too)",
});

/** Calls of the auth area. */
export const authCalls = {
  login: authLogin,
  loginWithAccessCode: authLoginWithAccessCode,
  logout: authLogout,
  sendAccessCode: authSendAccessCode,
} as const;
