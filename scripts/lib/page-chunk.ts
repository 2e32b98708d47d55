/**
 * The browser's code splitting: the code every page may hydrate at once (the renderer's entry and the
 * consent island, which a first visit to any page shows, with everything they import) is one chunk,
 * `page`; Rolldown splits the rest by the islands that use it, as before. Split by Rolldown alone, a first
 * visit to an event page fetched that code as 13 files, one level after another, since each is found only
 * when the one importing it arrives (the renderer, Preact's compat layer, its runtime and hooks, nanostores,
 * the consent store and banner…). Measured on the demo catalog, JavaScript of a first visit (gzip):
 *
 * | page  | before             | `page` chunk       |
 * |-------|--------------------|--------------------|
 * | event | 13 files, 18.9 kB  | 4 files, 16.2 kB   |
 * | cart  | 43 files, 78.0 kB  | 33 files, 74.7 kB  |
 * | login | 25 files, 65.8 kB  | 16 files, 63.0 kB  |
 *
 * A visitor who already chose loads the banner's code with the chunk on a page whose islands hydrate: the
 * sign-in page 61.8 → 62.9 kB, the cart 74.8 → 74.7 kB (it shares most of that code anyway).
 */

import { fileURLToPath } from "node:url";
import { ISLAND_CLIENT } from "./island-renderer.ts";

/** The consent island's module. */
const CONSENT_ISLAND = fileURLToPath(new URL("../../src/islands/consent/ConsentIsland.tsx", import.meta.url));

/** The entries of the `page` chunk; Rolldown adds what they import (`includeDependenciesRecursively`). */
const EVERY_PAGE_ENTRIES = new Set([ISLAND_CLIENT, CONSENT_ISLAND]);

/** Rolldown's `output.codeSplitting` for the browser build. */
export const browserCodeSplitting = {
  groups: [{ name: "page", test: (id: string) => EVERY_PAGE_ENTRIES.has(id.split("?")[0] ?? id) }],
};
