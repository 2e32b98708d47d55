/**
 * The header's session entry: "Sign in" (an icon on phones, its name for screen readers), or the signed-in
 * account's name linking to the account with "Sign out" beside it from the small breakpoint up (on phones
 * signing out is in the account area). Rendered with the page as "Sign in"; hydrated by `client:session`
 * only when the session marker exists, so anonymous visitors load none of this.
 */
import { useState } from "react";
import type { Locale } from "../../lib/i18n/config.ts";
import { pathTo } from "../../lib/routes.ts";
import { signOut } from "../../stores/session.ts";
import { useSession } from "./use-session.ts";

/** Props of {@link SessionEntry}: the page's language and the entry's texts in it. */
export interface SessionEntryProps {
  locale: Locale;
  texts: { signIn: string; signOut: string; account: string };
}

/** The session entry island. */
export default function SessionEntry({ locale, texts }: SessionEntryProps) {
  const session = useSession();
  const [pending, setPending] = useState(false);
  const account = session.status === "authenticated" ? session.account : null;
  const name = account ? `${account.firstName} ${account.lastName}`.trim() || account.email : null;
  return (
    <div className="flex items-center gap-1">
      <a
        href={name ? pathTo(locale, "account") : pathTo(locale, "login")}
        data-session-entry
        aria-label={name ? texts.account.replace("{{name}}", name) : undefined}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
        </svg>
        <span className="sr-only max-w-40 truncate sm:not-sr-only">{name ?? texts.signIn}</span>
      </a>
      {name && (
        <button
          type="button"
          disabled={pending}
          onClick={() => {
            setPending(true);
            void signOut().finally(() => setPending(false));
          }}
          className="min-h-11 rounded-lg px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline max-sm:hidden"
        >
          {texts.signOut}
        </button>
      )}
    </div>
  );
}
