/**
 * The account's data: name, phone, language and, on request, billing details for invoices (company, company
 * id, VAT id checked against the billing country's pattern, address, country). Problems show beside their
 * fields after a submit, the focus moves to the first, and what was typed stays.
 */
import { type FormEvent, useMemo, useState } from "react";
import type { Account } from "../../contract/account.ts";
import { country } from "../../lib/enums/country.ts";
import { LOCALES, type Locale } from "../../lib/i18n/config.ts";
import { vatIdExample } from "../../lib/validation/vat.ts";
import {
  type AccountDataDraft,
  DATA_FIELDS,
  type DataField,
  draftOf,
} from "../../stores/account/data-form.ts";
import { saveAccountData } from "../../stores/account/forms.store.ts";
import type { FieldProblem } from "../../stores/cart/form.ts";
import { browserPass } from "../../stores/pass.ts";
import { refreshSession } from "../../stores/session.ts";
import { countryOptions } from "../cart/BuyerForm.tsx";
import { Field, Status } from "./Field.tsx";
import { BUTTON, useAccountView, useFocusFirstError } from "./view.tsx";

const fieldId = (field: DataField) => `account-data-${field}`;
const TEXT_FIELDS = {
  firstName: "given-name",
  lastName: "family-name",
  phone: "tel",
} as const;
const BILLING_FIELDS = {
  companyName: "organization",
  companyId: "off",
  vatId: "off",
  address: "street-address",
  city: "address-level2",
  postalCode: "postal-code",
} as const;

/** The account data form, filled from the account. */
export function DataForm({ account }: { account: Account }) {
  const { t, locale } = useAccountView();
  const [draft, setDraft] = useState<AccountDataDraft>(() => draftOf(account));
  const [errors, setErrors] = useState<Partial<Record<DataField, FieldProblem>>>({});
  const [busy, setBusy] = useState(false);
  const focusFirst = useFocusFirstError(DATA_FIELDS.map(fieldId));
  const [outcome, setOutcome] = useState<"saved" | "failed" | null>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const languageName = useMemo(() => new Intl.DisplayNames([locale], { type: "language" }), [locale]);

  const set = <K extends keyof AccountDataDraft>(key: K, value: AccountDataDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (field: DataField) => {
    const problem = errors[field];
    if (!problem) return null;
    if (problem === "invalid" && (field === "phone" || field === "vatId")) return t(`data.errors.${field}`);
    return t(`data.errors.${problem}`);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    const result = await saveAccountData(browserPass(locale), draft);
    setBusy(false);
    if (result.kind === "saved") {
      setErrors({});
      setOutcome("saved");
      refreshSession();
    } else if (result.kind === "invalid") {
      setErrors(result.errors);
      focusFirst();
    } else setOutcome("failed");
  };

  const example = vatIdExample(country.find(draft.countryId)?.iso2);
  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      <p className="text-slate-800">
        {t("data.email")}: <strong>{account.email}</strong>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(Object.keys(TEXT_FIELDS) as (keyof typeof TEXT_FIELDS)[]).map((field) => (
          <Field
            key={field}
            id={fieldId(field)}
            label={t(`data.${field}`)}
            error={errorOf(field)}
            optional={field === "phone"}
          >
            {(props) => (
              <input
                {...props}
                type={field === "phone" ? "tel" : "text"}
                autoComplete={TEXT_FIELDS[field]}
                value={draft[field]}
                onChange={(ev) => set(field, ev.target.value)}
              />
            )}
          </Field>
        ))}
        <Field id={fieldId("language")} label={t("data.language")} error={errorOf("language")}>
          {(props) => (
            <select
              {...props}
              value={draft.language}
              onChange={(ev) => set("language", ev.target.value as Locale)}
            >
              {LOCALES.map((lng) => (
                <option key={lng} value={lng}>
                  {languageName.of(lng) ?? lng}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="account-data-billing"
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={draft.billing}
          onChange={(ev) => set("billing", ev.target.checked)}
        />
        <label htmlFor="account-data-billing" className="font-medium text-slate-900">
          {t("data.billing")}
        </label>
      </div>
      {draft.billing && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t("data.billingLegend")}</legend>
          {(Object.keys(BILLING_FIELDS) as (keyof typeof BILLING_FIELDS)[]).map((field) => (
            <Field
              key={field}
              id={fieldId(field)}
              label={t(`data.${field}`)}
              error={errorOf(field)}
              optional={field === "companyName" || field === "companyId" || field === "vatId"}
              hint={field === "vatId" && example ? t("data.vatIdHint", { example }) : undefined}
            >
              {(props) => (
                <input
                  {...props}
                  type="text"
                  autoComplete={BILLING_FIELDS[field]}
                  value={draft[field]}
                  onChange={(ev) => set(field, ev.target.value)}
                />
              )}
            </Field>
          ))}
          <Field id={fieldId("countryId")} label={t("data.countryId")} error={errorOf("countryId")}>
            {(props) => (
              <select
                {...props}
                value={draft.countryId}
                onChange={(ev) => set("countryId", Number(ev.target.value))}
              >
                {countries.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
      )}
      <div>
        <button type="submit" className={BUTTON} disabled={busy} aria-disabled={busy}>
          {busy ? t("data.working") : t("data.submit")}
        </button>
      </div>
      <Status
        text={outcome === "saved" ? t("data.saved") : outcome === "failed" ? t("errors.failed") : null}
        tone={outcome === "saved" ? "success" : "error"}
      />
    </form>
  );
}
