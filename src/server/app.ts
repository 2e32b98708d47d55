/**
 * The storefront's production server (Hono): pre-rendered files from `<dist>/client` with their cache
 * policy, validators and compression; every other request to Astro's handler (on-demand pages, API
 * routes, the 404 pages it renders); a built 404 page (the locale's own when the build has one) when
 * nothing answers with a page; security headers and a Content-Security-Policy fitted to each page on
 * every response.
 */
import type { HttpBindings } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { IMAGE_ENDPOINT } from "../lib/image-url.ts";
import type { Logger } from "../lib/logger.ts";
import { localePrefix, splitLocale } from "../lib/routes.ts";
import { TRUST_NOBODY, type TrustProxy } from "../lib/trust-proxy.ts";
import { type AuthRoutesOptions, authRoutes } from "./auth.ts";
import { encode, encodeStream, MIN_COMPRESS_BYTES, negotiateEncoding } from "./compression.ts";
import { type ImageEndpointOptions, imageEndpoint } from "./images.ts";
import { type NodeHandler, runNodeHandler } from "./node-handler.ts";
import { isHttps } from "./request.ts";
import {
  type CspDirectives,
  contentSecurityPolicy,
  type InlineContent,
  inlineContent,
  isIsolatedPage,
  isPageType,
  NO_INLINE,
  NON_PAGE_CSP,
  securityHeaders,
} from "./security.ts";
import {
  CACHE_CONTROL,
  cacheControlOf,
  FileCache,
  isCompressible,
  isNotModified,
  resolveFile,
} from "./static-files.ts";

/** Options of {@link createStorefrontApp}. */
export interface StorefrontAppOptions {
  /** The pre-rendered files: `<dist>/client`. */
  clientDir: string;
  /** Astro's handler for everything that is not a file (absent: unknown paths answer the 404 page). */
  astroHandler?: NodeHandler | undefined;
  /** The release to serve, asked per request (a site folder with releases); overrides the two above. */
  served?: () => ServedSite | Promise<ServedSite>;
  /** Origins of the services pages use (pass, tickets): allowed by the CSP for images, calls and forms. */
  serviceOrigins: readonly string[];
  /** Extra CSP sources per directive (CSP_EXTRA). */
  cspExtra?: CspDirectives;
  /** The file cache (one per server). */
  cache?: FileCache;
  /** Where the server logs: a logger of the stage the server runs in (`siteLogger` of lib/site-config.ts). */
  logger: Logger;
  /** Where errors are reported (the logger's error level by default). */
  onError?: (error: unknown, path: string) => void;
  /** Proxies whose X-Forwarded-Proto is believed (TRUST_PROXY); nobody by default. */
  trustProxy?: TrustProxy;
  /** The session endpoints `/api/auth/*` (absent: not served). */
  auth?: Omit<AuthRoutesOptions, "trustProxy" | "logger">;
  /** The image endpoint `/_img/…` (absent: not served). */
  images?: Omit<ImageEndpointOptions, "onError">;
}

/** The files and the handler of the release a request is served from. */
export interface ServedSite {
  clientDir: string;
  astroHandler?: NodeHandler | undefined;
}

/**
 * `inline`: what the page answered inlines (its CSP's hashes). `page`: whether the file answered is a page, set
 * for files because a 304 has no Content-Type and its headers replace those the browser stored with the page.
 */
type Env = { Bindings: Partial<HttpBindings>; Variables: { inline: InlineContent; page: boolean } };

/** Largest HTML body of an on-demand page that is read whole (to hash its inline scripts for the CSP). */
const MAX_DYNAMIC_HTML = 8 * 1024 * 1024;

/** Builds the storefront server app. */
export function createStorefrontApp(opts: StorefrontAppOptions): Hono<Env> {
  const cache = opts.cache ?? new FileCache();
  const fixed: ServedSite = { clientDir: opts.clientDir, astroHandler: opts.astroHandler };
  const served = opts.served ?? (() => fixed);
  const { logger } = opts;
  const onError =
    opts.onError ??
    ((error: unknown, path: string) =>
      logger.error(`${path}: ${error instanceof Error ? (error.stack ?? error.message) : error}`));
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    await next();
    const https = isHttps(c, opts.trustProxy ?? TRUST_NOBODY);
    const page = c.get("page") ?? isPageType(c.res.headers.get("Content-Type"));
    const kind = page ? (isIsolatedPage(c.req.path) ? "isolated" : "public") : false;
    for (const [name, value] of Object.entries(securityHeaders(https, kind))) c.res.headers.set(name, value);
    c.res.headers.set(
      "Content-Security-Policy",
      page
        ? contentSecurityPolicy({
            serviceOrigins: opts.serviceOrigins,
            inline: c.get("inline") ?? NO_INLINE,
            https,
            extra: opts.cspExtra ?? {},
          })
        : NON_PAGE_CSP,
    );
  });

  /** Answers with a file: validators and a 304 when they match, compressed when the client accepts it. */
  const sendFile = async (
    c: Context<Env>,
    found: NonNullable<ReturnType<typeof resolveFile>>,
    urlPath: string,
    status: 200 | 404,
  ): Promise<Response> => {
    const file = await cache.get(found.path, found.stat);
    c.set("inline", file.inline);
    c.set("page", isPageType(file.contentType));
    const headers = new Headers({
      "Content-Type": file.contentType,
      "Cache-Control": status === 200 ? cacheControlOf(urlPath, found.path) : CACHE_CONTROL.error,
    });
    const compressible = isCompressible(file.contentType) && file.body.byteLength >= MIN_COMPRESS_BYTES;
    if (compressible) headers.set("Vary", "Accept-Encoding");
    if (status === 200) {
      headers.set("ETag", file.etag);
      headers.set("Last-Modified", file.lastModified);
      const validators = {
        ifNoneMatch: c.req.header("if-none-match"),
        ifModifiedSince: c.req.header("if-modified-since"),
      };
      if (isNotModified(validators, file.etag, file.lastModified)) {
        headers.delete("Content-Type");
        return new Response(null, { status: 304, headers });
      }
    }
    const encoding = compressible ? negotiateEncoding(c.req.header("accept-encoding")) : undefined;
    let body = file.body;
    if (encoding) {
      // Fingerprinted assets and pages are read by every visitor until the next release: worth the smallest.
      const immutable = headers.get("Cache-Control") === CACHE_CONTROL.immutable;
      body = await cache.encoded(found.path, file, encoding, immutable || c.get("page") ? "max" : "fast");
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body as Uint8Array<ArrayBuffer>, { status, headers });
  };

  /** The 404 page: the locale's own when the build has one (`/en/404.html`), else the default one. */
  const notFound = (c: Context<Env>, root: string, urlPath: string): Promise<Response> | Response => {
    const prefix = localePrefix(splitLocale(urlPath).locale);
    const candidates = [...new Set([prefix, ""])].flatMap((p) => [`${p}/404.html`, `${p}/404/index.html`]);
    for (const candidate of candidates) {
      const found = resolveFile(root, candidate);
      if (found) return sendFile(c, found, candidate, 404);
    }
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.error },
    });
  };

  /** Security headers and compression for a response of Astro's handler. */
  const finishDynamic = async (c: Context<Env>, response: Response): Promise<Response> => {
    const headers = new Headers(response.headers);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    const type = headers.get("Content-Type");
    if (!response.body || headers.has("Content-Encoding") || !isCompressible(type)) {
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    headers.append("Vary", "Accept-Encoding");
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const length = Number(headers.get("Content-Length") ?? Number.NaN);
    if (isPageType(type) && !(length > MAX_DYNAMIC_HTML)) {
      // Read whole: the CSP needs the page's inline script hashes before the headers go out.
      const html = Buffer.from(await response.arrayBuffer());
      c.set("inline", inlineContent(html.toString("utf8")));
      let body: Buffer = html;
      if (encoding && html.byteLength >= MIN_COMPRESS_BYTES) {
        body = await encode(html, encoding, "fast");
        headers.set("Content-Encoding", encoding);
      }
      headers.set("Content-Length", String(body.byteLength));
      return new Response(body as Uint8Array<ArrayBuffer>, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    if (!encoding || length < MIN_COMPRESS_BYTES) {
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    return new Response(encodeStream(response.body, encoding), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

  if (opts.auth) {
    app.route("/api/auth", authRoutes({ ...opts.auth, trustProxy: opts.trustProxy ?? TRUST_NOBODY, logger }));
  }

  if (opts.images) {
    const images = imageEndpoint({ ...opts.images, onError });
    app.get(`${IMAGE_ENDPOINT}*`, (c) => images(c.req.raw));
  }

  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    const { clientDir: root, astroHandler } = await served();
    const method = c.req.method;
    const readOnly = method === "GET" || method === "HEAD";
    if (readOnly) {
      const found = resolveFile(root, url.pathname);
      if (found) return sendFile(c, found, url.pathname, 200);
    }
    const incoming = c.env?.incoming;
    if (!astroHandler || !incoming) return notFound(c, root, url.pathname);
    let response = await runNodeHandler(astroHandler, incoming);
    if (response.status === 404 && readOnly) {
      // Astro renders the site's 404 pages itself (on-demand localized ones too); when it answers without
      // a page, the built 404 page of the path's locale is sent.
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      const type = response.headers.get("Content-Type");
      if (body.byteLength === 0 || !isPageType(type)) return notFound(c, root, url.pathname);
      response = new Response(body, response);
    }
    return finishDynamic(c, response);
  });

  app.onError((error, c) => {
    onError(error, c.req.path);
    return new Response("Internal server error\n", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  });

  return app;
}
