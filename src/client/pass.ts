/**
 * The storefront's client of the pass service (base URL `PASS_API_URL`), and the one place that says how the
 * storefront talks to it: the agent version and source every request carries, the timeout of each context,
 * and, during a build, the memo that fetches an entity once for all locales. Pre-rendered pages (through
 * `site.ts`), on-demand pages, the islands' store wiring (`src/stores/pass.ts`) and the operator scripts
 * create their clients here.
 */
import { LOCALES, type Locale } from "../lib/i18n/config.ts";
import { type ApiClient, type ApiClientOptions, createApiClient, type TokenStore } from "./http.ts";

/** Version sent as X-Agent-Version: the storefront's version (package.json's `version`). */
export const STOREFRONT_VERSION = "0.1.0";

/** Sent as X-Agent-Source by every client of the storefront. */
const AGENT_SOURCE = "web";

/**
 * Where a client runs, with its timeout: a build pre-rendering pages (identical GETs are memoised and fetch
 * every locale in one request), a server (an on-demand page, an operator script) or the browser (islands).
 */
export const CLIENT_TIMEOUTS_MS = { build: 30_000, server: 15_000, browser: 20_000 } as const;

/** Where a client runs. */
export type ClientContext = keyof typeof CLIENT_TIMEOUTS_MS;

/** What a storefront client needs to know: the service, the language it speaks and where it runs. */
export interface PassClientOptions {
  /** Base URL of the pass service (as this context reaches it). */
  baseUrl: string;
  /** Sent as Accept-Language: the service answers texts in it. */
  locale: Locale;
  context: ClientContext;
  /** Where the bearer token lives, shared by the clients of one signed-in browser (default: the client's own). */
  tokenStore?: TokenStore;
  /** The fetch to send with (default `globalThis.fetch`; the server's clients pass `serverFetch`). */
  fetch?: typeof globalThis.fetch;
  /** The schema answers are checked against (default the contract's; the server's clients pass `compiledAnswer`). */
  answerSchema?: ApiClientOptions["answerSchema"];
}

/** Creates a client of the pass service for the storefront, set up for where it runs. */
export function createPassClient({
  baseUrl,
  locale,
  context,
  tokenStore,
  fetch,
  answerSchema,
}: PassClientOptions): ApiClient {
  return createApiClient({
    ...(tokenStore ? { tokenStore } : {}),
    ...(fetch ? { fetch } : {}),
    ...(answerSchema ? { answerSchema } : {}),
    baseUrl,
    agentVersion: STOREFRONT_VERSION,
    agentSource: AGENT_SOURCE,
    language: locale,
    timeoutMs: CLIENT_TIMEOUTS_MS[context],
    ...(context === "build" ? { memoizeGet: true, batchLanguages: LOCALES } : {}),
  });
}
