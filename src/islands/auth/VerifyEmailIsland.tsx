/** Confirms an e-mail address from its link (`/verify-email?email=&accessCode=`) and says how it went. */
import { useEffect, useMemo, useState } from "react";
import { pathTo } from "../../lib/routes.ts";
import { verifyEmail } from "../../stores/auth/actions.ts";
import { AuthCard, type AuthIslandProps, createAuthT, queryValue } from "./view.tsx";

/** The e-mail confirmation island. */
export default function VerifyEmailIsland({ locale, messages }: AuthIslandProps) {
  const t = useMemo(() => createAuthT(locale, messages), [locale, messages]);
  const [state, setState] = useState<{ status: "checking" | "done" | "failed"; email: string }>({
    status: "checking",
    email: "",
  });

  useEffect(() => {
    const email = queryValue("email");
    const accessCode = queryValue("accessCode");
    if (!email || !accessCode) {
      setState({ status: "failed", email });
      return;
    }
    void verifyEmail(locale, { email, accessCode }).then((result) =>
      setState({ status: result.ok ? "done" : "failed", email }),
    );
  }, [locale]);

  return (
    <AuthCard heading={t("verify.heading")}>
      <div role="status" aria-live="polite">
        {state.status === "checking" && <p className="text-slate-700">{t("verify.checking")}</p>}
        {state.status === "done" && (
          <p className="text-slate-800">{t("verify.done", { email: state.email })}</p>
        )}
        {state.status === "failed" && <p className="text-rose-800">{t("verify.failed")}</p>}
      </div>
      {state.status !== "checking" && (
        <a
          href={pathTo(locale, "login", undefined, state.email ? { email: state.email } : undefined)}
          className="mt-6 inline-block font-medium text-brand-700 underline underline-offset-2"
        >
          {t("verify.signIn")}
        </a>
      )}
    </AuthCard>
  );
}
