/** Changing the password: the current one, the new one and its confirmation; problems beside their fields. */
import { type FormEvent, useState } from "react";
import { changePassword } from "../../stores/account/forms.store.ts";
import type { PasswordDraft, PasswordField, PasswordProblem } from "../../stores/account/password.ts";
import { browserPass } from "../../stores/pass.ts";
import { Field, Status } from "./Field.tsx";
import { BUTTON, useAccountView, useFocusFirstError } from "./view.tsx";

const FIELDS: readonly PasswordField[] = ["currentPassword", "newPassword", "confirmPassword"];
const AUTOCOMPLETE: Record<PasswordField, string> = {
  currentPassword: "current-password",
  newPassword: "new-password",
  confirmPassword: "new-password",
};
const fieldId = (field: PasswordField) => `account-password-${field}`;

/** The change-password form. */
export function PasswordForm() {
  const { t, locale } = useAccountView();
  const [draft, setDraft] = useState<PasswordDraft>({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, PasswordProblem>>>({});
  const [busy, setBusy] = useState(false);
  const focusFirst = useFocusFirstError(FIELDS.map(fieldId));
  const [outcome, setOutcome] = useState<"changed" | "failed" | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    const result = await changePassword(browserPass(locale), draft);
    setBusy(false);
    if (result.kind === "changed") {
      setErrors({});
      setDraft({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setOutcome("changed");
    } else if (result.kind === "invalid") {
      setErrors(result.errors);
      focusFirst();
    } else setOutcome("failed");
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-md flex-col gap-4"
      aria-labelledby="account-password-heading"
    >
      {FIELDS.map((field) => (
        <Field
          key={field}
          id={fieldId(field)}
          label={t(`password.${field}`)}
          error={errors[field] ? t(`password.errors.${errors[field]}`) : null}
          hint={field === "newPassword" ? t("password.hint") : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete={AUTOCOMPLETE[field]}
              value={draft[field]}
              onChange={(ev) => {
                setDraft({ ...draft, [field]: ev.target.value });
                if (errors[field]) setErrors({ ...errors, [field]: undefined });
              }}
            />
          )}
        </Field>
      ))}
      <div>
        <button type="submit" className={BUTTON} disabled={busy} aria-disabled={busy}>
          {busy ? t("password.working") : t("password.submit")}
        </button>
      </div>
      <Status
        text={
          outcome === "changed" ? t("password.changed") : outcome === "failed" ? t("errors.failed") : null
        }
        tone={outcome === "changed" ? "success" : "error"}
      />
    </form>
  );
}
