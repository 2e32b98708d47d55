/**
 * The storefront's own calls (design §2), served by the Astro server under `/api/auth/*`, not by the pass
 * service. They are sent with the browser's cookies: the token lives in the HttpOnly `_hocid` cookie.
 */
import { z } from "zod/mini";
import { Account } from "./account.ts";
import { LoginBody, LoginWithAccessCodeBody } from "./auth.ts";
import { OkOnly, ok, Text } from "./common.ts";
import { defineCall } from "./define.ts";

/** Answer of `web.authUser` and `web.login`: the account (read as `userAccount`) and its bearer token. */
export const AuthUserAnswer = ok({
  userAccount: Account,
  token: z
    .string()
    .check(z.minLength(1), z.meta({ description: "Bearer token handed to both API clients (spec §4)" })),
  debugAllowed: z.optional(
    z
      .boolean()
      .check(
        z.meta({ description: "`web.authUser` only: the account may open the staff debugger (spec §6)" }),
      ),
  ),
});

/** Answer of `web.authUser` and the sign-in calls. */
export type AuthUserAnswer = z.infer<typeof AuthUserAnswer>;

/** `web.authUser`: The logged-in account from the session cookie (401 without a valid session). */
export const webAuthUser = defineCall({
  id: "web.authUser",
  area: "web",
  method: "GET",
  path: "/api/auth/user",
  response: AuthUserAnswer,
  secure: false,
  credentials: true,
  summary: "The logged-in account from the session cookie (401 without a valid session)",
});

/** `web.login`: Logs in through the pass service and sets the session cookies. */
export const webLogin = defineCall({
  id: "web.login",
  area: "web",
  method: "POST",
  path: "/api/auth/login",
  body: LoginBody,
  response: AuthUserAnswer,
  secure: false,
  credentials: true,
  summary: "Logs in through the pass service and sets the session cookies",
});

/** `web.passwordless`: Logs in with an e-mailed access code through the pass service and sets the session cookies. */
export const webPasswordless = defineCall({
  id: "web.passwordless",
  area: "web",
  method: "POST",
  path: "/api/auth/passwordless",
  body: LoginWithAccessCodeBody,
  response: AuthUserAnswer,
  secure: false,
  credentials: true,
  summary: "Logs in with an e-mailed access code through the pass service and sets the session cookies",
});

/** `web.token`: Starts a session from a token the pass service answered (registration, set password). */
export const webToken = defineCall({
  id: "web.token",
  area: "web",
  method: "POST",
  path: "/api/auth/token",
  body: z.object({ token: Text.check(z.minLength(1), z.maxLength(512)) }),
  response: AuthUserAnswer,
  secure: false,
  credentials: true,
  summary: "Starts a session from a token the pass service answered (registration, set password)",
});

/** `web.logout`: Logs out at the pass service (revokes the token) and clears the session cookies. */
export const webLogout = defineCall({
  id: "web.logout",
  area: "web",
  method: "POST",
  path: "/api/auth/logout",
  response: OkOnly,
  secure: false,
  credentials: true,
  summary: "Logs out at the pass service (revokes the token) and clears the session cookies",
});

/** Calls of the storefront itself. */
export const webCalls = {
  authUser: webAuthUser,
  login: webLogin,
  passwordless: webPasswordless,
  token: webToken,
  logout: webLogout,
} as const;
