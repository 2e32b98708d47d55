/**
 * The account area (`client:session` on the account page, which sends a visitor without the session marker to
 * sign in before this loads): orders, tickets, chips, favorites, account data, password and sign-out, as
 * sections reached from an in-page navigation. A visitor whose marker outlived the session is sent to the
 * sign-in page from here. Until the account is known (and in the page as pre-rendered, where no session is
 * known) the area says it is loading.
 */
import { useStore } from "@nanostores/react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Account } from "../../contract/account.ts";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { $area, type AreaState, loadArea, resetArea } from "../../stores/account/area.store.ts";
import { loadFavorites } from "../../stores/account/favorites.store.ts";
import { browserPass } from "../../stores/pass.ts";
import { signOut } from "../../stores/session.ts";
import { useSession } from "../auth/use-session.ts";
import { formatsOnStart } from "../island-start.ts";
import type { ReceiptMessages } from "../receipt/messages.ts";
import { ChipsSection } from "./ChipsSection.tsx";
import { DataForm } from "./DataForm.tsx";
import { FavoritesSection } from "./FavoritesSection.tsx";
import { OrdersSection } from "./OrdersSection.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { TicketsSection } from "./TicketsSection.tsx";
import { type AccountView, AccountViewProvider, BUTTON, createAccountT, useAccountView } from "./view.tsx";

/** Props of the account area. */
export interface AccountAreaProps {
  locale: Locale;
  /** The page's `account` texts. */
  messages: Dictionary;
  /** The sign-in page, coming back here after signing in. */
  loginHref: string;
  /** Where signing out leads. */
  homeHref: string;
  /** The receipt panel's texts, for the receipts of paid orders. */
  receiptMessages: ReceiptMessages;
  /** The text of a chip's "open in the app" link. */
  appLinkText: string;
  /** The words of the terms' acceptance a chip top-up asks for (`legal.checkout`). */
  termsTexts: AccountView["terms"];
}

const SECTIONS = ["orders", "tickets", "chips", "favorites", "data", "password"] as const;

function Section({ id, children }: { id: (typeof SECTIONS)[number]; children: ReactNode }) {
  const { t } = useAccountView();
  return (
    <section id={`account-${id}`} aria-labelledby={`account-${id}-heading`} className="scroll-mt-24">
      <h2
        id={`account-${id}-heading`}
        className="mb-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
      >
        {t(`sections.${id}`)}
      </h2>
      {children}
    </section>
  );
}

/**
 * A section of the area's data in its place from the first paint: a line while it loads or if it failed (one
 * line, as tall as an empty section's, so the sections below do not move when the data arrives), then its
 * content. Only the first such section announces the loading and the failure.
 */
function Pending({
  status,
  announce = false,
  children,
}: {
  status: AreaState["status"];
  announce?: boolean;
  children: ReactNode;
}) {
  const { t } = useAccountView();
  if (status === "ready") return children;
  if (status === "error") {
    return (
      <p role={announce ? "alert" : undefined} className="text-rose-700">
        {t("errors.load")}
      </p>
    );
  }
  return (
    <p role={announce ? "status" : undefined} className="text-slate-700">
      {t("loading")}
    </p>
  );
}

function AreaBody({ homeHref, account }: { homeHref: string; account: Account }) {
  const { t, locale } = useAccountView();
  const area = useStore($area);
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    const client = browserPass(locale);
    if ($area.get().status === "idle") void loadArea(client);
    void loadFavorites(client);
  }, [locale]);

  const leave = async () => {
    setSigningOut(true);
    await signOut();
    resetArea();
    location.assign(homeHref);
  };
  return (
    <div className="flex flex-col gap-10 lg:flex-row">
      <nav aria-label={t("nav")} className="lg:sticky lg:top-24 lg:w-56 lg:self-start">
        <ul className="flex flex-wrap gap-2 lg:flex-col">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a
                href={`#account-${id}`}
                className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-800 hover:bg-brand-50"
              >
                {t(`sections.${id}`)}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className={`${BUTTON} mt-4`} onClick={() => void leave()} disabled={signingOut}>
          {signingOut ? t("signOut.working") : t("signOut.button")}
        </button>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-12">
        <p className="text-lg text-slate-800">
          {t("greeting", { name: account.firstName || account.email })}
        </p>
        <Section id="orders">
          <Pending status={area.status} announce>
            <OrdersSection orders={area.orders} />
          </Pending>
        </Section>
        <Section id="tickets">
          <Pending status={area.status}>
            <TicketsSection events={area.events} />
          </Pending>
        </Section>
        <Section id="chips">
          <Pending status={area.status}>
            <ChipsSection events={area.events} />
          </Pending>
        </Section>
        <Section id="favorites">
          <FavoritesSection />
        </Section>
        <Section id="data">
          <DataForm account={account} />
        </Section>
        <Section id="password">
          <PasswordForm />
        </Section>
      </div>
    </div>
  );
}

/** The account area. */
export default function AccountArea({
  locale,
  messages,
  loginHref,
  homeHref,
  receiptMessages,
  appLinkText,
  termsTexts,
}: AccountAreaProps) {
  const t = useMemo(() => createAccountT(locale, messages), [locale, messages]);
  const session = useSession();
  // The account last known: while the session is asked again (after saving the account's data, say) the
  // area stays as it is instead of unmounting its forms.
  const [known, setKnown] = useState<Account | null>(null);
  useEffect(() => {
    if (session.status === "anonymous") location.replace(loginHref);
    if (session.status !== "unknown") setKnown(session.account);
  }, [session, loginHref]);
  const account = session.account ?? (session.status === "unknown" ? known : null);
  return (
    <AccountViewProvider value={{ t, locale, receipt: receiptMessages, appLinkText, terms: termsTexts }}>
      {account ? (
        <AreaBody homeHref={homeHref} account={account} />
      ) : (
        <p role="status" className="text-slate-700">
          {t("loading")}
        </p>
      )}
    </AccountViewProvider>
  );
}

// It shows the orders' amounts and dates, the tickets' and the chips'.
formatsOnStart(AccountArea);
