/**
 * Auth area of spec §7: logging in with a password or an e-mailed code, asking for such a code, and logging
 * out (revoking the token sent).
 */
import { authCalls } from "../../contract/auth.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { accountOut } from "../services/accounts/accounts.ts";
import { logIn, logInWithCode, mailAccessCode } from "../services/accounts/sign-in.ts";
import { revokeToken } from "../services/accounts/tokens.ts";

/** Registers the calls of the auth area. */
export function registerAuthRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  table.serve(authCalls.login, async ({ body }) => {
    const { token, account } = await logIn(db, body.email, body.password, now());
    return { token, account: accountOut(account) };
  });

  table.serve(authCalls.loginWithAccessCode, async ({ body }) => {
    const { token, account } = await logInWithCode(deps.database, body.email, body.accessCode, now());
    return { token, account: accountOut(account) };
  });

  table.serve(authCalls.sendAccessCode, async ({ body }) => {
    await mailAccessCode(db, body.email, "loginCode", body.language, now());
    return {};
  });

  table.serve(authCalls.logout, async ({ token }) => {
    if (token) await revokeToken(db, token, now());
    return {};
  });
}
