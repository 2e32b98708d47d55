/**
 * Mounts the favorites hearts into the line-up's slots (`[data-favorite-slot]`, written by
 * components/event/Lineup.astro). The event page imports this module only when the session marker exists,
 * so anonymous visitors load no session code.
 */
import { createRoot } from "react-dom/client";
import { isLocale } from "../../lib/i18n/config.ts";
import { FavoriteHeart } from "./FavoriteHeart.tsx";

/** Renders a heart in every slot of the page that has none yet. */
export function mountHearts(): void {
  for (const slot of document.querySelectorAll<HTMLElement>("[data-favorite-slot]")) {
    const { kind, id, locale, labelAdd, labelRemove } = slot.dataset;
    if (slot.dataset.mounted || !id || !isLocale(locale) || (kind !== "band" && kind !== "performer"))
      continue;
    slot.dataset.mounted = "true";
    createRoot(slot).render(
      <FavoriteHeart
        kind={kind}
        id={id}
        locale={locale}
        labels={{ add: labelAdd ?? "", remove: labelRemove ?? "" }}
      />,
    );
  }
}
