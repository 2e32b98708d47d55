/**
 * The required acceptance of the terms of sale, wherever an order is placed (the cart's checkout, the
 * account's chip top-up): a checkbox whose label accepts the seller's terms, the links to the terms of sale
 * (refunds and cancellation included) and the privacy notice, and — after an attempt without it — the error
 * beside it, tied with `aria-describedby` and `aria-invalid`. The caller keeps the state and moves the focus.
 */
import type { CartTerms } from "../../lib/legal.ts";

/** The words of the acceptance (the locales' `legal.checkout`). */
export interface TermsTexts {
  accept: string;
  termsLink: string;
  privacyLink: string;
  required: string;
}

/** Props of {@link TermsCheckbox}. */
export interface TermsCheckboxProps {
  /** Id of the checkbox (the caller focuses it after an attempt without it). */
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  showError: boolean;
  texts: TermsTexts;
  /** Where the terms and the privacy notice are read; no links when unknown. */
  links: Pick<CartTerms, "termsHref" | "privacyHref"> | null | undefined;
}

const LINK = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";

/** The terms checkbox with its links and error. */
export function TermsCheckbox({ id, checked, onChange, showError, texts, links }: TermsCheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4" data-terms>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          required
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          checked={checked}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-slate-900">
          {texts.accept}
        </label>
      </div>
      {links && (
        <p className="mt-2 pl-8 text-sm text-slate-700">
          <a href={links.termsHref} target="_blank" rel="noopener" className={LINK}>
            {texts.termsLink}
          </a>
          {" · "}
          <a href={links.privacyHref} target="_blank" rel="noopener" className={LINK}>
            {texts.privacyLink}
          </a>
        </p>
      )}
      {showError && (
        <p id={errorId} className="mt-2 pl-8 text-sm font-medium text-rose-800">
          {texts.required}
        </p>
      )}
    </div>
  );
}
