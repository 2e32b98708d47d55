/**
 * Typed API clients of the pass service: the generic client of the contract (`http.ts`), its errors
 * (`errors.ts`) and the storefront's configured client (`pass.ts`).
 */
export * from "./errors.ts";
export * from "./http.ts";
export { createPassClient } from "./pass.ts";
