/**
 * The cart's chip credit: first how the credit reaches the buyer's chip (a voucher with a code and QR per
 * top-up, loaded onto the chip at the event's credit desk) and that unused credit is refunded after the event
 * on request, with a link to the organizer's terms of sale that say so; then the top-ups with their counters
 * (so the last counter is followed by the checkout, not by the link).
 */
import type { CartCatalog, CartState } from "../../stores/cart/index.ts";
import { ChipPicker } from "./ChipPicker.tsx";
import { Section } from "./Section.tsx";
import { useCartView } from "./view.tsx";

/** Id of the section's heading (also its anchor). */
const HEADING_ID = "cart-chips";

/** Props of {@link ChipsSection}. */
export interface ChipsSectionProps {
  catalog: CartCatalog;
  state: CartState;
  /** Epoch milliseconds the sale is judged at. */
  now: number;
}

/** The chip top-ups of the event and what happens to the credit bought. */
export function ChipsSection({ catalog, state, now }: ChipsSectionProps) {
  const { t } = useCartView();
  const termsHref = catalog.terms?.termsHref;
  return (
    <Section id={HEADING_ID} title={t("chipTexts.topUps")} lead={t("chipTexts.topUpsLead")}>
      <div
        className="mb-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800"
        data-chip-credit-how
      >
        <h3 className="font-semibold text-slate-900">{t("chipTexts.howHeading")}</h3>
        <p className="mt-1">{t("chipTexts.how")}</p>
        <p className="mt-2">
          {t("chipTexts.refund")}
          {termsHref && (
            <>
              {" "}
              <a
                href={termsHref}
                target="_blank"
                rel="noopener"
                className="inline-flex min-h-6 items-center font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
                data-chip-credit-terms
              >
                {t("chipTexts.termsLink")}
              </a>
            </>
          )}
        </p>
      </div>
      <ChipPicker catalog={catalog} state={state} now={now} />
    </Section>
  );
}
