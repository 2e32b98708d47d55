/**
 * The addresses of the storefront's on-demand image variants (`/_img/…`, served by `server/images.ts`):
 * built from the source image, the width, the format and the aspect alone, so a page build writes `srcset`
 * attributes without touching an image. One home for the URL format: pages build it, the server parses it.
 *
 * Form: `/_img/<width>[-<aw>x<ah>]/<base64url of the source path>.<format>`, e.g.
 * `/_img/640-3x4/L21lZGlhL3Bvc3Rlci5qcGc.avif`. The source is a path of the pass service under `/media/`;
 * the format is in the address (never negotiated), so caches and CDNs need no `Vary: Accept`.
 */
import { rememberIn } from "./bounded-memo.ts";
import { IMAGE_SMALL_SIZES, IMAGE_WIDTHS } from "./constants.ts";

/** Where the image variants are served. */
export const IMAGE_ENDPOINT = "/_img/";

/** The only source paths the endpoint accepts: the pass service's media files. */
const SOURCE_PREFIX = "/media/";

/** Longest source path accepted (in characters). */
const MAX_SOURCE_LENGTH = 512;

/** Formats of the variants, best first (spec §9: AVIF and WebP). */
export const IMAGE_FORMATS = ["avif", "webp"] as const;

/** A variant's format. */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Content types of the formats. */
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Every width a variant may have: the small sizes and the responsive widths of spec §9. */
export const VARIANT_WIDTHS: readonly number[] = [...IMAGE_SMALL_SIZES, ...IMAGE_WIDTHS];

/** The crops pages ask for, as width:height ratios. */
export const IMAGE_ASPECTS = [
  [1, 1],
  [3, 4],
  [4, 3],
  [3, 2],
  [16, 9],
] as const;

/** One variant of a source image. */
export interface ImageVariant {
  /** Path of the source on the pass service (`/media/…`). */
  source: string;
  width: number;
  format: ImageFormat;
  /** Crop to this width:height ratio (absent: the source's own). */
  aspect?: readonly [number, number] | undefined;
}

/** The ratio of the list equal to `aspect` (width / height); an error for a crop the endpoint does not make. */
export function aspectOf(aspect: number): readonly [number, number] {
  const found = IMAGE_ASPECTS.find(([w, h]) => Math.abs(w / h - aspect) < 1e-6);
  if (!found)
    throw new Error(`No image aspect ${aspect}: use one of ${IMAGE_ASPECTS.map((a) => a.join(":"))}`);
  return found;
}

/** True for a path of the pass service the endpoint may read: under /media/, no dot segments, no query. */
export function isImageSource(path: string): boolean {
  return (
    path.startsWith(SOURCE_PREFIX) &&
    path.length <= MAX_SOURCE_LENGTH &&
    !/[?#\\\s]|\/\/|\/\.\.?(\/|$)|%2e%2e|%2f/i.test(path)
  );
}

/** The source path of an image URL the service answered with, when it is one of its media files. */
export function imageSourcePath(url: string, serviceBase: string): string | undefined {
  const base = new URL(serviceBase.endsWith("/") ? serviceBase : `${serviceBase}/`);
  const resolved = new URL(url, base);
  if (resolved.origin !== base.origin || resolved.search || resolved.hash) return undefined;
  return isImageSource(resolved.pathname) ? resolved.pathname : undefined;
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  try {
    const binary = atob(encoded.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Sources encoded so far, at most ENCODED_SOURCES_MAX (then started anew): a page names a few sources many times. */
const encodedSources = new Map<string, string>();
const ENCODED_SOURCES_MAX = 4096;

/** The base64url form of a source path, as variant addresses carry it. */
function encodedSource(source: string): string {
  return rememberIn(encodedSources, source, ENCODED_SOURCES_MAX, () => toBase64Url(source));
}

/** The site-relative address of a variant; an error for a width, format, aspect or source the endpoint refuses. */
export function imageVariantUrl(variant: ImageVariant): string {
  const { source, width, format, aspect } = variant;
  if (!VARIANT_WIDTHS.includes(width)) throw new Error(`No image width ${width}`);
  if (!IMAGE_FORMATS.includes(format)) throw new Error(`No image format ${format}`);
  if (!isImageSource(source)) throw new Error(`Not an image of the pass service: ${source}`);
  if (aspect && !IMAGE_ASPECTS.some(([w, h]) => w === aspect[0] && h === aspect[1])) {
    throw new Error(`No image aspect ${aspect.join(":")}`);
  }
  const size = aspect ? `${width}-${aspect[0]}x${aspect[1]}` : `${width}`;
  return `${IMAGE_ENDPOINT}${size}/${encodedSource(source)}.${format}`;
}

/** The variant an address names, or undefined when the endpoint does not serve it (the exact inverse of imageVariantUrl). */
export function parseImageVariantUrl(path: string): ImageVariant | undefined {
  const match = /^\/_img\/(\d{1,4})(?:-(\d{1,2})x(\d{1,2}))?\/([A-Za-z0-9_-]{1,1024})\.([a-z]{3,4})$/.exec(
    path,
  );
  if (!match) return undefined;
  const [, w, aw, ah, encoded, fmt] = match;
  const width = Number(w);
  const format = IMAGE_FORMATS.find((f) => f === fmt);
  const aspect = aw ? IMAGE_ASPECTS.find(([x, y]) => x === Number(aw) && y === Number(ah)) : undefined;
  const source = fromBase64Url(encoded ?? "");
  if (!format || !source || (aw && !aspect) || !VARIANT_WIDTHS.includes(width) || !isImageSource(source)) {
    return undefined;
  }
  const variant: ImageVariant = { source, width, format, ...(aspect ? { aspect } : {}) };
  // Only the canonical spelling (no leading zeros, no other base64 spelling of the same text).
  return imageVariantUrl(variant) === path ? variant : undefined;
}

/** The largest size of a variant of a `sourceWidth`×`sourceHeight` image at `width`: never wider than the source allows. */
export function variantSize(
  width: number,
  aspect: readonly [number, number] | undefined,
  sourceWidth: number,
  sourceHeight: number,
): { width: number; height: number } {
  const ratio = aspect ? aspect[0] / aspect[1] : sourceWidth / sourceHeight;
  const w = Math.max(1, Math.min(width, sourceWidth, Math.floor(sourceHeight * ratio)));
  return { width: w, height: Math.max(1, Math.round(w / ratio)) };
}

/**
 * The widths of `widths` worth listing in a srcset for a source of this size: those the source can fill
 * (no upscaling), at least the smallest one.
 */
export function usefulWidths(
  widths: readonly number[],
  aspect: readonly [number, number] | undefined,
  sourceWidth: number,
  sourceHeight: number,
): number[] {
  const sorted = [...new Set(widths)].sort((a, b) => a - b);
  const max = variantSize(Number.POSITIVE_INFINITY, aspect, sourceWidth, sourceHeight).width;
  const fit = sorted.filter((w) => w <= max);
  return fit.length > 0 ? fit : sorted.slice(0, 1);
}

/** A `srcset` of the variants of one source in one format. */
export function imageSrcset(
  source: string,
  widths: readonly number[],
  format: ImageFormat,
  aspect?: readonly [number, number],
): string {
  return widths.map((width) => `${imageVariantUrl({ source, width, format, aspect })} ${width}w`).join(", ");
}
