/**
 * The sign-in form (`/login`, deep link `login` with `?email=`): e-mail and password, or an e-mailed code:
 * "e-mail me a code" sends one, then the code signs in. After signing in the page goes to `?next=` when it
 * is a path of this site, else to the account.
 */
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { pathTo } from "../../lib/routes.ts";
import { sendSignInCode, signInWithCode, signInWithPassword } from "../../stores/auth/actions.ts";
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

const ORDER: readonly AuthField[] = ["email", "password", "accessCode"];

/** The sign-in island. */
export default function LoginIsland({ locale, messages }: AuthIslandProps) {
  const t = useMemo(() => createAuthT(locale, messages), [locale, messages]);
  const [mode, setMode] = useState<"password" | "code">("password");
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [accessCode, setAccessCode] = useState("");
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, showErrors] = useFieldErrors("login", ORDER);

  useEffect(() => {
    const prefill = queryValue("email");
    if (prefill) setEmail(prefill);
  }, []);

  const done = () => window.location.assign(nextPath(queryValue("next"), locale));

  const run = async (
    check: Partial<Record<AuthField, string>>,
    action: () => ReturnType<typeof signInWithPassword>,
  ) => {
    const problems = validateFields(check, Object.keys(check) as AuthField[], { loginPassword: true });
    setFormError(null);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return false;
    }
    showErrors({});
    setPending(true);
    const result = await action();
    setPending(false);
    if (!result.ok) {
      showErrors(result.outcome.fields);
      setFormError(result.outcome.form ? t(result.outcome.form) : null);
      return false;
    }
    return true;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (mode === "password") {
      if (await run({ email, password }, () => signInWithPassword(locale, { email, password }))) done();
    } else if (codeSentTo === null) {
      const ok = await run({ email }, async () => {
        const result = await sendSignInCode(locale, email);
        return result.ok ? { ok: true, value: undefined } : result;
      });
      if (ok) setCodeSentTo(email.trim());
    } else if (await run({ email, accessCode }, () => signInWithCode(locale, { email, accessCode }))) {
      done();
    }
  };

  const switchMode = () => {
    setMode(mode === "password" ? "code" : "password");
    setCodeSentTo(null);
    setFormError(null);
    showErrors({});
  };

  const submitLabel =
    mode === "password"
      ? t("login.submit")
      : codeSentTo === null
        ? t("login.sendCode")
        : t("login.submitCode");

  return (
    <AuthCard heading={t("login.heading")}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending || undefined}>
        <FormMessage text={formError} />
        <Field
          form="login"
          field="email"
          label={t("login.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          t={t}
        />
        {mode === "password" && (
          <Field
            form="login"
            field="password"
            label={t("login.password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            t={t}
          />
        )}
        {mode === "code" && codeSentTo !== null && (
          <>
            <FormMessage tone="info" text={t("login.codeSent", { email: codeSentTo })} />
            <Field
              form="login"
              field="accessCode"
              label={t("login.code")}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={accessCode}
              onChange={setAccessCode}
              error={errors.accessCode}
              t={t}
            />
          </>
        )}
        <Submit pending={pending} label={submitLabel} t={t} />
      </form>
      <button
        type="button"
        onClick={switchMode}
        className="mt-4 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {mode === "password" ? t("login.withCode") : t("login.withPassword")}
      </button>
      <p className="mt-6 text-sm text-slate-700">
        {t("login.noAccount")}{" "}
        <a
          href={pathTo(locale, "register")}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t("login.register")}
        </a>
      </p>
    </AuthCard>
  );
}
