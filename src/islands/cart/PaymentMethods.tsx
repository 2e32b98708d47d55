/** The payment methods of the event as a radio group, each with its description and fee. */

import { choosePaymentMethod } from "../../stores/cart/checkout-api.ts";
import { type CartCatalog, type CartState, chosenPaymentMethod } from "../../stores/cart/index.ts";
import { useCartView } from "./view.tsx";

/** Props of {@link PaymentMethods}. */
export interface PaymentMethodsProps {
  catalog: CartCatalog;
  state: CartState;
  /** Id of the section's heading. */
  headingId: string;
}

/** The payment method choice. */
export function PaymentMethods({ catalog, state, headingId }: PaymentMethodsProps) {
  const { t, eventId, money } = useCartView();
  const methods = [...catalog.paymentMethods].sort((a, b) => a.displayOrder - b.displayOrder);
  const chosen = chosenPaymentMethod(state, catalog);
  return (
    <section aria-labelledby={headingId} className="scroll-mt-24">
      <fieldset>
        <legend>
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {t("payment.heading")}
          </h2>
        </legend>
        {methods.length === 0 && <p className="mt-5 text-slate-700">{t("payment.none")}</p>}
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          {methods.map((method) => {
            const id = `cart-payment-${method.paymentMethodId}`;
            const checked = chosen?.paymentMethodId === method.paymentMethodId;
            return (
              <label
                key={method.paymentMethodId}
                className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 ${
                  checked
                    ? "border-brand-600 ring-2 ring-brand-600"
                    : "border-slate-300 hover:border-brand-400"
                }`}
                data-payment-method={method.paymentMethodId}
              >
                <input
                  id={id}
                  type="radio"
                  name="paymentMethodId"
                  value={method.paymentMethodId}
                  checked={checked}
                  onChange={() => choosePaymentMethod(eventId, method.paymentMethodId)}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-slate-900">{method.name}</span>
                  {method.description && <span className="text-sm text-slate-700">{method.description}</span>}
                  {method.feeAmount ? (
                    <span className="text-sm text-slate-700">
                      {t("payment.fee", { fee: money(method.feeAmount) })}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}
