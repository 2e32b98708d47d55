/**
 * The buyer's form and payment method as typed: details, fields left (so their problems show), problems the
 * service found, the chosen method, and initiate checkout tracked once per page.
 */
import { track } from "../../lib/tracking.ts";
import { type AccountDetails, checkForm, type FieldErrors, type FormField, fillFromAccount } from "./form.ts";
import { notify, type Runtime, runtime, setState } from "./runtime.store.ts";
import type { CartState } from "./state.ts";
import { cartSummary } from "./summary.ts";
import { cartTrackingUser, trackingItems } from "./tracking.ts";

/** Updates the buyer's contact details as typed. */
export function updateBuyer(eventId: string, patch: Partial<CartState["buyer"]>): void {
  const rt = runtime(eventId);
  setState(rt, (s) => ({ ...s, buyer: { ...s.buyer, ...patch } }));
  clearServerErrors(rt, Object.keys(patch) as FormField[]);
}

/** Fills the buyer's empty fields from the signed-in account, keeping whatever the buyer typed. */
export function fillBuyerFromAccount(eventId: string, account: AccountDetails): void {
  const rt = runtime(eventId);
  rt.account = account;
  setState(rt, (s) => ({ ...s, ...fillFromAccount(s, account) }));
}

/**
 * Updates the billing details as typed (`wanted` switches them on or off). The form asks for a country only
 * with the billing details: the buyer's country follows it (otherwise it stays the language's or the account's).
 */
export function updateBilling(eventId: string, patch: Partial<CartState["billing"]>): void {
  const rt = runtime(eventId);
  const { countryId } = patch;
  setState(rt, (s) => ({
    ...s,
    billing: { ...s.billing, ...patch },
    buyer: countryId === undefined ? s.buyer : { ...s.buyer, countryId },
  }));
  const fields = Object.keys(patch).map((k) => (k === "countryId" ? "billingCountryId" : k)) as FormField[];
  clearServerErrors(rt, fields);
}

function clearServerErrors(rt: Runtime, fields: FormField[]): void {
  const current = rt.$status.get().serverFieldErrors;
  if (!fields.some((f) => current[f])) return;
  const next = { ...current };
  for (const f of fields) delete next[f];
  rt.$status.setKey("serverFieldErrors", next);
}

/** Marks a field as left by the buyer, so its problem shows. */
export function touchField(eventId: string, field: FormField): void {
  const rt = runtime(eventId);
  if (rt.$status.get().touched[field]) return;
  rt.$status.setKey("touched", { ...rt.$status.get().touched, [field]: true });
}

/** Shows every problem of the buyer's form and returns them (a demo cart's check); a complete form is praised. */
export function showFormErrors(eventId: string): FieldErrors {
  const rt = runtime(eventId);
  rt.$status.setKey("showAllErrors", true);
  const { errors } = checkForm(rt.$cart.get());
  const complete = Object.keys(errors).length === 0;
  notify(rt, complete ? { key: "demo.formOk", tone: "success" } : { key: "errors.form", tone: "error" });
  return errors;
}

/** Chooses the payment method. */
export function choosePaymentMethod(eventId: string, paymentMethodId: number): void {
  const rt = runtime(eventId);
  setState(rt, (s) => ({ ...s, paymentMethodId }));
}

/** Tracks initiate checkout once per page, when the buyer starts the form or submits. */
export function startCheckout(eventId: string): void {
  const rt = runtime(eventId);
  if (rt.mode !== "live" || rt.$status.get().checkoutStarted) return;
  const summary = cartSummary(rt.$cart.get(), rt.$catalog.get());
  if (summary.empty) return;
  rt.$status.setKey("checkoutStarted", true);
  track("initiateCheckout", {
    id: rt.eventId,
    eventId: rt.eventId,
    currencyId: summary.currencyId,
    value: summary.total,
    items: trackingItems(summary.lines),
    user: cartTrackingUser(rt.$cart.get(), rt.account),
  });
}
