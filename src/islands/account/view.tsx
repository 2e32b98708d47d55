/**
 * What the account area's parts share: the page's language and its `account` texts (only the page's
 * language is loaded, as props), and the field look of its forms.
 */
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { createI18nInstance } from "../../lib/i18n/core.ts";
import type { TermsTexts } from "../legal/TermsCheckbox.tsx";
import type { ReceiptMessages } from "../receipt/messages.ts";

/** Translates a key under `account.` of the page's language, with values. */
export type AccountT = (key: string, values?: Record<string, unknown>) => string;

/** A translate function over the `account` texts of one language. */
export function createAccountT(locale: Locale, messages: Dictionary): AccountT {
  const i18n = createI18nInstance(locale, { [locale]: { main: { account: messages }, common: {} } });
  const t = i18n.getFixedT(locale, "main", "account");
  return (key, values) => String(values ? t(key, values) : t(key));
}

/** What the parts of the account area share. */
export interface AccountView {
  t: AccountT;
  locale: Locale;
  /** The receipt panel's texts (paid orders show their receipt). */
  receipt: ReceiptMessages;
  /** The text of a chip's "open in the app" link (`appLink.chip`). */
  appLinkText: string;
  /** The words of the terms' acceptance (`legal.checkout`), and of terms changed meanwhile. */
  terms: TermsTexts & { changed: string };
}

const Context = createContext<AccountView | null>(null);

/** Provides the shared view to the parts of the area. */
export const AccountViewProvider = Context.Provider;

/** The shared view of the area (inside its provider). */
export function useAccountView(): AccountView {
  const view = useContext(Context);
  if (!view) throw new Error("useAccountView outside the account area");
  return view;
}

/** Classes of a text input or select of the area's forms, red-bordered with a problem. */
export function inputClass(invalid: boolean): string {
  return (
    "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm " +
    "focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 " +
    (invalid ? "border-rose-600" : "border-slate-300")
  );
}

/** Classes of a form's main button. */
export const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white " +
  "shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";

/**
 * A function that moves the focus to the first field at fault (in form order) once the island has shown the
 * errors: after the commit that marks the fields `aria-invalid`, not before it.
 */
export function useFocusFirstError(ids: readonly string[]): () => void {
  const [request, setRequest] = useState<object | null>(null);
  const order = useRef(ids);
  order.current = ids;
  useEffect(() => {
    if (request) focusFirstError(order.current);
  }, [request]);
  return () => setRequest({});
}

/** Moves the focus to the first field (in form order) that has a problem. */
function focusFirstError(ids: readonly string[]): void {
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el?.getAttribute("aria-invalid") === "true") {
      el.focus();
      return;
    }
  }
}
