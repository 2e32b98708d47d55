/**
 * The account's chips per event: type label, balance and the event's chip credit limit, and a top-up form
 * (the amount checked in the browser with the service's rule, the organizer's terms of sale accepted as with
 * every order) that creates an order of credit and goes to its order page, where it is paid.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { APP_LINK_CLASS, APP_LINK_ICON } from "../../components/app-link/app-link.ts";
import type { EventRef } from "../../contract/common.ts";
import type { Chip, ChipCreditLimit } from "../../contract/ticket.ts";
import { buildDeepLink } from "../../lib/deep-links.ts";
import { chipType } from "../../lib/enums/chip-type.ts";
import { randomUuid } from "../../lib/ids.ts";
import { cartTermsOf } from "../../lib/legal.ts";
import { type CurrencyId, formatMoney } from "../../lib/money.ts";
import type { AccountEvent } from "../../stores/account/area.ts";
import { topUpChip } from "../../stores/account/forms.store.ts";
import { checkTopUp, type TopUpProblem } from "../../stores/account/top-up.ts";
import { pageStage } from "../../stores/page.ts";
import { browserPass } from "../../stores/pass.ts";
import { TermsCheckbox } from "../legal/TermsCheckbox.tsx";
import { Field, Status } from "./Field.tsx";
import { BUTTON, useAccountView } from "./view.tsx";

interface ChipProps {
  chip: Chip;
  event: EventRef;
  limit: ChipCreditLimit | null;
  /** The top-up product the credit is bought as. */
  productItemId: string | undefined;
  /** The organizer's version of the terms of sale (null: the platform's). */
  termsVersion: string | null;
}

function ChipCard({ chip, event, limit, productItemId, termsVersion }: ChipProps) {
  const { t, locale, appLinkText, terms: termsTexts } = useAccountView();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const termsId = `${id}-terms`;
  const terms = cartTermsOf(locale, event.organizerSlug, termsVersion);
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [termsChanged, setTermsChanged] = useState(false);
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<TopUpProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt] = useState(() => ({ key: randomUuid(), text: "" }));
  const money = (minor: number) => formatMoney(minor, chip.currencyId as CurrencyId, locale);
  const limitText = limit
    ? t("chips.limit", { min: money(limit.minAmount), max: money(limit.maxAmount), step: money(limit.step) })
    : undefined;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setFailed(false);
    setTermsChanged(false);
    if (!accepted) {
      // Both problems show; the focus goes to the first in the form's order.
      const checked = checkTopUp(amount, limit);
      setProblem(checked.problem);
      setTermsError(true);
      (checked.problem ? inputRef.current : document.getElementById(termsId))?.focus();
      return;
    }
    // One Idempotency-Key per amount: resending the same amount never makes a second order.
    if (attempt.text !== amount) {
      attempt.key = randomUuid();
      attempt.text = amount;
    }
    setBusy(true);
    const result = await topUpChip(browserPass(locale), {
      chip,
      event,
      limit,
      productItemId,
      origin: location.origin,
      amountText: amount,
      locale,
      idempotencyKey: attempt.key,
      termsVersion: terms.version,
    });
    if (result.kind === "order") {
      location.assign(result.href);
      return;
    }
    setBusy(false);
    if (result.kind === "invalid") {
      setProblem(result.problem);
      inputRef.current?.focus();
    } else if (result.kind === "termsChanged") setTermsChanged(true);
    else setFailed(true);
  };

  const errorText = problem
    ? t(
        `chips.errors.${problem}`,
        limit ? { min: money(limit.minAmount), max: money(limit.maxAmount), step: money(limit.step) } : {},
      )
    : null;
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-chip={chip.chipId}>
      <p className="font-semibold text-slate-900">{chip.label ?? chipType.label(chip.chipTypeId, locale)}</p>
      {chip.label && <p className="text-sm text-slate-700">{chipType.label(chip.chipTypeId, locale)}</p>}
      <p className="mt-1 text-slate-900">
        {t("chips.balance")}: <strong data-chip-balance>{money(chip.balance)}</strong>
      </p>
      <a
        href={buildDeepLink(pageStage(), { link: "chipDetail", chipId: chip.chipId })}
        className={`${APP_LINK_CLASS} mt-3`}
        data-app-link="chipDetail"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
          <path fillRule="evenodd" d={APP_LINK_ICON} clipRule="evenodd" />
        </svg>
        {appLinkText}
        <span className="sr-only">: {chip.label ?? chipType.label(chip.chipTypeId, locale)}</span>
      </a>
      <form
        className="mt-3 flex flex-col gap-3"
        noValidate
        onSubmit={submit}
        aria-label={t("chips.topUpLabel", { chip: chip.label ?? chipType.label(chip.chipTypeId, locale) })}
      >
        <Field id={`${id}-amount`} label={t("chips.amount")} error={errorText} hint={limitText}>
          {(props) => (
            <input
              {...props}
              ref={inputRef}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(ev) => {
                setAmount(ev.target.value);
                setProblem(null);
              }}
            />
          )}
        </Field>
        <TermsCheckbox
          id={termsId}
          checked={accepted}
          onChange={(checked) => {
            setAccepted(checked);
            if (checked) setTermsError(false);
          }}
          showError={termsError}
          texts={termsTexts}
          links={terms}
        />
        <div>
          <button type="submit" className={BUTTON} disabled={busy} aria-disabled={busy}>
            {busy ? t("chips.working") : t("chips.topUp")}
          </button>
        </div>
        <Status text={failed ? t("errors.failed") : termsChanged ? termsTexts.changed : null} tone="error" />
      </form>
    </li>
  );
}

/** The chips section. */
export function ChipsSection({ events }: { events: readonly AccountEvent[] }) {
  const { t } = useAccountView();
  const withChips = events.filter((e) => e.chips.length > 0);
  if (withChips.length === 0) return <p className="text-slate-700">{t("chips.empty")}</p>;
  return (
    <div className="flex flex-col gap-8">
      {withChips.map(({ event, chips, chipCreditLimit, topUpProductId, termsVersion = null }) => (
        // A group, not a landmark: the tickets section names its event's region already.
        <div key={event.eventId}>
          <h3 id={`account-chips-${event.eventId}`} className="text-lg font-bold text-slate-900">
            {event.name}
          </h3>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {chips.map((chip) => (
              <ChipCard
                key={chip.chipId}
                chip={chip}
                event={event}
                limit={chipCreditLimit}
                productItemId={topUpProductId}
                termsVersion={termsVersion}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
