/**
 * Bearer tokens of secure calls (spec §6). The mount layer asks the service's `TokenVerifier` about the token
 * of every secure call before its handler runs; a call without a valid token is a 401. The default verifier
 * is the accounts' stored tokens (`services/accounts/tokens.ts`).
 */

/** The account a valid token belongs to. */
export interface TokenAccount {
  accountId: string;
}

/** Checks bearer tokens: the token's account, or null for a token that is not (or no longer) valid. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenAccount | null>;
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case), or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1];
}
