/**
 * The `client:reached` directive (registered in astro.config.mjs): the island's code loads and it hydrates only
 * when the buyer reaches it, by the rule of `watchReached` (reached.ts): on the first screen, within the
 * directive's `ahead` of the screen once the page has been scrolled (`client:reached={{ ahead: "…" }}`), or by a
 * pointer or focus inside it. A phone whose first screen does not show the island spends none of its first
 * seconds on that code. The island is marked reached before it hydrates, so what it watches with
 * `watchReached` inside it counts as reached at once. The island renders one root element: that one is watched.
 * An island whose server HTML is `inert` until it hydrates (its controls do nothing yet) is left reachable while it
 * waits: a keyboard or a screen reader moving into it is what loads it, and Preact's hydration keeps the DOM (and
 * the focus) as it is until the island's own render takes the attribute off.
 */
import type { ClientDirective } from "astro";
import { REACHED_ATTRIBUTE, type ReachOptions, watchReached } from "./reached.ts";

const reachedDirective: ClientDirective = (load, opts, island) => {
  const value = typeof opts.value === "object" && opts.value !== null ? (opts.value as ReachOptions) : {};
  const root = island.firstElementChild ?? island;
  root.removeAttribute("inert");
  watchReached(
    root,
    () => {
      island.setAttribute(REACHED_ATTRIBUTE, "");
      void load().then((hydrate) => hydrate());
    },
    { firstScreen: true, ...(value.ahead ? { ahead: value.ahead } : {}) },
  );
};

export default reachedDirective;
