/** Kinds of authentication provider: password credentials, a token, or passwordless (access code). */
export const AUTH_PROVIDER_KINDS = ["credentials", "token", "passwordless"] as const;

/** A kind of authentication provider. */
export type AuthProviderKind = (typeof AUTH_PROVIDER_KINDS)[number];

/** Whether the value is a known authentication provider kind. */
export function isAuthProviderKind(value: unknown): value is AuthProviderKind {
  return typeof value === "string" && (AUTH_PROVIDER_KINDS as readonly string[]).includes(value);
}
