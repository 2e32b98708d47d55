/**
 * Typed API clients of the pass and tickets services. Create both with `createClients` so they share one
 * token store (spec §4: the token is given to both clients).
 */
import { type ApiClient, type ApiClientOptions, createTokenStore, type TokenStore } from "./http.ts";
import { createPassClient } from "./pass.ts";
import { createTicketsClient } from "./tickets.ts";

export * from "./errors.ts";
export * from "./http.ts";
export { createPassClient } from "./pass.ts";
export { createTicketsClient } from "./tickets.ts";

/** Options of `createClients`: the two base URLs and the options both clients share. */
export interface ClientsOptions extends Omit<ApiClientOptions, "baseUrl"> {
  /** Base URL of the pass service (`PASS_API_URL`). */
  passBaseUrl: string;
  /** Base URL of the tickets service (`TICKETS_API_URL`); the pass service's when absent. */
  ticketsBaseUrl?: string;
}

/** Both clients with one token store: a token set once reaches both. */
export interface Clients {
  /** Client of the pass service. */
  pass: ApiClient;
  /** Client of the tickets service. */
  tickets: ApiClient;
  /** The token store both clients read. */
  tokenStore: TokenStore;
}

/** Creates the pass and tickets clients sharing one token store (given, or a new one). */
export function createClients(options: ClientsOptions): Clients {
  const { passBaseUrl, ticketsBaseUrl, ...shared } = options;
  const tokenStore = options.tokenStore ?? createTokenStore();
  return {
    pass: createPassClient({ ...shared, baseUrl: passBaseUrl, tokenStore }),
    tickets: createTicketsClient({ ...shared, baseUrl: ticketsBaseUrl ?? passBaseUrl, tokenStore }),
    tokenStore,
  };
}
