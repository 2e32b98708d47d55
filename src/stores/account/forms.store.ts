/**
 * The account area's actions that send a form: saving the account's data, changing the password, and
 * topping up a chip (an order of credit, paid on its order page). Each checks in the browser first, with the
 * rule the service applies again, and says how it came out.
 */
import { type ApiClient, isApiError } from "../../client/index.ts";
import type { Account } from "../../contract/account.ts";
import { accountChangePassword, accountSetData } from "../../contract/account.ts";
import type { EventRef } from "../../contract/common.ts";
import { eventPaymentMethods } from "../../contract/event.ts";
import { orderCreateCredit } from "../../contract/order.ts";
import type { Chip, ChipCreditLimit } from "../../contract/ticket.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { randomUuid } from "../../lib/ids.ts";
import { pathTo } from "../../lib/routes.ts";
import type { FieldProblem } from "../cart/form.ts";
import { orderReturnUrl } from "../cart/gateway-return.ts";
import { pageLogger } from "../page.ts";
import { type AccountDataDraft, checkAccountData, DATA_FIELDS, type DataField } from "./data-form.ts";
import {
  checkPasswordChange,
  type PasswordDraft,
  type PasswordField,
  type PasswordProblem,
} from "./password.ts";
import { checkTopUp, creditBody, type TopUpProblem } from "./top-up.ts";

/** How saving the account's data came out. */
export type SaveDataResult =
  | { kind: "saved"; account: Account }
  | { kind: "invalid"; errors: Partial<Record<DataField, FieldProblem>> }
  | { kind: "failed" };

const DATA_FIELD_NAMES: ReadonlySet<string> = new Set(DATA_FIELDS);

/** The form field a service's validation error names (`billingInfo.vatId` → `vatId`), if any. */
function dataFieldOf(error: unknown): DataField | null {
  const body = isApiError(error) && typeof error.body === "object" && error.body ? error.body : {};
  const key =
    String((body as { field?: unknown }).field ?? "")
      .split(".")
      .at(-1) ?? "";
  return DATA_FIELD_NAMES.has(key) ? (key as DataField) : null;
}

/** Saves the account's data (`account.setData`) once the form is valid. */
export async function saveAccountData(client: ApiClient, draft: AccountDataDraft): Promise<SaveDataResult> {
  const checked = checkAccountData(draft);
  if (checked.errors) return { kind: "invalid", errors: checked.errors };
  try {
    const { account } = await client.call(accountSetData, { body: checked.body });
    return { kind: "saved", account };
  } catch (error) {
    const field = isApiError(error, 400) ? dataFieldOf(error) : null;
    if (field) return { kind: "invalid", errors: { [field]: "invalid" } };
    pageLogger("account").error("account data not saved", error);
    return { kind: "failed" };
  }
}

/** How a password change came out. */
export type ChangePasswordResult =
  | { kind: "changed" }
  | { kind: "invalid"; errors: Partial<Record<PasswordField, PasswordProblem>> }
  | { kind: "failed" };

/** Changes the password (`account.changePassword`); a wrong current password (400 `WRONG_PASSWORD`) is that field's problem. */
export async function changePassword(client: ApiClient, draft: PasswordDraft): Promise<ChangePasswordResult> {
  const checked = checkPasswordChange(draft);
  if (checked.errors) return { kind: "invalid", errors: checked.errors };
  try {
    await client.call(accountChangePassword, { body: checked.body });
    return { kind: "changed" };
  } catch (error) {
    if (isApiError(error, "wrong_password")) return { kind: "invalid", errors: { currentPassword: "wrong" } };
    pageLogger("account").error("password not changed", error);
    return { kind: "failed" };
  }
}

/**
 * How a top-up came out: the order page to pay it on, the amount's problem, terms of sale changed since the
 * page was loaded (accept the current ones), or a failure.
 */
export type TopUpResult =
  | { kind: "order"; href: string }
  | { kind: "invalid"; problem: TopUpProblem }
  | { kind: "termsChanged" }
  | { kind: "failed" };

/** What a top-up needs besides the typed amount. */
export interface TopUpRequest {
  chip: Chip;
  event: EventRef;
  limit: ChipCreditLimit | null;
  /** The event's top-up product the credit is bought as. */
  productItemId?: string | undefined;
  /** The storefront's origin: the payment gateway returns the buyer to the top-up's order page there. */
  origin: string;
  amountText: string;
  locale: Locale;
  /** The version of the terms of sale the buyer accepted. */
  termsVersion: string;
  /** One per attempt: a retry of the same attempt never creates a second order. */
  idempotencyKey?: string;
}

/**
 * Tops up a chip: `order.createCredit` for the amount with the event's first payment method (the order page
 * offers the others) and an Idempotency-Key; answers the order page that takes the payment.
 */
export async function topUpChip(client: ApiClient, request: TopUpRequest): Promise<TopUpResult> {
  const checked = checkTopUp(request.amountText, request.limit);
  if (checked.problem) return { kind: "invalid", problem: checked.problem };
  try {
    const params = { eventId: request.event.eventId };
    const { paymentMethods } = await client.call(eventPaymentMethods, { params });
    const method = [...paymentMethods].sort((a, b) => a.displayOrder - b.displayOrder)[0];
    if (!method) return { kind: "failed" };
    const body = creditBody(
      request.chip,
      checked.amount,
      method.paymentMethodId,
      request.locale,
      request.termsVersion,
      request.productItemId,
      orderReturnUrl(request.origin, request.locale, request.event),
    );
    const { order } = await client.call(orderCreateCredit, {
      body,
      idempotencyKey: request.idempotencyKey ?? randomUuid(),
    });
    const { organizerSlug, eventSlug } = request.event;
    return {
      kind: "order",
      href: pathTo(request.locale, "order", { organizerSlug, eventSlug, orderId: order.orderId }),
    };
  } catch (error) {
    if (isApiError(error, "limit_exceeded")) return { kind: "invalid", problem: "max" };
    if (isApiError(error, "terms_changed")) return { kind: "termsChanged" };
    pageLogger("account").error("chip not topped up", error);
    return { kind: "failed" };
  }
}
