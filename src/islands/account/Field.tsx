/**
 * A labelled field of the account area's forms: the problem shows below it in the page's language, tied to
 * the input with `aria-describedby` and `aria-invalid`.
 */
import type { ReactNode } from "react";
import { inputClass, useAccountView } from "./view.tsx";

/** What a field's control receives. */
export interface ControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  className: string;
}

/** Props of {@link Field}. */
export interface FieldProps {
  id: string;
  label: string;
  /** The problem's text, or null. */
  error: string | null;
  hint?: string | undefined;
  optional?: boolean;
  children: (props: ControlProps) => ReactNode;
}

/** A label, the control, a hint and the field's problem. */
export function Field({ id, label, error, hint, optional = false, children }: FieldProps) {
  const { t } = useAccountView();
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> ({t("form.optional")})</span>}
      </label>
      {children({
        id,
        "aria-invalid": error !== null,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        className: inputClass(error !== null),
      })}
      {hint && (
        <p id={hintId ?? undefined} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId ?? undefined} className="mt-1 text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A polite live region that announces how a form came out. */
export function Status({ text, tone }: { text: string | null; tone: "success" | "error" }) {
  return (
    <p
      role="status"
      className={`min-h-6 text-sm font-medium ${tone === "success" ? "text-emerald-800" : "text-rose-700"}`}
    >
      {text ?? ""}
    </p>
  );
}
