/**
 * The `client:reached` directive (registered in astro.config.mjs): the island's code loads and it hydrates only
 * when the buyer reaches it, by the rule of `watchReached` (reached.ts): on the first screen, within the
 * directive's `ahead` of the screen once the page has been scrolled (`client:reached={{ ahead: "…" }}`), or by a
 * pointer or focus inside it. A phone whose first screen does not show the island spends none of its first
 * seconds on that code, and an island hydrated so may do at once what it needs to be reached for (the seat map
 * loads its seats). The island renders one root element: that one is watched.
 * An island whose server HTML is `inert` until it hydrates (its controls do nothing yet) is left reachable while it
 * waits: a keyboard or a screen reader moving into it is what loads it, and Preact's hydration keeps the DOM (and
 * the focus) as it is until the island's own render takes the attribute off. When it is reached, the modules its
 * start tag names (`data-modules`, src/layouts/module-preloads.ts) are asked for at once.
 */
import type { ClientDirective } from "astro";
import { MODULES_ATTRIBUTE, type ReachOptions, watchReached } from "./reached.ts";

/**
 * Asks for the island's modules at once (`<link rel="modulepreload">` for each one its start tag names), so they
 * come in one round trip, not one per level of their imports.
 */
function preloadModules(island: HTMLElement): void {
  for (const href of island.getAttribute(MODULES_ATTRIBUTE)?.split(" ") ?? []) {
    if (!href.startsWith("/")) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

const reachedDirective: ClientDirective = (load, opts, island) => {
  const value = typeof opts.value === "object" && opts.value !== null ? (opts.value as ReachOptions) : {};
  const root = island.firstElementChild ?? island;
  root.removeAttribute("inert");
  watchReached(
    root,
    () => {
      preloadModules(island);
      void load().then((hydrate) => hydrate());
    },
    { firstScreen: true, ...(value.ahead ? { ahead: value.ahead } : {}) },
  );
};

export default reachedDirective;
