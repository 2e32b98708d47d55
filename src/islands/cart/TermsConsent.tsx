/**
 * The checkout's required acceptance of the terms of sale: a checkbox whose label links the seller's terms
 * of sale (refunds and cancellation included) and privacy notice. Paying without it shows the error beside
 * it (tied with `aria-describedby`, `aria-invalid`) and focuses it; the service refuses such an order too.
 */
import { useStore } from "@nanostores/react";
import { $terms, acceptTerms, termsOf } from "../../stores/cart/checkout-api.ts";
import type { CartCatalog } from "../../stores/cart/index.ts";
import { useCartView } from "./view.tsx";

/** Id of the terms checkbox (focused when the buyer pays without ticking it). */
export const TERMS_FIELD_ID = "cart-field-terms";

const LINK = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";

/** The terms checkbox with its links and error. */
export function TermsConsent({ catalog }: { catalog: CartCatalog }) {
  const { t, eventId } = useCartView();
  useStore($terms);
  const { accepted, showError } = termsOf(eventId);
  const terms = catalog.terms;
  const errorId = `${TERMS_FIELD_ID}-error`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4" data-terms>
      <div className="flex items-start gap-3">
        <input
          id={TERMS_FIELD_ID}
          type="checkbox"
          required
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          checked={accepted}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => acceptTerms(eventId, event.target.checked)}
        />
        <label htmlFor={TERMS_FIELD_ID} className="text-slate-900">
          {t("legal.checkout.accept")}
        </label>
      </div>
      {terms && (
        <p className="mt-2 pl-8 text-sm text-slate-700">
          <a href={terms.termsHref} target="_blank" rel="noopener" className={LINK}>
            {t("legal.checkout.termsLink")}
          </a>
          {" · "}
          <a href={terms.privacyHref} target="_blank" rel="noopener" className={LINK}>
            {t("legal.checkout.privacyLink")}
          </a>
        </p>
      )}
      {showError && (
        <p id={errorId} className="mt-2 pl-8 text-sm font-medium text-rose-800">
          {t("legal.checkout.required")}
        </p>
      )}
    </div>
  );
}
