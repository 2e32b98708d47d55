/**
 * Which islands load the page language's Intl data before they hydrate. The first `Intl` formatter of a page
 * costs 20–80 ms of a desktop's CPU (four times that on a phone): an island whose first render formats money or
 * dates marks itself with `formatsOnStart`, and the renderer's browser entry (preact-client.ts) then loads the
 * data before it hydrates (by a worker, see hydration-tasks.ts), so the hydrating render is not held by it. A
 * page whose islands format nothing on start (the header, the consent banner, a favourite heart) never pays for
 * it. A missing mark costs only speed: the formatters then load inside the island's render.
 */

const FORMATS_ON_START = Symbol.for("vstupio.island.formatsOnStart");

/** Marks an island (its default export) whose first render formats numbers or dates. */
export function formatsOnStart(island: object): void {
  Object.defineProperty(island, FORMATS_ON_START, { value: true });
}

/** Whether an island is marked by `formatsOnStart`. */
export function formatsWhenStarting(island: unknown): boolean {
  return (
    (typeof island === "function" || (typeof island === "object" && island !== null)) &&
    FORMATS_ON_START in island
  );
}
