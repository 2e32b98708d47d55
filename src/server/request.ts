/** What the storefront server knows about a request's sender: the scheme it used and its address. */
import type { TLSSocket } from "node:tls";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { clientAddress, isTrustedProxy, type TrustProxy } from "../lib/trust-proxy.ts";

/** The Hono environment of the storefront server (Node's request and socket, when served by Node). */
export type NodeEnv = { Bindings: Partial<HttpBindings> };

/** The socket of a request, when it came through Node's HTTP server. */
function socketOf<E extends NodeEnv>(c: Context<E>): TLSSocket | undefined {
  return c.env?.incoming?.socket as TLSSocket | undefined;
}

/**
 * True when the request came over https: directly, or through a trusted proxy that says so
 * (X-Forwarded-Proto). Anyone else's X-Forwarded-Proto is ignored.
 */
export function isHttps<E extends NodeEnv>(c: Context<E>, trust: TrustProxy): boolean {
  const socket = socketOf(c);
  if (socket?.encrypted) return true;
  if (!isTrustedProxy(socket?.remoteAddress, trust)) return false;
  return c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The client's address: the peer's, or the one a trusted proxy names in X-Forwarded-For. */
export function requestClientAddress<E extends NodeEnv>(c: Context<E>, trust: TrustProxy): string {
  return clientAddress(socketOf(c)?.remoteAddress ?? "", c.req.header("x-forwarded-for"), trust);
}
