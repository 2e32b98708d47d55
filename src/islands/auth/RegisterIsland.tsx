/**
 * The registration form (`/register`): first and last name, e-mail, password, an optional phone; the
 * account speaks the page's language. Registered, the buyer is signed in and asked to confirm the e-mail
 * from the link the service sends.
 */
import { type FormEvent, useMemo, useState } from "react";
import { pathTo } from "../../lib/routes.ts";
import { type RegisterValues, register } from "../../stores/auth/actions.ts";
import { type AuthField, nextPath, validateFields } from "../../stores/auth/forms.ts";
import {
  AuthCard,
  type AuthIslandProps,
  createAuthT,
  Field,
  FormMessage,
  queryValue,
  Submit,
  useFieldErrors,
} from "./view.tsx";

const ORDER: readonly AuthField[] = ["firstName", "lastName", "email", "password", "phone"];
const REQUIRED: readonly AuthField[] = ["firstName", "lastName", "email", "password"];

/** The registration island. */
export default function RegisterIsland({ locale, messages }: AuthIslandProps) {
  const t = useMemo(() => createAuthT(locale, messages), [locale, messages]);
  const [values, setValues] = useState<RegisterValues>({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    phone: "",
  });
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const [errors, showErrors] = useFieldErrors("register", ORDER);
  const set = (field: keyof RegisterValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const problems = validateFields({ ...values }, REQUIRED);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    showErrors({});
    setPending(true);
    const result = await register(locale, values);
    setPending(false);
    if (!result.ok) {
      showErrors(result.outcome.fields);
      setFormError(result.outcome.form ? t(result.outcome.form) : null);
      return;
    }
    setRegistered(values.email.trim());
  };

  if (registered !== null) {
    return (
      <AuthCard heading={t("register.doneHeading")}>
        <p role="status" className="text-slate-800">
          {t("register.doneText", { email: registered })}
        </p>
        <a
          href={nextPath(queryValue("next"), locale)}
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t("register.continue")}
        </a>
      </AuthCard>
    );
  }

  const field = (
    name: AuthField & keyof RegisterValues,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => (
    <Field
      form="register"
      field={name}
      label={t(`register.${name}`)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      t={t}
      {...extra}
    />
  );

  return (
    <AuthCard heading={t("register.heading")}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending || undefined}>
        <FormMessage text={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", { autoComplete: "given-name" })}
          {field("lastName", { autoComplete: "family-name" })}
        </div>
        {field("email", { type: "email", inputMode: "email", autoComplete: "email" })}
        {field("password", {
          type: "password",
          autoComplete: "new-password",
          hint: t("register.passwordHint"),
        })}
        {field("phone", { type: "tel", inputMode: "tel", autoComplete: "tel", optional: true })}
        <Submit pending={pending} label={t("register.submit")} t={t} />
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {t("register.haveAccount")}{" "}
        <a href={pathTo(locale, "login")} className="font-medium text-brand-700 underline underline-offset-2">
          {t("register.signIn")}
        </a>
      </p>
    </AuthCard>
  );
}
