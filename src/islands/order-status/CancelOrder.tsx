/**
 * Cancelling an unpaid order (client:load): a button that asks first in a native modal `<dialog>`, then
 * calls `order.cancel` and reloads the page, which then shows the canceled order.
 */
import { useId, useRef, useState } from "react";
import type { Locale } from "../../lib/i18n/config.ts";
import { tryCancelOrder } from "../../stores/order.ts";
import { browserPass } from "../../stores/pass.ts";

/** Texts of the cancel button and its dialog, in the page's language. */
export interface CancelOrderMessages {
  button: string;
  dialogTitle: string;
  dialogText: string;
  confirm: string;
  keep: string;
  working: string;
  error: string;
  alreadyPaid: string;
}

/** Props of the cancel island. */
export interface CancelOrderProps {
  orderId: string;
  locale: Locale;
  messages: CancelOrderMessages;
}

/** The "Cancel order" button of the order page, with its confirmation dialog. */
export default function CancelOrder({ orderId, locale, messages }: CancelOrderProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await tryCancelOrder(browserPass(locale), orderId);
    if (outcome === "canceled") {
      location.reload();
      return;
    }
    if (outcome === "alreadyPaid") {
      setError(messages.alreadyPaid);
      setTimeout(() => location.reload(), 2000);
      return;
    }
    setError(messages.error);
    setBusy(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-slate-800 transition hover:border-red-300 hover:bg-red-50 hover:text-red-800"
      >
        {messages.button}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
        onClose={() => setError(null)}
      >
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
          {messages.dialogTitle}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-slate-700">
          {messages.dialogText}
        </p>
        {error ? (
          <p role="alert" className="mt-4 font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            disabled={busy}
            onClick={() => dialog.current?.close()}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {messages.keep}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={confirm}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? messages.working : messages.confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
