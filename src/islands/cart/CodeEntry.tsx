/**
 * One field for a discount code, a coupon or a supercoupon: the service checks it as each kind and the
 * first valid one is applied. The result is announced (success politely, a refusal as an alert, tied to
 * the field); applied codes are listed with a button to remove each. Until a code is applied or checked the
 * field stays behind one "I have a code" button (one tab stop on the way to pay instead of two).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type CartNotice, type CartState, CODE_KINDS, codeRequests } from "../../stores/cart/index.ts";
import { CloseIcon } from "../close-icon.tsx";
import { List } from "./List.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link CodeEntry}. */
export interface CodeEntryProps {
  state: CartState;
  checking: boolean;
  notice: CartNotice | null;
}

/** The code field with its result and the applied codes. */
export function CodeEntry({ state, checking, notice }: CodeEntryProps) {
  const { t, eventId } = useCartView();
  const [code, setCode] = useState("");
  const error = notice?.tone === "error";
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    const { applyCode } = await codeRequests();
    if (await applyCode(eventId, code)) setCode("");
  };
  const applied = CODE_KINDS.flatMap((kind) => {
    const entry = state.codes[kind];
    return entry ? [entry] : [];
  });
  const [opened, setOpened] = useState(false);
  const open = opened || applied.length > 0 || notice !== null || checking;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) input.current?.focus();
  }, [opened]);
  if (!open) {
    return (
      <button
        type="button"
        aria-expanded="false"
        aria-controls="cart-code-form"
        onClick={() => setOpened(true)}
        className="self-start rounded-md text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        data-code-toggle
      >
        {t("codes.open")}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <form id="cart-code-form" onSubmit={submit} className="flex flex-col gap-1" noValidate>
        <label htmlFor="cart-code" className="text-sm font-medium text-slate-900">
          {t("codes.label")}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="cart-code"
            name="code"
            type="text"
            autoComplete="off"
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error}
            aria-describedby="cart-code-result"
            className={`block min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 uppercase text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 ${
              error ? "border-rose-600" : "border-slate-300"
            }`}
          />
          <button
            type="submit"
            aria-disabled={checking}
            className="min-h-11 shrink-0 rounded-lg border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:opacity-70"
          >
            {t("codes.apply")}
          </button>
        </div>
        <div id="cart-code-result" className="text-sm" role={error ? "alert" : "status"}>
          {checking ? (
            <p className="text-slate-700">{t("codes.checking")}</p>
          ) : notice ? (
            <p
              className={error ? "font-medium text-rose-800" : "font-medium text-emerald-800"}
              data-code-result={notice.key}
            >
              {t(notice.key, notice.values)}
            </p>
          ) : null}
        </div>
      </form>
      {applied.length > 0 && (
        <List className="flex flex-col gap-1.5">
          {applied.map((entry) => (
            <li
              key={entry.kind}
              className="flex items-center justify-between gap-2 rounded-lg bg-white px-3 py-1.5 text-sm ring-1 ring-brand-200"
              data-code-kind={entry.kind}
            >
              <span>
                <span className="text-slate-700">{t(`codes.kinds.${entry.kind}`)}</span>{" "}
                <span className="font-mono font-semibold text-slate-900">{entry.code}</span>
              </span>
              <button
                type="button"
                onClick={() => void codeRequests().then(({ removeCode }) => removeCode(eventId, entry.kind))}
                aria-label={t("codes.remove", { code: entry.code })}
                className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </List>
      )}
    </div>
  );
}
