/**
 * The session of the browser (spec §4 and §9, DESIGN §4): the signed-in account, read from
 * `GET /api/auth/user` only while the `_hocid_marker` cookie exists. On success the account is kept, the
 * session is authenticated and its token goes to the pass clients; on an error, or without the marker, the
 * account and the token are cleared. The query is fresh for 10 minutes and refetched every 10 minutes, on
 * focus, on reconnect and on mount, never retried; its errors are only logged.
 */
import { nanoquery } from "@nanostores/query";
import { atom, computed, type ReadableAtom } from "nanostores";
import type { TokenStore } from "../client/index.ts";
import type { Account } from "../contract/account.ts";
import type { AuthUserAnswer } from "../contract/web.ts";
import { webAuthUser, webLogout } from "../contract/web.ts";
import { SESSION_DEDUPE_MS, SESSION_REFRESH_MS } from "../lib/constants.ts";
import { DEFAULT_LOCALE, isLocale } from "../lib/i18n/config.ts";
import type { Logger } from "../lib/logger.ts";
import { hasSessionMarker, SESSION_STARTED_EVENT } from "../lib/session-marker.ts";
import { pageLogger } from "./page.ts";
import { browserTokenStore, storefrontApi } from "./pass.ts";

/** What the page knows of the session. */
export interface SessionState {
  /** `unknown` while the account is being read, then `authenticated` or `anonymous`. */
  status: "unknown" | "authenticated" | "anonymous";
  account: Account | null;
  token: string | null;
}

/** What a session store needs from its surroundings (the browser's, or a test's). */
export interface SessionDeps {
  /** Whether the marker cookie exists now. */
  hasMarker(): boolean;
  /** `GET /api/auth/user`. */
  fetchUser(): Promise<AuthUserAnswer>;
  /** `POST /api/auth/logout`. */
  logout(): Promise<unknown>;
  /** The token store of the pass clients. */
  tokenStore: TokenStore;
  logger: Logger;
}

/** A session store and its actions. */
export interface SessionStore {
  $session: ReadableAtom<SessionState>;
  /** Reads the marker again and refetches the account (after a sign-in, or when the page asks). */
  refreshSession(): void;
  /** Signs out at the server (errors only logged) and clears the session. */
  signOut(): Promise<void>;
}

/** The cache key of the one session query. */
const SESSION_KEY = "session";

const ANONYMOUS: SessionState = { status: "anonymous", account: null, token: null };
/** The session before it is read (and in pages as pre-rendered, where none is known). */
export const UNKNOWN_SESSION: SessionState = { status: "unknown", account: null, token: null };

/** Creates a session store (the page has one, below; tests make their own). */
export function createSessionStore(deps: SessionDeps): SessionStore {
  const [createFetcherStore, , { invalidateKeys }] = nanoquery();
  const $key = atom<string | null>(null);
  const readMarker = (): void => {
    const present = deps.hasMarker();
    $key.set(present ? SESSION_KEY : null);
    if (!present) deps.tokenStore.setToken(null);
  };
  readMarker();

  const $query = createFetcherStore<AuthUserAnswer>([$key], {
    fetcher: async () => {
      try {
        const answer = await deps.fetchUser();
        deps.tokenStore.setToken(answer.token);
        return answer;
      } catch (error) {
        deps.tokenStore.setToken(null);
        throw error;
      }
    },
    dedupeTime: SESSION_DEDUPE_MS,
    revalidateInterval: SESSION_REFRESH_MS,
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    onErrorRetry: false,
    onError: (error) =>
      deps.logger.error(`session: ${error instanceof Error ? error.message : String(error)}`),
  });

  const $session = computed([$key, $query], (key, query): SessionState => {
    if (!key || query.error) return ANONYMOUS;
    if (query.data) {
      return { status: "authenticated", account: query.data.userAccount, token: query.data.token };
    }
    return UNKNOWN_SESSION;
  });

  return {
    $session,
    refreshSession() {
      readMarker();
      // Without the marker the key is gone: invalidating now would still refetch under the old key.
      if ($key.get()) invalidateKeys(SESSION_KEY);
    },
    async signOut() {
      try {
        await deps.logout();
      } catch (error) {
        deps.logger.error(`logout: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Signed out, the server cleared the marker: the key is gone, the token too, and nothing is asked any
      // more. Had it failed, the marker is still there and the account is asked again.
      readMarker();
      if ($key.get()) invalidateKeys(SESSION_KEY);
    },
  };
}

/** The page's language, for the storefront's own calls. */
function pageLocale() {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

const page = createSessionStore({
  hasMarker: () => typeof document !== "undefined" && hasSessionMarker(document.cookie),
  fetchUser: () => storefrontApi(pageLocale()).call(webAuthUser),
  logout: () => storefrontApi(pageLocale()).call(webLogout),
  tokenStore: browserTokenStore,
  logger: pageLogger("session"),
});

/** The page's session: `unknown` until read, then `authenticated` (account, token) or `anonymous`. */
export const $session: ReadableAtom<SessionState> = page.$session;

/**
 * Reads the marker again and refetches the account (after signing in, or when a page asks); a session that
 * exists is announced to the islands waiting for one (`client:session`).
 */
export function refreshSession(): void {
  page.refreshSession();
  if (hasSessionMarker(document.cookie)) {
    window.dispatchEvent(new Event(SESSION_STARTED_EVENT));
  }
}

/** Signs out: the server revokes the token and clears the cookies; the session becomes anonymous. */
export const signOut: () => Promise<void> = page.signOut;
