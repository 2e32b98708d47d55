/**
 * The cart's modules that call the service, loaded on first use (a dynamic `import()`): with them come the
 * pass client and the contract's schemas, which the first paint of a cart does not need.
 */

/** The hold's requests (`hold.store.ts`): live availability, holding, releasing, holding again. */
export function holdRequests(): Promise<typeof import("./hold.store.ts")> {
  return import("./hold.store.ts");
}

/** Applying and removing codes (`codes.store.ts`). */
export function codeRequests(): Promise<typeof import("./codes.store.ts")> {
  return import("./codes.store.ts");
}
