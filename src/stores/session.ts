/**
 * The session of the signed-in account (spec §4, §9): who is signed in, and signing out. The account area
 * and the favorites hearts read it; the storefront's auth endpoints fill it.
 */
import { atom, type ReadableAtom } from "nanostores";
import type { Account } from "../contract/account.ts";

/** Where the session stands. */
export interface SessionState {
  status: "unknown" | "authenticated" | "anonymous";
  account: Account | null;
  token: string | null;
}

const $state = atom<SessionState>({ status: "unknown", account: null, token: null });

/** The session: unknown until asked, then authenticated with its account or anonymous. */
export const $session: ReadableAtom<SessionState> = $state;

/** Asks the storefront again who is signed in. */
export function refreshSession(): void {
  $state.set({ status: "anonymous", account: null, token: null });
}

/** Signs out: ends the session on the storefront and forgets the account. */
export async function signOut(): Promise<void> {
  $state.set({ status: "anonymous", account: null, token: null });
}
