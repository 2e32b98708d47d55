/**
 * The buyer's form: its fields, the phone number in E.164 form, the details checked with the contract's
 * `Buyer` and `BillingInfo` schemas and the VAT id pattern of the billing country, and which problems show.
 */
import type { Account } from "../../contract/account.ts";
import { BillingInfo, Buyer } from "../../contract/common.ts";
import { country } from "../../lib/enums/country.ts";
import { dialCode } from "../../lib/enums/country-dial-code.ts";
import { normalizeVatId } from "../../lib/validation/vat.ts";
import type { BillingDraft, CartState } from "./state.ts";

/** Billing details as a form types them (the cart's and the account's). */
export type BillingFields = Pick<
  BillingDraft,
  "countryId" | "city" | "address" | "postalCode" | "companyName" | "companyId" | "vatId"
>;

/** Billing details as typed, trimmed and normalized for the contract's `BillingInfo` (empty optionals null). */
export function billingInputOf(b: BillingFields) {
  const optional = (text: string) => (text.trim() === "" ? null : text.trim());
  const vatId = normalizeVatId(b.vatId);
  return {
    countryId: b.countryId,
    city: b.city.trim(),
    address: b.address.trim(),
    postalCode: b.postalCode.trim(),
    companyName: optional(b.companyName),
    companyId: optional(b.companyId),
    vatId: vatId === "" ? null : vatId,
  };
}

/** Fields of the buyer's form. */
export const FORM_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "countryId",
  "companyName",
  "companyId",
  "vatId",
  "address",
  "city",
  "postalCode",
  "billingCountryId",
] as const;

/** A field of the buyer's form. */
export type FormField = (typeof FORM_FIELDS)[number];

/** What is wrong with a field. */
export type FieldProblem = "required" | "invalid" | "tooLong";

/** Problems per field; empty when the form is valid. */
export type FieldErrors = Partial<Record<FormField, FieldProblem>>;

/**
 * A phone number in E.164 form: spaces, dashes, dots and brackets removed, `00` read as `+`, and a number
 * without a country code given the dialling code of the buyer's country (its trunk 0 dropped).
 */
export function normalizePhone(input: string, countryId: number): string {
  const compact = input.trim().replace(/[\s().\-/]/g, "");
  if (compact === "") return "";
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  const dial = dialCode(countryId);
  if (!dial || !/^\d+$/.test(compact)) return compact;
  return `+${dial}${compact.replace(/^0/, "")}`;
}

/** The buyer's details and billing details read from the form, checked with the contract's schemas. */
export interface CheckedForm {
  errors: FieldErrors;
  buyer: Buyer | null;
  billingInfo: BillingInfo | null;
}

const BUYER_FIELDS: Readonly<Record<string, FormField>> = {
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  phone: "phone",
  countryId: "countryId",
};

const BILLING_FIELDS: Readonly<Record<string, FormField>> = {
  companyName: "companyName",
  companyId: "companyId",
  vatId: "vatId",
  address: "address",
  city: "city",
  postalCode: "postalCode",
  countryId: "billingCountryId",
};

/** The problem of a zod issue: empty input is `required`, too long input `tooLong`, anything else `invalid`. */
export function problemOf(issue: { code: string }, input: unknown): FieldProblem {
  if (input === "" || input === undefined || input === null) return "required";
  if (issue.code === "too_big") return "tooLong";
  if (issue.code === "too_small" && typeof input === "string" && input.trim() === "") return "required";
  return "invalid";
}

/**
 * Checks the buyer's form with the contract's `Buyer` and `BillingInfo` schemas (the phone normalised
 * first) and the VAT id against the billing country's pattern (spec §5).
 */
export function checkForm(state: Pick<CartState, "buyer" | "billing">): CheckedForm {
  const errors: FieldErrors = {};
  const draft = state.buyer;
  // An empty phone is left out: the order does not need one.
  const phone = normalizePhone(draft.phone, draft.countryId);
  const buyerInput = {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: draft.email.trim(),
    ...(phone === "" ? {} : { phone }),
    countryId: draft.countryId,
  };
  const buyer = Buyer.safeParse(buyerInput);
  if (!buyer.success) {
    for (const issue of buyer.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field = BUYER_FIELDS[key];
      if (field && !errors[field]) {
        errors[field] = problemOf(issue, buyerInput[key as keyof typeof buyerInput]);
      }
    }
  }
  let billingInfo: BillingInfo | null = null;
  if (state.billing.wanted) {
    const b = state.billing;
    const billingInput = billingInputOf(b);
    const vatId = billingInput.vatId ?? "";
    const parsed = BillingInfo.safeParse(billingInput);
    if (parsed.success) billingInfo = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        const field = BILLING_FIELDS[key];
        if (field && !errors[field]) {
          errors[field] = problemOf(issue, billingInput[key as keyof typeof billingInput]);
        }
      }
    }
    const pattern = country.find(b.countryId)?.vatPattern;
    if (vatId !== "" && pattern && !pattern.test(vatId) && !errors.vatId) errors.vatId = "invalid";
    if (errors.vatId) billingInfo = null;
  }
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    buyer: valid && buyer.success ? buyer.data : null,
    billingInfo: valid ? billingInfo : null,
  };
}

/** The problems to show: all of them after a submit, else those of the fields the buyer has left. */
export function visibleErrors(
  errors: FieldErrors,
  touched: Partial<Record<FormField, boolean>>,
  all: boolean,
): FieldErrors {
  if (all) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched[field as FormField]));
}

/** The message key of a field's problem (under `cart.`): specific texts for e-mail, phone and VAT id. */
export function fieldErrorKey(field: FormField, problem: FieldProblem): string {
  if (problem === "required") return "form.errors.required";
  if (problem === "tooLong") return "form.errors.tooLong";
  if (field === "email" || field === "phone" || field === "vatId") return `form.errors.${field}`;
  return "form.errors.invalid";
}

/** The form field a service validation issue names (`buyer.email`, `body.billingInfo.vatId`), if any. */
export function fieldOfIssuePath(path: string): FormField | null {
  const [head, key = ""] = path.replace(/^body\./, "").split(".");
  if (head === "buyer") return BUYER_FIELDS[key] ?? null;
  if (head === "billingInfo") return BILLING_FIELDS[key] ?? null;
  return null;
}

/** The account details the buyer's form can be filled from. */
export type AccountDetails = Pick<Account, "firstName" | "lastName" | "email" | "phone" | "billingInfo">;

/**
 * The buyer's form filled from the signed-in account: every empty field takes the account's value, nothing
 * the buyer typed is replaced. Billing details fill in when none are typed yet (whether they are sent is
 * still the buyer's choice); the phone keeps the buyer's country.
 */
export function fillFromAccount(
  state: Pick<CartState, "buyer" | "billing">,
  account: AccountDetails,
): Pick<CartState, "buyer" | "billing"> {
  const keep = (typed: string, known: string | null | undefined) =>
    typed.trim() === "" ? (known ?? "") : typed;
  const b = state.billing;
  const info = account.billingInfo;
  const billingEmpty = [b.companyName, b.companyId, b.vatId, b.address, b.city, b.postalCode].every(
    (v) => v.trim() === "",
  );
  return {
    buyer: {
      firstName: keep(state.buyer.firstName, account.firstName),
      lastName: keep(state.buyer.lastName, account.lastName),
      email: keep(state.buyer.email, account.email),
      phone: keep(state.buyer.phone, account.phone),
      countryId: state.buyer.countryId,
    },
    billing:
      info && billingEmpty
        ? {
            wanted: b.wanted,
            companyName: info.companyName ?? "",
            companyId: info.companyId ?? "",
            vatId: info.vatId ?? "",
            address: info.address,
            city: info.city,
            postalCode: info.postalCode,
            countryId: info.countryId,
          }
        : b,
  };
}
