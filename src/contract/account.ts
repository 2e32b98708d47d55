/** Account area of spec §7: registration, passwords, account data, and the account's events, tickets, orders and chips. */
import { z } from "zod/mini";
import { ACCESS_CODE_LENGTH } from "../lib/validation/fields.ts";
import { BillingInfo, Email, IsoDateTime, LocaleCode, OkOnly, ok, Phone, Text, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";
import { EventSummary } from "./event.ts";
import { OrderSummary } from "./order-model.ts";
import { Chip, Ticket } from "./ticket.ts";

/** An account holder (spec §3: accountId, email; billingInfo read for tracking). */
export const Account = z.object({
  accountId: Uuid,
  email: Email,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(Phone),
  language: LocaleCode,
  billingInfo: z.nullable(BillingInfo),
  emailVerified: z.boolean(),
  createdAt: IsoDateTime,
});

/** An account holder. */
export type Account = z.infer<typeof Account>;

/** A password: 8 to 200 characters. */
export const Password = Text.check(z.minLength(8, "At least 8 characters"), z.maxLength(200));

/** A one-time code sent by e-mail (set-password and verification links, deep link `setPassword`). */
export const AccessCode = Text.check(
  z.trim(),
  z.minLength(ACCESS_CODE_LENGTH.min),
  z.maxLength(ACCESS_CODE_LENGTH.max),
);

/** A session: the bearer token and its account (spec §3). */
export const LoginResult = ok({ token: z.string().check(z.minLength(1)), account: Account });

/** Body of `account.create`: an account without a password; a set-password e-mail is sent. */
export const AccountCreateBody = z.object({
  email: Email,
  firstName: z.optional(Text.check(z.trim(), z.maxLength(100))),
  lastName: z.optional(Text.check(z.trim(), z.maxLength(100))),
  language: LocaleCode,
});

/** Body of `account.register`. */
export const AccountRegisterBody = z.object({
  email: Email,
  password: Password,
  firstName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  lastName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  phone: z.optional(Phone),
  language: LocaleCode,
});

/** Body of `account.setData`. */
export const AccountSetDataBody = z.object({
  firstName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  lastName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  phone: z.nullable(Phone),
  language: LocaleCode,
  billingInfo: z.nullable(BillingInfo),
});

const eventQuery = z.object({ eventId: Uuid });

/** `account.create`: Creates an account without a password and e-mails a set-password link. */
export const accountCreate = defineCall({
  id: "account.create",
  area: "account",
  method: "POST",
  path: "/api/account-create",
  body: AccountCreateBody,
  response: ok({ account: Account }),
  secure: false,
  summary: "Creates an account without a password and e-mails a set-password link",
});

/** `account.register`: Registers an account, e-mails a verification link and logs in. */
export const accountRegister = defineCall({
  id: "account.register",
  area: "account",
  method: "POST",
  path: "/api/account-register",
  body: AccountRegisterBody,
  response: LoginResult,
  secure: false,
  summary: "Registers an account, e-mails a verification link and logs in",
});

/** `account.sendResetEmail`: E-mails a password reset link (answers OK for unknown e-mails too). */
export const accountSendResetEmail = defineCall({
  id: "account.sendResetEmail",
  area: "account",
  method: "POST",
  path: "/api/account-send-reset-email",
  body: z.object({ email: Email, language: LocaleCode }),
  response: OkOnly,
  secure: false,
  summary: "E-mails a password reset link (answers OK for unknown e-mails too)",
});

/** `account.setPassword`: Sets a password with an e-mailed access code and logs in. */
export const accountSetPassword = defineCall({
  id: "account.setPassword",
  area: "account",
  method: "POST",
  path: "/api/account-set-password",
  body: z.object({ email: Email, accessCode: AccessCode, password: Password }),
  response: LoginResult,
  secure: false,
  summary: "Sets a password with an e-mailed access code and logs in",
});

/** `account.verifyEmail`: Confirms an e-mail address with an e-mailed access code. */
export const accountVerifyEmail = defineCall({
  id: "account.verifyEmail",
  area: "account",
  method: "POST",
  path: "/api/account-verify-email",
  body: z.object({ email: Email, accessCode: AccessCode }),
  response: ok({ account: Account }),
  secure: false,
  summary: "Confirms an e-mail address with an e-mailed access code",
});

/** `account.get`: Account data of the token's account. */
export const accountGet = defineCall({
  id: "account.get",
  area: "account",
  method: "GET",
  path: "/api/account",
  query: z.object({
    accountId: z.optional(Uuid).check(z.meta({ description: "Must be the token's own account when given" })),
  }),
  response: ok({ account: Account }),
  secure: true,
  summary: "Account data of the token's account",
});

/** `account.byToken`: The session of a bearer token (checks that the token is still valid). */
export const accountByToken = defineCall({
  id: "account.byToken",
  area: "account",
  method: "GET",
  path: "/api/account-by-token",
  response: LoginResult,
  secure: true,
  summary: "The session of a bearer token (checks that the token is still valid)",
});

/** `account.byAccessCode`: The account an e-mailed access code belongs to (for the set-password page). */
export const accountByAccessCode = defineCall({
  id: "account.byAccessCode",
  area: "account",
  method: "GET",
  path: "/api/account-by-access-code",
  query: z.object({ email: Email, accessCode: AccessCode }),
  response: ok({ account: Account }),
  secure: false,
  summary: "The account an e-mailed access code belongs to (for the set-password page)",
});

/** `account.changePassword`: Changes the password of the token's account. */
export const accountChangePassword = defineCall({
  id: "account.changePassword",
  area: "account",
  method: "POST",
  path: "/api/account-change-password",
  body: z.object({ currentPassword: Text.check(z.minLength(1), z.maxLength(200)), newPassword: Password }),
  response: OkOnly,
  secure: true,
  summary: "Changes the password of the token's account",
});

/** `account.setData`: Updates name, phone, language and billing info of the token's account. */
export const accountSetData = defineCall({
  id: "account.setData",
  area: "account",
  method: "POST",
  path: "/api/account-set-data",
  body: AccountSetDataBody,
  response: ok({ account: Account }),
  secure: true,
  summary: "Updates name, phone, language and billing info of the token's account",
});

/** `account.events`: Events the account holds tickets for. */
export const accountEvents = defineCall({
  id: "account.events",
  area: "account",
  method: "GET",
  path: "/api/account-events",
  response: ok({ events: z.array(EventSummary) }),
  secure: true,
  summary: "Events the account holds tickets for",
});

/** `account.tickets`: Tickets of the account. */
export const accountTickets = defineCall({
  id: "account.tickets",
  area: "account",
  method: "GET",
  path: "/api/account-tickets",
  response: ok({ tickets: z.array(Ticket) }),
  secure: true,
  summary: "Tickets of the account",
});

/** `account.orders`: Orders of the account, newest first. */
export const accountOrders = defineCall({
  id: "account.orders",
  area: "account",
  method: "GET",
  path: "/api/account-orders",
  response: ok({ orders: z.array(OrderSummary) }),
  secure: true,
  summary: "Orders of the account, newest first",
});

/** `account.ticketsByEvent`: Tickets of the account for one event. */
export const accountTicketsByEvent = defineCall({
  id: "account.ticketsByEvent",
  area: "account",
  method: "GET",
  path: "/api/account-tickets-by-event",
  query: eventQuery,
  response: ok({ tickets: z.array(Ticket) }),
  secure: true,
  summary: "Tickets of the account for one event",
});

/** `account.chipsByEvent`: Chips of the account for one event. */
export const accountChipsByEvent = defineCall({
  id: "account.chipsByEvent",
  area: "account",
  method: "GET",
  path: "/api/account-chips-by-event",
  query: eventQuery,
  response: ok({ chips: z.array(Chip) }),
  secure: true,
  summary: "Chips of the account for one event",
});

/** Calls of the account area. */
export const accountCalls = {
  create: accountCreate,
  register: accountRegister,
  sendResetEmail: accountSendResetEmail,
  setPassword: accountSetPassword,
  verifyEmail: accountVerifyEmail,
  get: accountGet,
  byToken: accountByToken,
  byAccessCode: accountByAccessCode,
  changePassword: accountChangePassword,
  setData: accountSetData,
  events: accountEvents,
  tickets: accountTickets,
  orders: accountOrders,
  ticketsByEvent: accountTicketsByEvent,
  chipsByEvent: accountChipsByEvent,
} as const;
