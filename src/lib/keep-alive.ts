/**
 * How long the storefront's server and the pass service keep an idle HTTP connection open. Node's default
 * (5 s) is shorter than the idle time of the clients and proxies that reuse connections, so a request sent on
 * a connection the server is closing at that moment fails with ECONNRESET. Kept longer than those (a
 * load balancer's 60 s), the client always closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Sets a Node HTTP server's keep-alive (and its header timeout just above it, as Node requires). */
export function keepConnectionsAlive(server: { keepAliveTimeout: number; headersTimeout: number }): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
