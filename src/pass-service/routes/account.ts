/**
 * Account area of spec §7, the account itself: creating and registering one, verifying its e-mail, setting
 * and changing its password, and reading and updating its data. The account's events, tickets, orders and
 * chips are served by `./account-data.ts`.
 */
import { accountCalls } from "../../contract/account.ts";
import type { ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable } from "../http.ts";
import { accountById, accountOut, setAccountData } from "../services/accounts/accounts.ts";
import {
  accountOfCode,
  changePassword,
  mailAccessCode,
  setPasswordWithCode,
  verifyEmailWithCode,
} from "../services/accounts/sign-in.ts";
import { createAccount, registerAccount } from "../services/accounts/sign-up.ts";

/** The token's own account id; another account's is a 403. */
function ownAccountId(account: { accountId: string } | undefined, asked?: string): string {
  if (!account) throw new Error("A secure call reached its handler without an account");
  if (asked !== undefined && asked !== account.accountId) {
    throw new ServiceError(403, "FORBIDDEN", "This is another account's data", { field: "query.accountId" });
  }
  return account.accountId;
}

/** Registers the calls of the account area that concern the account itself. */
export function registerAccountRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  table.serve(accountCalls.create, async ({ body }) => ({
    account: accountOut(await createAccount(db, body, now())),
  }));

  table.serve(accountCalls.register, async ({ body }) => {
    const { token, account } = await registerAccount(db, body, now());
    return { token, account: accountOut(account) };
  });

  table.serve(accountCalls.verifyEmail, async ({ body }) => ({
    account: accountOut(await verifyEmailWithCode(deps.database, body.email, body.accessCode, now())),
  }));

  table.serve(accountCalls.sendResetEmail, async ({ body }) => {
    await mailAccessCode(db, body.email, "resetPassword", body.language, now());
    return {};
  });

  table.serve(accountCalls.setPassword, async ({ body }) => {
    const { token, account } = await setPasswordWithCode(deps.database, body, now());
    return { token, account: accountOut(account) };
  });

  table.serve(accountCalls.byAccessCode, async ({ query }) => ({
    account: accountOut(await accountOfCode(deps.database, query.email, query.accessCode, now())),
  }));

  table.serve(accountCalls.get, async ({ query, account }) => ({
    account: accountOut(await accountById(db, ownAccountId(account, query.accountId))),
  }));

  table.serve(accountCalls.byToken, async ({ account, token }) => ({
    token: token ?? "",
    account: accountOut(await accountById(db, ownAccountId(account))),
  }));

  table.serve(accountCalls.changePassword, async ({ body, account, token }) => {
    await changePassword(db, { accountId: ownAccountId(account), token: token ?? "", ...body }, now());
    return {};
  });

  table.serve(accountCalls.setData, async ({ body, account }) => ({
    account: accountOut(await setAccountData(db, ownAccountId(account), body, now())),
  }));
}
