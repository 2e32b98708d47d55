/** The account's favorite bands and performers, each with a button that removes it. */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { $favorites, setFavorite } from "../../stores/account/favorites.store.ts";
import { browserPass } from "../../stores/pass.ts";
import { Status } from "./Field.tsx";
import { useAccountView } from "./view.tsx";

/** The favorites section. */
export function FavoritesSection() {
  const { t, locale } = useAccountView();
  const { status, entries, pending } = useStore($favorites);
  const [announce, setAnnounce] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  if (status === "error") return <p className="text-rose-700">{t("errors.load")}</p>;
  if (status !== "ready") return <p className="text-slate-700">{t("loading")}</p>;

  const remove = async (kind: "band" | "performer", id: string, name: string) => {
    const done = await setFavorite(browserPass(locale), kind, id, false);
    setAnnounce(
      done
        ? { text: t("favorites.removed", { name }), tone: "success" }
        : { text: t("errors.failed"), tone: "error" },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      {entries.length === 0 ? (
        <p className="text-slate-700">{t("favorites.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {entries.map((entry) => (
            <li
              key={`${entry.kind}:${entry.id}`}
              className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200"
              data-favorite={entry.id}
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{entry.name}</p>
                <p className="text-sm text-slate-700">
                  {t(`favorites.kind.${entry.kind}`)}
                  {entry.detail && ` · ${entry.detail}`}
                </p>
              </div>
              <button
                type="button"
                className="min-h-11 rounded-lg px-3 text-sm font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
                disabled={pending.includes(`${entry.kind}:${entry.id}`)}
                onClick={() => void remove(entry.kind, entry.id, entry.name)}
              >
                {t("favorites.remove")}
                <span className="sr-only"> {entry.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Status text={announce?.text ?? null} tone={announce?.tone ?? "success"} />
    </div>
  );
}
