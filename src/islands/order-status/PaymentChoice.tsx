/**
 * Paying an unpaid order again (client:load): a choice of the event's payment methods and a pay button.
 * `payment.start` answers the order; a gateway method goes to the gateway's page, a bank transfer reloads
 * the order page, which then shows the transfer details.
 */
import { type FormEvent, useId, useState } from "react";
import type { Locale } from "../../lib/i18n/config.ts";
import { randomUuid } from "../../lib/ids.ts";
import { startPayment } from "../../stores/order.ts";
import { pageLogger } from "../../stores/page.ts";
import { browserPass } from "../../stores/pass.ts";

/** A payment method as the choice shows it. */
export interface PaymentChoiceMethod {
  id: number;
  name: string;
  description: string | null;
  /** Its fee in words, null when it has none. */
  fee: string | null;
  /** The pay button with this method, naming the amount it charges (its fee included). */
  submit: string;
}

/** Texts of the payment choice, in the page's language. */
export interface PaymentChoiceMessages {
  legend: string;
  working: string;
  error: string;
}

/** Props of the payment choice island. */
export interface PaymentChoiceProps {
  orderId: string;
  locale: Locale;
  methods: PaymentChoiceMethod[];
  /** Method selected at first (the order's own when the event still offers it). */
  selected: number | null;
  messages: PaymentChoiceMessages;
}

/** The payment method choice of the order page. */
export default function PaymentChoice({ orderId, locale, methods, selected, messages }: PaymentChoiceProps) {
  const [methodId, setMethodId] = useState<number | null>(selected ?? methods[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const chosen = methods.find((method) => method.id === methodId);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || methodId === null) return;
    setBusy(true);
    setFailed(false);
    try {
      const { next } = await startPayment(browserPass(locale), {
        orderId,
        paymentMethodId: methodId,
        language: locale,
        returnUrl: `${location.origin}${location.pathname}`,
        idempotencyKey: randomUuid(),
      });
      if (next.kind === "redirect") location.assign(next.url);
      else location.reload();
    } catch (error) {
      pageLogger("order").warn("payment not started", error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={pay}
      className="flex flex-col gap-4"
      aria-describedby={failed ? `${id}-error` : undefined}
    >
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-2 font-semibold text-slate-900">{messages.legend}</legend>
        {methods.map((method) => (
          <label
            key={method.id}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600"
            data-payment-method={method.id}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method.id}
              checked={methodId === method.id}
              onChange={() => setMethodId(method.id)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{method.name}</span>
              {method.description ? (
                <span className="text-sm text-slate-600">{method.description}</span>
              ) : null}
              {method.fee ? (
                <span className="text-sm text-slate-700" data-payment-fee>
                  {method.fee}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        disabled={busy || methodId === null}
        className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:self-start"
      >
        {busy ? messages.working : (chosen?.submit ?? "")}
      </button>
      {failed ? (
        <p id={`${id}-error`} role="alert" className="font-medium text-red-700">
          {messages.error}
        </p>
      ) : null}
    </form>
  );
}
