/**
 * The pass client of an open cart: the one given to `openCart`, else the page's browser client. Only the
 * actions that call the service import this (and with it the client and the contract's schemas), so the
 * first paint of a cart loads none of them.
 */
import type { ApiClient } from "../../client/index.ts";
import { browserPass } from "../pass.ts";
import type { Runtime } from "./runtime.store.ts";

/** The client an open cart calls the service with. */
export function clientOf(rt: Runtime): ApiClient {
  return rt.passClient ?? browserPass(rt.locale);
}
