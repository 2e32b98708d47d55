/**
 * The debugger's modal dialog (Radix, as the cookie settings: focus trapped, Escape closes, focus returns
 * to where it was): environment, session, consent, the last tracked events, the carts stored in this tab
 * and the print-label form. It reads the page's stores and never changes them.
 */
import { useStore } from "@nanostores/react";
import { Dialog } from "radix-ui";
import { type ReactNode, useMemo, useRef } from "react";
import type { DictionaryT } from "../../lib/i18n/dictionary-t.ts";
import { consentStore } from "../../stores/consent.ts";
import { $session } from "../../stores/session.ts";
import { $trackedEvents } from "../../stores/tracking.ts";
import { DEBUGGER_EVENTS_SHOWN, environmentRows, latestEvents, storedCarts } from "./facts.ts";
import { LabelForm } from "./LabelForm.tsx";

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  t: DictionaryT;
}

/** A titled part of the dialog. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-3">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Name–value rows. */
function Rows({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-slate-700">{name}</dt>
          <dd className="break-all font-mono text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The debugger dialog. */
export function DebuggerDialog({ open, onOpenChange, t }: Props) {
  const session = useStore($session);
  const consent = useStore(consentStore.$consent);
  const events = latestEvents(useStore($trackedEvents));
  // Read when the dialog opens: the rest of the page may change storage meanwhile.
  const carts = useMemo(() => (open ? storedCarts() : []), [open]);
  const environment = useMemo(() => (open ? environmentRows() : []), [open]);
  const opener = useRef<HTMLElement | null>(null);
  const value = (text: string | undefined) => text ?? t("unknown");
  const yesNo = (on: boolean) => (on ? t("yes") : t("no"));
  const sessionStatus =
    session.status === "unknown" ? t("session.unknown") : yesNo(session.status === "authenticated");

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40" />
        <Dialog.Content
          data-debugger
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-xl bg-white shadow-[0_-8px_24px_rgb(15_23_42/0.18)] md:inset-x-auto md:bottom-auto md:left-1/2 md:top-1/2 md:max-h-[88dvh] md:w-[calc(100vw-4rem)] md:max-w-3xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-xl md:shadow-[0_24px_64px_rgb(15_23_42/0.35)]"
        >
          <div className="flex items-start gap-3 px-4 pt-5 md:px-6 md:pt-6">
            <div className="flex-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{t("title")}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">
                {t("description")}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {t("close")}
            </Dialog.Close>
          </div>
          <div className="mt-3 grid gap-4 overflow-y-auto px-4 pb-5 md:px-6 md:pb-6">
            <Section id="debugger-environment" title={t("sections.environment")}>
              <Rows rows={environment.map((row) => [t(`environment.${row.key}`), value(row.value)])} />
            </Section>
            <Section id="debugger-session" title={t("sections.session")}>
              <Rows
                rows={[
                  [t("session.status"), sessionStatus],
                  [t("session.accountId"), value(session.account?.accountId)],
                  [t("session.email"), value(session.account?.email)],
                ]}
              />
            </Section>
            <Section id="debugger-consent" title={t("sections.consent")}>
              {consent === null && <p className="mb-1 text-sm text-slate-700">{t("consent.notChosen")}</p>}
              <Rows
                rows={[
                  [t("consent.necessary"), yesNo(true)],
                  [t("consent.statistics"), yesNo(consent?.statistics ?? false)],
                  [t("consent.marketing"), yesNo(consent?.marketing ?? false)],
                ]}
              />
            </Section>
            <Section id="debugger-tracking" title={t("sections.tracking")}>
              {events.length === 0 ? (
                <p className="text-sm text-slate-700">{t("tracking.none")}</p>
              ) : (
                <>
                  <p className="text-sm text-slate-700">
                    {t("tracking.latestFirst", { max: DEBUGGER_EVENTS_SHOWN })}
                  </p>
                  <ol className="mt-1 grid gap-1 text-sm" data-debugger-events>
                    {events.map(({ position, tracked }) => (
                      <li key={position} className="rounded bg-slate-100 px-2 py-1">
                        <span className="font-mono font-semibold text-slate-900">{tracked.event}</span>{" "}
                        <time className="text-slate-700" dateTime={new Date(tracked.at).toISOString()}>
                          {new Date(tracked.at).toLocaleTimeString()}
                        </time>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </Section>
            <Section id="debugger-cart" title={t("sections.cart")}>
              {carts.length === 0 ? (
                <p className="text-sm text-slate-700">{t("cart.none")}</p>
              ) : (
                carts.map((cart) => (
                  <details key={cart.key} className="text-sm" data-debugger-cart>
                    <summary className="cursor-pointer font-mono text-slate-900">{cart.key}</summary>
                    <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-900">
                      {cart.json}
                    </pre>
                  </details>
                ))
              )}
            </Section>
            <Section id="debugger-label" title={t("sections.label")}>
              <LabelForm t={t} />
            </Section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
