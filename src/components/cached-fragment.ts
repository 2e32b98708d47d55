/**
 * `<CachedFragment name="footer" variant={key}>{() => <>…</>}</CachedFragment>`: markup that is the same on
 * every page of a language (the site's footer, the consent island…) is rendered once per process and variant,
 * and repeated on the other pages. Rendering the page shell's islands and components again for each page was
 * about 15 % of a catalog page's render time (tests/bench/README.md, "Publishing").
 *
 * - The children must be a function (as above): Astro renders the children of a component eagerly, so plain
 *   children would be rendered on every page even where the fragment is repeated.
 * - `variant` must name everything the markup depends on (the language, the site, the year of a copyright
 *   line…): the fragment is rendered again only for a variant not seen yet.
 * - The fragment is kept with Astro's instructions (the islands' hydration scripts), which each page follows
 *   as usual, so a page carries the hydration scripts once, whether the fragment was rendered or repeated.
 * - Its islands take the ids of the name's own block (`islands/island-ids.ts`), never an id of the page's own
 *   islands.
 * - Astro's dev server renders it on every page, so an edit of its children shows at once.
 */
import { createComponent, renderSlotToString, renderTemplate } from "astro/runtime/server/index.js";
import { fragmentIdBlock, withFragmentIslandIds } from "../islands/island-ids.ts";

/** The fragments of the page shell, each with its own block of island ids (by its index). */
export const FRAGMENT_NAMES = ["brand", "session", "footer"] as const;
/** One of {@link FRAGMENT_NAMES}. */
export type FragmentName = (typeof FRAGMENT_NAMES)[number];

/** Variants kept at most per process; past it, the fragments start over. */
const VARIANTS_MAX = 64;

const fragments = new Map<string, Promise<unknown>>();

/** Whether fragments are kept: not in Astro's dev server, where their components change while it runs. */
const KEEP = import.meta.env.MODE !== "development";

type Slot = NonNullable<Parameters<typeof renderSlotToString>[1]>;

/** Props of {@link CachedFragment}. */
export interface CachedFragmentProps {
  name: FragmentName;
  variant: string;
}

/** The component (see the module's comment). */
export const CachedFragment = createComponent(
  (
    result: Parameters<typeof renderSlotToString>[0],
    props: CachedFragmentProps,
    slots: { default: Slot },
  ) => {
    const key = `${props.name}\u0000${props.variant}`;
    let fragment = fragments.get(key);
    if (!fragment) {
      const first = fragmentIdBlock(FRAGMENT_NAMES.indexOf(props.name));
      fragment = withFragmentIslandIds(first, () => renderSlotToString(result, slots.default));
      if (!KEEP) return fragment.then((markup) => renderTemplate`${markup}`);
      if (fragments.size >= VARIANTS_MAX) fragments.clear();
      fragments.set(key, fragment);
      // A fragment that failed to render is rendered again by the next page that shows it.
      fragment.catch(() => {
        if (fragments.get(key) === fragment) fragments.delete(key);
      });
    }
    return fragment.then((markup) => renderTemplate`${markup}`);
  },
) as unknown as (props: CachedFragmentProps & { children: () => unknown }) => unknown;
