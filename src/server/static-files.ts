/**
 * The built site's files (`<dist>/client`): resolving a URL path to a file (directory-style pages answer
 * with and without the trailing slash), content types, cache policy, validators (ETag from the content,
 * Last-Modified from the file) and a bounded in-memory cache of file bodies and their compressed forms.
 */
import { createHash } from "node:crypto";
import { type Stats, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { type Encoding, encode } from "./compression.ts";
import { type InlineContent, inlineContent, isPageType, NO_INLINE } from "./security.ts";

/** Content types by file extension; text types are UTF-8. */
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".pdf": "application/pdf",
  ".wasm": "application/wasm",
};

/** Cache policies: fingerprinted assets forever, pages revalidated on every use, other files for an hour. */
export const CACHE_CONTROL = {
  immutable: "public, max-age=31536000, immutable",
  page: "public, max-age=0, must-revalidate",
  short: "public, max-age=3600",
  error: "no-cache",
} as const;

/** The content type of a file name. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** True for content types worth compressing (text, JSON, XML, SVG, JavaScript, wasm). */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  return /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i.test(
    contentType,
  );
}

/** The Cache-Control of a file by its URL path. */
export function cacheControlOf(urlPath: string, filePath: string): string {
  if (urlPath.startsWith("/_astro/")) return CACHE_CONTROL.immutable;
  if (filePath.endsWith(".html")) return CACHE_CONTROL.page;
  return CACHE_CONTROL.short;
}

/**
 * Maps a URL path to a file under `root`: `/a/` → `a/index.html`, `/a` → `a` or `a/index.html`.
 * Undefined when nothing matches, the path is malformed, leaves the root, or names a hidden file
 * (except under `/.well-known/`).
 */
export function resolveFile(root: string, urlPath: string): { path: string; stat: Stats } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/").filter((s) => s !== "");
  for (const [i, segment] of segments.entries()) {
    if (segment === "." || segment === "..") return undefined;
    if (segment.startsWith(".") && !(i === 0 && segment === ".well-known")) return undefined;
  }
  const base = join(root, ...segments);
  if (base !== root && !base.startsWith(root + sep)) return undefined;
  const candidates = decoded.endsWith("/") ? [join(base, "index.html")] : [base, join(base, "index.html")];
  for (const path of candidates) {
    const stat = statFile(path);
    if (stat) return { path, stat };
  }
  return undefined;
}

function statFile(path: string): Stats | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** A file read into memory, with what responses need: validators, inline content and compressed bodies. */
export interface CachedFile {
  body: Buffer;
  etag: string;
  lastModified: string;
  contentType: string;
  /** For HTML: its inline scripts and styles (for the CSP). */
  inline: InlineContent;
  /** Compressed bodies, made on first use. */
  encoded: Map<Encoding, Promise<Buffer>>;
  key: string;
  bytes: number;
}

/** Files above this size are not cached (they are read on each request and sent uncompressed). */
const MAX_CACHED_FILE = 4 * 1024 * 1024;

/**
 * An in-memory cache of files, keyed by path and checked against the file's inode, size and modification time
 * (a release switch or a file renamed over is never answered from the old copy), bounded by total bytes (LRU).
 */
export class FileCache {
  readonly #entries = new Map<string, CachedFile>();
  readonly #maxBytes: number;
  #bytes = 0;

  /** A cache holding at most `maxBytes` of bodies (compressed forms included). */
  constructor(maxBytes = 64 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /** The file's cached form, read (and hashed) on first use or after it changed on disk. */
  async get(path: string, stat: Stats): Promise<CachedFile> {
    const key = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const hit = this.#entries.get(path);
    if (hit && hit.key === key) {
      this.#entries.delete(path);
      this.#entries.set(path, hit);
      return hit;
    }
    if (hit) this.#forget(path, hit);
    const body = await readFile(path);
    const contentType = contentTypeOf(path);
    const file: CachedFile = {
      body,
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      lastModified: stat.mtime.toUTCString(),
      contentType,
      inline: isPageType(contentType) ? inlineContent(body.toString("utf8")) : NO_INLINE,
      encoded: new Map(),
      key,
      bytes: body.byteLength,
    };
    if (body.byteLength <= MAX_CACHED_FILE) {
      this.#entries.set(path, file);
      this.#bytes += file.bytes;
      this.#evict();
    }
    return file;
  }

  /**
   * The file's body in an encoding, compressed once and kept with the file. "max" (fingerprinted assets,
   * kept by browsers for a year, and pages, the first thing every visit downloads) first answers with a fast
   * compression and replaces it with the smallest one (brotli 11, gzip 9) made in the background, so no
   * request waits for the slow one. An event page of 77 kB is 17.5 kB with brotli 5 and 15.8 kB with brotli 11
   * (75 ms of a background thread, once per page and release).
   */
  encoded(path: string, file: CachedFile, encoding: Encoding, quality: "max" | "fast"): Promise<Buffer> {
    const existing = file.encoded.get(encoding);
    if (existing) return existing;
    const fast = encode(file.body, encoding, "fast");
    file.encoded.set(encoding, fast);
    const keep = (buffer: Buffer, replaces = 0): void => {
      if (this.#entries.get(path) !== file) return;
      file.bytes += buffer.byteLength - replaces;
      this.#bytes += buffer.byteLength - replaces;
      this.#evict();
    };
    fast.then(
      (buffer) => {
        keep(buffer);
        if (quality !== "max") return;
        encode(file.body, encoding, "max").then(
          (best) => {
            if (file.encoded.get(encoding) !== fast || best.byteLength >= buffer.byteLength) return;
            file.encoded.set(encoding, Promise.resolve(best));
            keep(best, buffer.byteLength);
          },
          () => {},
        );
      },
      () => file.encoded.delete(encoding),
    );
    return fast;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  #forget(path: string, file: CachedFile): void {
    this.#entries.delete(path);
    this.#bytes -= file.bytes;
  }

  #evict(): void {
    for (const [path, file] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#forget(path, file);
    }
  }
}

/** True when the request's validators match: If-None-Match (weak comparison) first, else If-Modified-Since. */
export function isNotModified(
  headers: { ifNoneMatch: string | undefined; ifModifiedSince: string | undefined },
  etag: string,
  lastModified: string,
): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const bare = (tag: string): string => tag.trim().replace(/^W\//, "");
    return headers.ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    return !Number.isNaN(since) && Date.parse(lastModified) <= since;
  }
  return false;
}
