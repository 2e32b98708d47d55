/**
 * The on-demand image endpoint `GET /_img/…` (addresses: `lib/image-url.ts`): a responsive variant of one
 * of the pass service's media files, resized (never upscaled) and cropped with sharp, encoded as AVIF or
 * WebP at the storefront's quality. Variants are cached on disk under a hash of source URL, variant and
 * encoder, written atomically (temporary file, then rename); concurrent first requests of one variant
 * share one encoding; a cached variant is a file read. Answers are immutable with a strong ETag (304 on
 * If-None-Match). Sources are only the pass service's `/media/` files: anything else is a 404, a source the
 * service does not have is a 404, a source it cannot give or that is no image is a 502.
 * The cache and its encoder (`variantStore`) also serve the publisher's warm-up of published pages' LCP images.
 */
import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { IMAGE_QUALITY } from "../lib/constants.ts";
import {
  IMAGE_CONTENT_TYPES,
  type ImageVariant,
  imageVariantUrl,
  parseImageVariantUrl,
  variantSize,
} from "../lib/image-url.ts";
import { CACHE_CONTROL, isNotModified } from "./static-files.ts";

/** Options of {@link imageEndpoint}. */
export interface ImageEndpointOptions {
  /** The pass service whose media files are the sources (PASS_API_URL). */
  passApiUrl: string;
  /** Where encoded variants are kept (IMAGE_CACHE_DIR; kept across builds). */
  cacheDir: string;
  /** Told about sources that fail (unreachable service, not an image). */
  onError?: (error: unknown, path: string) => void;
}

/**
 * AVIF encoder effort (0–9): 1 encodes a 1200 px poster about three times faster than 3 (sharp defaults to 4), for files
 * about a tenth larger, so a first visitor does not wait seconds for the main image.
 */
const AVIF_EFFORT = 1;

/** Changes when the encoding changes, so older variants are not served for new addresses' contents. */
const ENCODER_VERSION = `1/avif-${AVIF_EFFORT}/sharp-${sharp.versions.sharp}/vips-${sharp.versions.vips}`;

/** Largest source file read (bytes) and how long the service may take to send it. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 15_000;

/** A refusal with its status (404: no such image; 502: the source could not be used). */
class ImageError extends Error {
  readonly status: 404 | 502;
  constructor(status: 404 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

/** Reads the source from the pass service: a 404 stays a 404, every other failure is a 502. */
async function fetchSource(url: URL): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  } catch (error) {
    throw new ImageError(502, `${url} did not answer: ${error instanceof Error ? error.message : error}`);
  }
  if (response.status === 404 || response.status === 410) throw new ImageError(404, `${url}: no such image`);
  if (!response.ok) throw new ImageError(502, `${url} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.byteLength > MAX_SOURCE_BYTES) throw new ImageError(502, `${url} is larger than allowed`);
  return bytes;
}

/** Resizes and encodes one variant of a source image. */
async function encodeVariant(source: Buffer, variant: ImageVariant): Promise<Buffer> {
  try {
    const image = sharp(source, { limitInputPixels: 100_000_000 }).autoOrient();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error("no dimensions");
    const size = variantSize(variant.width, variant.aspect, width, height);
    const resized = image.resize(size.width, size.height, { fit: "cover", withoutEnlargement: true });
    const encoded =
      variant.format === "avif"
        ? resized.avif({ quality: IMAGE_QUALITY, effort: AVIF_EFFORT })
        : resized.webp({ quality: IMAGE_QUALITY });
    return await encoded.toBuffer();
  } catch (error) {
    throw new ImageError(502, `${variant.source} is not an image sharp reads: ${error}`);
  }
}

/** Writes a file so that readers see either nothing or all of it. */
async function writeAtomically(path: string, bytes: Buffer, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The answer for a path that is not a variant, or an image that cannot be made. */
function refusal(status: 404 | 502): Response {
  return new Response(status === 404 ? "Not found\n" : "Bad gateway\n", {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.error },
  });
}

/** What {@link VariantStore.get} gives: the variant's bytes and whether this call encoded them. */
export type StoredVariant = { body: Buffer; cache: "hit" | "miss" } | { refused: 404 | 502 };

/** The variants of the image endpoint: the cache on disk and the encoder behind it. */
export interface VariantStore {
  /** The cache key of a variant (also its ETag), or undefined when its source is not the service's. */
  key(variant: ImageVariant): string | undefined;
  /** The variant from the cache, else encoded now (concurrent calls for one variant share one encoding) and cached. */
  get(variant: ImageVariant): Promise<StoredVariant>;
  /** True when the variant is cached on disk (no encoding, no read of its bytes). */
  has(variant: ImageVariant): Promise<boolean>;
}

/**
 * The variant cache of the endpoint, shared by its handler and by the publisher's warm-up (which makes a
 * published page's LCP variants before any request): both name, encode and write a variant the same way.
 */
export function variantStore(opts: ImageEndpointOptions): VariantStore {
  const base = new URL(opts.passApiUrl.endsWith("/") ? opts.passApiUrl : `${opts.passApiUrl}/`);
  const inFlight = new Map<string, Promise<Buffer>>();
  const sourceOf = (variant: ImageVariant): URL | undefined => {
    const url = new URL(variant.source, base.origin);
    return url.origin === base.origin ? url : undefined;
  };
  const key = (variant: ImageVariant): string | undefined => {
    const sourceUrl = sourceOf(variant);
    if (!sourceUrl) return undefined;
    return createHash("sha256")
      .update(
        JSON.stringify([
          sourceUrl.href,
          variant.width,
          variant.aspect ?? null,
          variant.format,
          IMAGE_QUALITY,
        ]),
      )
      .update(ENCODER_VERSION)
      .digest("hex");
  };
  const where = (hash: string, variant: ImageVariant) => {
    const dir = join(opts.cacheDir, hash.slice(0, 2));
    return { dir, file: join(dir, `${hash}.${variant.format}`) };
  };

  return {
    key,
    async has(variant) {
      const hash = key(variant);
      if (!hash) return false;
      return access(where(hash, variant).file).then(
        () => true,
        () => false,
      );
    },
    async get(variant) {
      const hash = key(variant);
      const sourceUrl = sourceOf(variant);
      if (!hash || !sourceUrl) return { refused: 404 };
      const { dir, file } = where(hash, variant);
      const cached = await readFile(file).catch(() => undefined);
      if (cached) return { body: cached, cache: "hit" };
      let encoding = inFlight.get(hash);
      let cache: "hit" | "miss" = "hit";
      if (!encoding) {
        cache = "miss";
        encoding = (async () => {
          const bytes = await encodeVariant(await fetchSource(sourceUrl), variant);
          // A cache that cannot be written costs the next request an encoding, not this answer.
          await writeAtomically(file, bytes, dir).catch((error) =>
            opts.onError?.(error, imageVariantUrl(variant)),
          );
          return bytes;
        })();
        inFlight.set(hash, encoding);
        void encoding.then(
          () => inFlight.delete(hash),
          () => inFlight.delete(hash),
        );
      }
      try {
        return { body: await encoding, cache };
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        if (error.status === 502) opts.onError?.(error, imageVariantUrl(variant));
        return { refused: error.status };
      }
    },
  };
}

/**
 * The image endpoint's handler: `GET /_img/…` → the variant (`X-Cache: miss` when this request encoded it,
 * `hit` when it was on disk or encoded for a concurrent request).
 */
export function imageEndpoint(opts: ImageEndpointOptions): (request: Request) => Promise<Response> {
  const store = variantStore(opts);
  return async (request) => {
    const variant = parseImageVariantUrl(new URL(request.url).pathname);
    const key = variant && store.key(variant);
    if (!variant || !key) return refusal(404);
    const etag = `"${key.slice(0, 40)}"`;
    const headers = new Headers({
      "Content-Type": IMAGE_CONTENT_TYPES[variant.format],
      "Cache-Control": CACHE_CONTROL.immutable,
      ETag: etag,
    });
    const validators = {
      ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
      ifModifiedSince: undefined,
    };
    if (isNotModified(validators, etag, "")) return new Response(null, { status: 304, headers });
    const stored = await store.get(variant);
    if ("refused" in stored) return refusal(stored.refused);
    headers.set("Content-Length", String(stored.body.byteLength));
    headers.set("X-Cache", stored.cache);
    return new Response(stored.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
