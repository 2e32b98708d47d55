/**
 * Island ids on the server. Preact's `useId` prefixes its ids with the island's id (`data-preact-island-id`,
 * which the browser's renderer reads back when it hydrates), so two islands of one page must never share one.
 * An island takes the next id of its page (0, 1, 2…), unless it renders inside a fragment that is rendered once
 * and then repeated on other pages (`components/cached-fragment.ts`): those islands take fixed ids of the
 * fragment's own block, so the fragment's markup is right on every page it is repeated on, whatever islands
 * the page has besides. Server only (the browser reads the ids from the markup).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The first id of the fragments' blocks: far above any page's own count of islands. */
export const FRAGMENT_ISLAND_IDS_START = 100_000;
/** Ids a fragment's block holds. */
export const FRAGMENT_ISLAND_IDS_SIZE = 100;

/** The ids a fragment being rendered hands out. */
interface FragmentIds {
  next: number;
  end: number;
}

const fragmentIds = new AsyncLocalStorage<FragmentIds>();
const pageIds = new WeakMap<object, { next: number }>();

/** The first id of the block of the fragment with this index. */
export function fragmentIdBlock(index: number): number {
  return FRAGMENT_ISLAND_IDS_START + index * FRAGMENT_ISLAND_IDS_SIZE;
}

/** Runs `render` with the islands it renders taking the ids of the fragment block that starts at `first`. */
export function withFragmentIslandIds<T>(first: number, render: () => Promise<T>): Promise<T> {
  return fragmentIds.run({ next: first, end: first + FRAGMENT_ISLAND_IDS_SIZE }, render);
}

/** The id of the next island of a page (`page`: Astro's result of the page being rendered). */
export function nextIslandId(page: object): number {
  const fragment = fragmentIds.getStore();
  if (fragment) {
    if (fragment.next >= fragment.end) {
      throw new Error(`A cached fragment holds more than ${FRAGMENT_ISLAND_IDS_SIZE} islands`);
    }
    return fragment.next++;
  }
  let counter = pageIds.get(page);
  if (!counter) {
    counter = { next: 0 };
    pageIds.set(page, counter);
  }
  return counter.next++;
}
