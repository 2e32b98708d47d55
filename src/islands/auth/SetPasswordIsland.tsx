/**
 * Sets a password from an e-mailed link (`/set-password?email=&accessCode=`, deep link `setPassword`):
 * shows whose account it is, then the new password signs in.
 */
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { pathTo } from "../../lib/routes.ts";
import { accountOfCode, setPassword } from "../../stores/auth/actions.ts";
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

const ORDER: readonly AuthField[] = ["password"];

/** The set-password island. */
export default function SetPasswordIsland({ locale, messages }: AuthIslandProps) {
  const t = useMemo(() => createAuthT(locale, messages), [locale, messages]);
  const [link, setLink] = useState<{ status: "checking" | "valid" | "invalid"; email: string; code: string }>(
    {
      status: "checking",
      email: "",
      code: "",
    },
  );
  const [password, setPasswordValue] = useState("");
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, showErrors] = useFieldErrors("set-password", ORDER);

  useEffect(() => {
    const email = queryValue("email");
    const code = queryValue("accessCode");
    if (!email || !code) {
      setLink({ status: "invalid", email, code });
      return;
    }
    void accountOfCode(locale, { email, accessCode: code }).then((result) =>
      setLink(
        result.ok ? { status: "valid", email: result.value, code } : { status: "invalid", email, code },
      ),
    );
  }, [locale]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const problems = validateFields({ password }, ["password"]);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    showErrors({});
    setPending(true);
    const result = await setPassword(locale, { email: link.email, accessCode: link.code, password });
    setPending(false);
    if (!result.ok) {
      showErrors(result.outcome.fields);
      setFormError(result.outcome.form ? t(result.outcome.form) : null);
      return;
    }
    window.location.assign(nextPath(queryValue("next"), locale));
  };

  return (
    <AuthCard heading={t("setPassword.heading")}>
      {link.status === "checking" && (
        <p role="status" className="text-slate-700">
          {t("setPassword.checking")}
        </p>
      )}
      {link.status === "invalid" && (
        <>
          <p role="alert" className="text-rose-800">
            {t("setPassword.invalidLink")}
          </p>
          <a
            href={pathTo(locale, "login", undefined, link.email ? { email: link.email } : undefined)}
            className="mt-6 inline-block font-medium text-brand-700 underline underline-offset-2"
          >
            {t("setPassword.signIn")}
          </a>
        </>
      )}
      {link.status === "valid" && (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending || undefined}>
          <p className="text-slate-800">{t("setPassword.forAccount", { email: link.email })}</p>
          <FormMessage text={formError} />
          <Field
            form="set-password"
            field={"password" satisfies AuthField}
            label={t("setPassword.password")}
            type="password"
            autoComplete="new-password"
            hint={t("setPassword.passwordHint")}
            value={password}
            onChange={setPasswordValue}
            error={errors.password}
            t={t}
          />
          <Submit pending={pending} label={t("setPassword.submit")} t={t} />
        </form>
      )}
    </AuthCard>
  );
}
