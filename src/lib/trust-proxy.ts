/**
 * Who is on the other end of a request. A peer is believed about the client behind it (`X-Forwarded-For`)
 * and about the scheme the client used (`X-Forwarded-Proto`) only when it is a proxy the operator named in
 * `TRUST_PROXY`: anyone else could write those headers. Used by the pass service (per-client limits) and by
 * the storefront server (HSTS only over https). Built on `proxy-addr`, the matcher Express uses.
 */
import proxyaddr from "proxy-addr";

/** Whether the address at a hop (0 = the direct peer) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Trusts no proxy: the peer's own address is the client's. */
export const TRUST_NOBODY: TrustProxy = () => false;

/**
 * Parses `TRUST_PROXY`: empty or `off` trusts nobody; otherwise a comma-separated list of IP addresses, CIDR
 * ranges and the names `loopback`, `linklocal` and `uniquelocal`. Throws on an entry that is none of these.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === "off")) return TRUST_NOBODY;
  try {
    return proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY: ${error instanceof Error ? error.message : String(error)} (use IP addresses, CIDR ranges, loopback, linklocal or uniquelocal)`,
    );
  }
}

/** The client's address: the peer's, or the nearest untrusted one of `X-Forwarded-For` behind trusted proxies. */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (!peer) return "unknown";
  const request = {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    connection: { remoteAddress: peer },
    socket: { remoteAddress: peer },
  };
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trust);
}

/** True when the direct peer is a trusted proxy, so that its `X-Forwarded-*` headers may be believed. */
export function isTrustedProxy(peer: string | undefined, trust: TrustProxy): boolean {
  return Boolean(peer) && trust(peer as string, 0);
}
