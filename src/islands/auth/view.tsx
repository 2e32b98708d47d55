/**
 * What the account forms share: the translate function over the page's `auth` texts, a labelled field with
 * its problem beside it (`aria-describedby`, `aria-invalid`), the message above a form, the submit button
 * (disabled while pending), and moving focus to the first field at fault after a failed submit.
 */
import { type ReactNode, useEffect, useState } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { createI18nInstance } from "../../lib/i18n/core.ts";
import type { AuthField, AuthFieldErrors } from "../../stores/auth/forms.ts";
import { firstErrorField } from "../../stores/auth/forms.ts";
import { useHydrated } from "../hydration.ts";

/** Translates a key under `auth.` of the page's language. */
export type AuthT = (key: string, values?: Record<string, unknown>) => string;

/** A translate function over the `auth` texts of one language. */
export function createAuthT(locale: Locale, messages: Dictionary): AuthT {
  const i18n = createI18nInstance(locale, { [locale]: { main: { auth: messages }, common: {} } });
  const t = i18n.getFixedT(locale, "main", "auth");
  return (key, values) => String(values ? t(key, values) : t(key));
}

/** Props every account island gets from its page. */
export interface AuthIslandProps {
  locale: Locale;
  /** The page language's `auth` texts. */
  messages: Dictionary;
}

/** Id of a form's field input. */
export function inputId(form: string, field: AuthField): string {
  return `${form}-${field}`;
}

const INPUT =
  "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm " +
  "focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40";

/** A labelled input with its hint and its problem beside it. */
export function Field(props: {
  form: string;
  field: AuthField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  t: AuthT;
  type?: string;
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
  inputMode?: "text" | "email" | "tel" | "numeric";
}) {
  const { form, field, label, value, onChange, error, t, hint, optional = false } = props;
  const id = inputId(form, field);
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> ({t("optional")})</span>}
      </label>
      <input
        id={id}
        name={field}
        type={props.type ?? "text"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={`${INPUT} ${error ? "border-rose-600" : "border-slate-300"}`}
      />
      {hint && (
        <p id={hintId ?? undefined} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId ?? undefined} className="mt-1 text-sm font-medium text-rose-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The message above a form (announced when it appears). */
export function FormMessage({ text, tone = "error" }: { text: string | null; tone?: "error" | "info" }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} aria-live="polite">
      {text && (
        <p
          className={`rounded-lg border px-4 py-3 text-sm font-medium ${
            tone === "error"
              ? "border-rose-200 bg-rose-50 text-rose-800"
              : "border-emerald-200 bg-emerald-50 text-emerald-900"
          }`}
        >
          {text}
        </p>
      )}
    </div>
  );
}

/** The submit button: disabled and saying so while the form is pending. */
export function Submit({ pending, label, t }: { pending: boolean; label: string; t: AuthT }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
    >
      {pending ? t("pending") : label}
    </button>
  );
}

/** A card around a form page's content; its form takes no input until its island has hydrated it. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      <div className="mt-6" data-hydrated={hydrated ? "true" : "false"} inert={!hydrated}>
        {children}
      </div>
    </div>
  );
}

/**
 * The field errors of a form, and a function that shows new ones and then moves focus to the first of
 * them (in the order the form shows its fields).
 */
export function useFieldErrors(form: string, order: readonly AuthField[]) {
  const [errors, setErrors] = useState<AuthFieldErrors>({});
  // A new object per failed submit, so that the same field is focused again after another failure.
  const [focusTarget, setFocusTarget] = useState<{ field: AuthField } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(inputId(form, focusTarget.field))?.focus();
  }, [focusTarget, form]);
  const show = (next: AuthFieldErrors) => {
    setErrors(next);
    const first = firstErrorField(order, next);
    if (first) setFocusTarget({ field: first });
  };
  return [errors, show] as const;
}

/** A query value of the page's address (read in the browser, after hydration). */
export function queryValue(name: string): string {
  return typeof location === "undefined" ? "" : (new URLSearchParams(location.search).get(name) ?? "");
}
