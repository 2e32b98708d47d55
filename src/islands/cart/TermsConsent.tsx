/**
 * The checkout's required acceptance of the terms of sale: a checkbox whose label links the seller's terms
 * of sale (refunds and cancellation included) and privacy notice. Paying without it shows the error beside
 * it (tied with `aria-describedby`, `aria-invalid`) and focuses it; the service refuses such an order too.
 */
import { useStore } from "@nanostores/react";
import { $terms, acceptTerms, termsOf } from "../../stores/cart/checkout-api.ts";
import type { CartCatalog } from "../../stores/cart/index.ts";
import { TermsCheckbox } from "../legal/TermsCheckbox.tsx";
import { useCartView } from "./view.tsx";

/** Id of the terms checkbox (focused when the buyer pays without ticking it). */
export const TERMS_FIELD_ID = "cart-field-terms";

/** The terms checkbox with its links and error. */
export function TermsConsent({ catalog }: { catalog: CartCatalog }) {
  const { t, eventId } = useCartView();
  useStore($terms);
  const { accepted, showError } = termsOf(eventId);
  const texts = {
    accept: t("legal.checkout.accept"),
    termsLink: t("legal.checkout.termsLink"),
    privacyLink: t("legal.checkout.privacyLink"),
    required: t("legal.checkout.required"),
  };
  return (
    <TermsCheckbox
      id={TERMS_FIELD_ID}
      checked={accepted}
      onChange={(checked) => acceptTerms(eventId, checked)}
      showError={showError}
      texts={texts}
      links={catalog.terms}
    />
  );
}
