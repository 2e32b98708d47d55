/**
 * The account's data form: name, phone, language and billing details as typed, read from the account,
 * checked with the contract's `AccountSetDataBody` (whose `BillingInfo` checks the VAT id against the billing
 * country's pattern, spec §5) into the body of `account.setData`, with a problem per field.
 */
import type { z } from "zod/mini";
import { type Account, AccountSetDataBody } from "../../contract/account.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { billingInputOf, type FieldProblem, normalizePhone, problemOf } from "../cart/form.ts";
import { DEFAULT_COUNTRY } from "../cart/state.ts";

/** Fields of the account's data form. */
export const DATA_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "language",
  "companyName",
  "companyId",
  "vatId",
  "address",
  "city",
  "postalCode",
  "countryId",
] as const;

/** A field of the account's data form. */
export type DataField = (typeof DATA_FIELDS)[number];

/** The account's data as typed; billing details are sent only when `billing` is on. */
export interface AccountDataDraft {
  firstName: string;
  lastName: string;
  phone: string;
  language: Locale;
  billing: boolean;
  companyName: string;
  companyId: string;
  vatId: string;
  address: string;
  city: string;
  postalCode: string;
  countryId: number;
}

/** The form filled from the account (the language's country preselected when it has no billing details). */
export function draftOf(account: Account): AccountDataDraft {
  const b = account.billingInfo;
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone ?? "",
    language: account.language,
    billing: b !== null,
    companyName: b?.companyName ?? "",
    companyId: b?.companyId ?? "",
    vatId: b?.vatId ?? "",
    address: b?.address ?? "",
    city: b?.city ?? "",
    postalCode: b?.postalCode ?? "",
    countryId: b?.countryId ?? DEFAULT_COUNTRY[account.language],
  };
}

/** The body of `account.setData`, or the problem of each field that stops it. */
export type CheckedData =
  | { body: z.output<typeof AccountSetDataBody>; errors: null }
  | { body: null; errors: Partial<Record<DataField, FieldProblem>> };

const BILLING_KEYS: Readonly<Record<string, DataField>> = {
  companyName: "companyName",
  companyId: "companyId",
  vatId: "vatId",
  address: "address",
  city: "city",
  postalCode: "postalCode",
  countryId: "countryId",
};

/** Checks the form with the contract's schema (the phone in E.164 form for the billing country first). */
export function checkAccountData(draft: AccountDataDraft): CheckedData {
  const phone = normalizePhone(draft.phone, draft.countryId);
  const billing = draft.billing ? billingInputOf(draft) : null;
  const input = {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phone: phone === "" ? null : phone,
    language: draft.language,
    billingInfo: billing,
  };
  const parsed = AccountSetDataBody.safeParse(input);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Partial<Record<DataField, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const [head, key] = issue.path.map(String);
    const field = head === "billingInfo" ? BILLING_KEYS[key ?? ""] : (head as DataField | undefined);
    if (!field || errors[field] || !DATA_FIELDS.includes(field)) continue;
    const value =
      head === "billingInfo" ? billing?.[key as keyof typeof billing] : input[head as keyof typeof input];
    errors[field] = problemOf(issue, field === "phone" ? draft.phone : value);
  }
  return { body: null, errors };
}
