/**
 * What stands for the checkout (`Checkout.tsx`) until it is loaded: its form (the pay button submits it),
 * its headings and boxes of about its height, so nothing moves when the form arrives. Being reached (scrolled
 * to, pointed at, focused) or submitted asks for the checkout.
 */
import { type FormEvent, useEffect, useRef } from "react";
import { watchReached } from "../reached.ts";
import { Section } from "./Section.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link CheckoutPlaceholder}. */
export interface CheckoutPlaceholderProps {
  formId: string;
  /** Asks for the checkout (`pay`: the buyer submitted the form). */
  onWanted?: (pay: boolean) => void;
}

const BOX = "rounded-xl border border-slate-200 bg-white/60";

/** The checkout's place, its headings and empty boxes. */
export function CheckoutPlaceholder({ formId, onWanted }: CheckoutPlaceholderProps) {
  const { t } = useCartView();
  const ref = useRef<HTMLFormElement>(null);

  // Reaching the form asks for it: scrolling it into view (the first screen does not ask by itself), or a
  // pointer or focus inside it.
  useEffect(() => {
    const form = ref.current;
    if (!onWanted || !form) return;
    return watchReached(form, () => onWanted(false));
  }, [onWanted]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onWanted?.(true);
  };

  return (
    <form
      id={formId}
      ref={ref}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-12"
      data-checkout-placeholder
    >
      <Section id="cart-buyer" title={t("form.heading")} lead={t("form.lead")}>
        <div
          className={`${BOX} flex h-[29.5rem] items-center justify-center p-6 text-center text-slate-600 sm:h-[20.25rem] lg:h-[19rem]`}
        >
          {t("form.pending")}
        </div>
      </Section>
      <section aria-labelledby="cart-payment" className="scroll-mt-24">
        <h2 id="cart-payment" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
          {t("payment.heading")}
        </h2>
        <div aria-hidden="true" className={`${BOX} mt-5 h-[12.375rem] sm:h-32`} />
      </section>
    </form>
  );
}
