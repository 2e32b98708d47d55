/**
 * The buyer's contact details and, on request, billing details for a company; the country is asked only
 * there (the invoice's), the order's buyer takes it too (see `updateBilling`). Every field has a visible
 * label; a field's problem shows once the buyer has left it filled in (a field merely tabbed past stays
 * calm) or after a submit, and from then on follows the typing; in the buyer's language, tied to the field
 * with `aria-describedby` and `aria-invalid`.
 */
import type { ChangeEvent, FocusEvent, ReactNode } from "react";
import { country } from "../../lib/enums/country.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { vatIdExample } from "../../lib/validation/vat.ts";
import {
  type FieldErrors,
  type FormField,
  fieldErrorKey,
  startCheckout,
  touchField,
  updateBilling,
  updateBuyer,
} from "../../stores/cart/checkout-api.ts";
import type { CartState } from "../../stores/cart/index.ts";
import { useCartView } from "./view.tsx";

/** Id of a form field's input. */
export function fieldId(field: FormField): string {
  return `cart-field-${field}`;
}

/** Props of {@link BuyerForm}. */
export interface BuyerFormProps {
  state: CartState;
  /** Problems of the fields to show now. */
  errors: FieldErrors;
  /** Problems the service found, as message keys. */
  serverErrors: Partial<Record<FormField, string>>;
}

const INPUT =
  "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40";

const sortedCountries = new Map<Locale, ReturnType<typeof country.options>>();

/** The countries as options of a select, in the alphabetical order of the language (sorted once per language). */
export function countryOptions(locale: Locale) {
  let options = sortedCountries.get(locale);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = [...country.options(locale)].sort((a, b) => collator.compare(a.label, b.label));
    sortedCountries.set(locale, options);
  }
  return options;
}

interface FieldProps {
  field: FormField;
  label: string;
  error: string | null;
  hint?: string | null | undefined;
  optional?: boolean;
  children: (props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
    className: string;
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;
    onFocus: () => void;
  }) => ReactNode;
}

/**
 * The empty first option a required drop-down must have (HTML's placeholder label option); a country is
 * always chosen, so it cannot be picked.
 */
function CountryPlaceholder() {
  const { t } = useCartView();
  return (
    <option value="" disabled>
      {t("form.countryPlaceholder")}
    </option>
  );
}

function Field({ field, label, error, hint, optional = false, children }: FieldProps) {
  const { t, eventId } = useCartView();
  const id = fieldId(field);
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
        className: `${INPUT} ${error ? "border-rose-600" : "border-slate-300"}`,
        onBlur: (event) => {
          if (event.currentTarget.value.trim() !== "") touchField(eventId, field);
        },
        onFocus: () => startCheckout(eventId),
      })}
      {hint && (
        <p id={hintId ?? undefined} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId ?? undefined} className="mt-1 text-sm font-medium text-rose-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The buyer's form. */
export function BuyerForm({ state, errors, serverErrors }: BuyerFormProps) {
  const { t, locale, eventId } = useCartView();
  const errorOf = (field: FormField): string | null => {
    const problem = errors[field];
    if (problem) return t(fieldErrorKey(field, problem));
    const server = serverErrors[field];
    return server ? t(server) : null;
  };
  const buyer = (patch: Partial<CartState["buyer"]>) => updateBuyer(eventId, patch);
  const billing = (patch: Partial<CartState["billing"]>) => updateBilling(eventId, patch);
  const text =
    (update: (value: string) => void) =>
    (event: ChangeEvent<HTMLInputElement>): void =>
      update(event.target.value);
  const countries = countryOptions(locale);
  const example = vatIdExample(country.find(state.billing.countryId)?.iso2);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field="firstName" label={t("form.firstName")} error={errorOf("firstName")}>
          {(p) => (
            <input
              {...p}
              name="firstName"
              type="text"
              autoComplete="given-name"
              required
              maxLength={100}
              value={state.buyer.firstName}
              onChange={text((firstName) => buyer({ firstName }))}
            />
          )}
        </Field>
        <Field field="lastName" label={t("form.lastName")} error={errorOf("lastName")}>
          {(p) => (
            <input
              {...p}
              name="lastName"
              type="text"
              autoComplete="family-name"
              required
              maxLength={100}
              value={state.buyer.lastName}
              onChange={text((lastName) => buyer({ lastName }))}
            />
          )}
        </Field>
        <Field field="email" label={t("form.email")} error={errorOf("email")}>
          {(p) => (
            <input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={state.buyer.email}
              onChange={text((email) => buyer({ email }))}
            />
          )}
        </Field>
        <Field
          field="phone"
          label={t("form.phone")}
          error={errorOf("phone")}
          hint={t("form.phoneHint")}
          optional
        >
          {(p) => (
            <input
              {...p}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={24}
              value={state.buyer.phone}
              onChange={text((phone) => buyer({ phone }))}
            />
          )}
        </Field>
      </div>

      <div className="flex items-start gap-3">
        <input
          id="cart-field-billing"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          checked={state.billing.wanted}
          onChange={(event) => billing({ wanted: event.target.checked })}
          onFocus={() => startCheckout(eventId)}
        />
        <label htmlFor="cart-field-billing" className="text-slate-900">
          {t("form.billing")}
        </label>
      </div>

      {state.billing.wanted && (
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900">{t("form.billingHeading")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field="companyName" label={t("form.companyName")} error={errorOf("companyName")} optional>
              {(p) => (
                <input
                  {...p}
                  name="companyName"
                  type="text"
                  autoComplete="organization"
                  maxLength={200}
                  value={state.billing.companyName}
                  onChange={text((companyName) => billing({ companyName }))}
                />
              )}
            </Field>
            <Field field="companyId" label={t("form.companyId")} error={errorOf("companyId")} optional>
              {(p) => (
                <input
                  {...p}
                  name="companyId"
                  type="text"
                  autoComplete="off"
                  maxLength={20}
                  value={state.billing.companyId}
                  onChange={text((companyId) => billing({ companyId }))}
                />
              )}
            </Field>
            <Field
              field="vatId"
              label={t("form.vatId")}
              error={errorOf("vatId")}
              hint={example ? t("form.vatIdHint", { example }) : null}
              optional
            >
              {(p) => (
                <input
                  {...p}
                  name="vatId"
                  type="text"
                  autoComplete="off"
                  maxLength={24}
                  value={state.billing.vatId}
                  onChange={text((vatId) => billing({ vatId }))}
                />
              )}
            </Field>
            <Field field="address" label={t("form.address")} error={errorOf("address")}>
              {(p) => (
                <input
                  {...p}
                  name="address"
                  type="text"
                  autoComplete="street-address"
                  required
                  maxLength={200}
                  value={state.billing.address}
                  onChange={text((address) => billing({ address }))}
                />
              )}
            </Field>
            <Field field="city" label={t("form.city")} error={errorOf("city")}>
              {(p) => (
                <input
                  {...p}
                  name="city"
                  type="text"
                  autoComplete="address-level2"
                  required
                  maxLength={100}
                  value={state.billing.city}
                  onChange={text((city) => billing({ city }))}
                />
              )}
            </Field>
            <Field field="postalCode" label={t("form.postalCode")} error={errorOf("postalCode")}>
              {(p) => (
                <input
                  {...p}
                  name="postalCode"
                  type="text"
                  autoComplete="postal-code"
                  required
                  maxLength={20}
                  value={state.billing.postalCode}
                  onChange={text((postalCode) => billing({ postalCode }))}
                />
              )}
            </Field>
            <Field field="billingCountryId" label={t("form.country")} error={errorOf("billingCountryId")}>
              {(p) => (
                <select
                  {...p}
                  name="billingCountryId"
                  autoComplete="country-name"
                  required
                  value={state.billing.countryId}
                  onChange={(event) => billing({ countryId: Number(event.target.value) })}
                >
                  <CountryPlaceholder />
                  {countries.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </fieldset>
      )}
    </div>
  );
}
