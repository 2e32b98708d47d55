/** Starting and stopping the storefront's production server on a built site (used by `scripts/serve.ts`). */
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import type { DebugAccess } from "../lib/debug-access.ts";
import { keepConnectionsAlive } from "../lib/keep-alive.ts";
import type { Logger } from "../lib/logger.ts";
import type { TrustProxy } from "../lib/trust-proxy.ts";
import { createStorefrontApp } from "./app.ts";
import { followReleases } from "./releases.ts";
import { type CspDirectives, originOf } from "./security.ts";

/** Options of {@link startStorefrontServer}. */
export interface StorefrontServerOptions {
  /** The site folder: `current` → `releases/<id>/{client,server}` (or, old layout, `client/` and `server/`). */
  distDir: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The services pages use (PASS_API_URL, TICKETS_API_URL): their origins go into the CSP. */
  serviceUrls: readonly (string | undefined)[];
  /** The pass service as this server reaches it (PASS_API_URL): serves `/api/auth/*` when given. */
  passApiUrl?: string | undefined;
  /** Where the image endpoint keeps its variants (IMAGE_CACHE_DIR); `<distDir>/image-cache` by default. */
  imageCacheDir?: string | undefined;
  /** Extra CSP sources (CSP_EXTRA, parsed). */
  cspExtra?: CspDirectives;
  /** Proxies whose X-Forwarded-Proto is believed (TRUST_PROXY, parsed). */
  trustProxy?: TrustProxy;
  /** Where the server logs (a logger of the STAGE the server was started in). */
  logger: Logger;
  /** The stage and its staff (DEBUG_ACCOUNT_IDS, DEBUG_EMAIL_DOMAIN): who may open the staff debugger. */
  debugAccess?: DebugAccess | undefined;
}

/** A running storefront server. */
export interface RunningStorefront {
  url: string;
  /** Stops accepting connections, lets requests in flight finish (at most 10 s) and resolves when closed. */
  close(): Promise<void>;
}

/** Serves a built site (its current release): its files, its on-demand pages through Astro's handler, its 404 page. */
export async function startStorefrontServer(opts: StorefrontServerOptions): Promise<RunningStorefront> {
  const distDir = resolve(opts.distDir);
  const served = followReleases(distDir);
  const { clientDir } = await served();
  if (!existsSync(clientDir)) throw new Error(`No built site in ${distDir} (run npm run build)`);
  const serviceOrigins = opts.serviceUrls.map(originOf).filter((o): o is string => o !== undefined);
  const app = createStorefrontApp({
    clientDir,
    served,
    serviceOrigins,
    ...(opts.cspExtra ? { cspExtra: opts.cspExtra } : {}),
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
    logger: opts.logger,
    ...(opts.passApiUrl ? { auth: { passApiUrl: opts.passApiUrl, debugAccess: opts.debugAccess } } : {}),
    ...(opts.passApiUrl
      ? {
          images: {
            passApiUrl: opts.passApiUrl,
            cacheDir: resolve(opts.imageCacheDir ?? join(distDir, "image-cache")),
          },
        }
      : {}),
  });
  let listening: (info: AddressInfo) => void = () => {};
  const started = new Promise<AddressInfo>((done) => {
    listening = done;
  });
  const server = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, (i) =>
    listening(i),
  ) as Server;
  keepConnectionsAlive(server);
  const info = await Promise.race([started, new Promise<never>((_, fail) => server.once("error", fail))]);
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${info.port}`,
    close: () =>
      new Promise<void>((done) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          done();
        });
        server.closeIdleConnections();
      }),
  };
}
