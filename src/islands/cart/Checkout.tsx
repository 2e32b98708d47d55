/**
 * The checkout of the cart island: the buyer's form and the payment method in one form, submitted by the
 * summary's pay button (`form` attribute). Loaded on demand (`lazy`): the first paint of a cart shows
 * the ticket types and the summary, and the island loads this part (with the form's checks and the order's
 * code) when the buyer first adds something, reaches the form or pays.
 */
import { type FormEvent, type RefObject, useEffect, useRef } from "react";
import {
  checkForm,
  type FieldErrors,
  FORM_FIELDS,
  type FormField,
  showFormErrors,
  submitOrder,
  visibleErrors,
} from "../../stores/cart/checkout-api.ts";
import type { CartCatalog, CartHandle, CartState, CartStatus } from "../../stores/cart/index.ts";
import { BuyerForm, fieldId } from "./BuyerForm.tsx";
import { PaymentMethods } from "./PaymentMethods.tsx";
import { Section } from "./Section.tsx";
import { TERMS_FIELD_ID, TermsConsent } from "./TermsConsent.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link Checkout}. */
export interface CheckoutProps {
  /** Id of the form (the summary's pay button submits it). */
  formId: string;
  /** The stores of the cart (read again after the order's answer). */
  cart: CartHandle;
  catalog: CartCatalog;
  state: CartState;
  status: CartStatus;
  /** The summary's message, focused when a refusal names no field. */
  noticeRef: RefObject<HTMLDivElement | null>;
  /** The buyer paid before this part was loaded: submit once it is there. */
  submitNow: boolean;
}

function focusFirst(errors: FieldErrors | Partial<Record<FormField, string>>): boolean {
  const field = FORM_FIELDS.find((f) => errors[f]);
  const element = field ? document.getElementById(fieldId(field)) : null;
  element?.focus();
  return element !== null;
}

/** The buyer's details and the payment method, as one form. */
export default function Checkout({
  formId,
  cart,
  catalog,
  state,
  status,
  noticeRef,
  submitNow,
}: CheckoutProps) {
  const { t, eventId, demo } = useCartView();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = visibleErrors(checkForm(state).errors, status.touched, status.showAllErrors);

  useEffect(() => {
    if (submitNow) formRef.current?.requestSubmit();
  }, [submitNow]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (demo) {
      if (!focusFirst(showFormErrors(eventId))) noticeRef.current?.focus();
      return;
    }
    const outcome = await submitOrder(eventId);
    if (outcome.ok || outcome.reason === "busy") return;
    if (outcome.reason === "form" && focusFirst(checkForm(cart.$cart.get()).errors)) return;
    if (outcome.reason === "terms") return document.getElementById(TERMS_FIELD_ID)?.focus();
    if (outcome.reason === "refused" && focusFirst(cart.$status.get().serverFieldErrors)) return;
    noticeRef.current?.focus();
  };

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-12">
      <Section id="cart-buyer" title={t("form.heading")} lead={t("form.lead")}>
        <BuyerForm state={state} errors={errors} serverErrors={status.serverFieldErrors} />
      </Section>
      <PaymentMethods catalog={catalog} state={state} headingId="cart-payment" />
      <TermsConsent catalog={catalog} />
      {demo && (
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center self-start rounded-lg border border-brand-700 bg-white px-5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t("demo.check")}
        </button>
      )}
    </form>
  );
}
