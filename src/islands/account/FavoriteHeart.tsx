/**
 * The heart of a band or performer on an event's line-up: a toggle button (`aria-pressed`) that adds the act
 * to the account's favorites or removes it. Shown only to a signed-in account: the line-up renders it with
 * `client:session`, so its code loads only when the session marker exists.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import type { Locale } from "../../lib/i18n/config.ts";
import { $favorites, loadFavorites, setFavorite } from "../../stores/account/favorites.store.ts";
import type { FavoriteKind } from "../../stores/account/favorites.ts";
import { isFavorite } from "../../stores/account/favorites.ts";
import { browserPass } from "../../stores/pass.ts";
import { useSession } from "../auth/use-session.ts";

/** Props of a heart. */
export interface FavoriteHeartProps {
  kind: FavoriteKind;
  id: string;
  locale: Locale;
  /** "Add X to favorites" and "Remove X from favorites" in the page's language. */
  labels: { add: string; remove: string };
}

/** The favorite toggle of one act. */
export default function FavoriteHeart({ kind, id, locale, labels }: FavoriteHeartProps) {
  const session = useSession();
  const favorites = useStore($favorites);
  const signedIn = session.status === "authenticated";
  useEffect(() => {
    if (signedIn) void loadFavorites(browserPass(locale));
  }, [signedIn, locale]);
  if (!signedIn || favorites.status !== "ready") return null;
  const pressed = isFavorite(favorites.entries, kind, id);
  const busy = favorites.pending.includes(`${kind}:${id}`);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? labels.remove : labels.add}
      title={pressed ? labels.remove : labels.add}
      disabled={busy}
      data-favorite-heart={id}
      onClick={() => void setFavorite(browserPass(locale), kind, id, !pressed)}
      className="inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-rose-600 shadow-sm ring-1 ring-slate-200 hover:bg-rose-50 disabled:opacity-60"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill={pressed ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.3 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.4 0 5.6 3.4 4.2 6.8C19.5 16.4 12 21 12 21Z"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
