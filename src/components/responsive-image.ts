/**
 * The responsive form of an image the pass service answered with, shared by `ServiceImage.astro` and the LCP
 * preload of `BaseLayout.astro`: AVIF and WebP srcsets of the on-demand variants (`lib/image-url.ts`), so a
 * build writes addresses only. In `astro dev` (no storefront server) and for images elsewhere than the
 * service's media files, the service's own URL.
 */
import { passBaseUrl, publicPassUrl, serviceHref } from "../client/site.ts";
import { rememberIn } from "../lib/bounded-memo.ts";
import {
  aspectOf,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  imageSourcePath,
  imageSrcset,
  imageVariantUrl,
  usefulWidths,
} from "../lib/image-url.ts";

/** An image of the pass service and how a page shows it. */
export interface ImageSpec {
  image: { url: string; width: number; height: number; alt: string };
  /** Widths to offer, from the storefront's list (spec §9). */
  widths: number[];
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Rendered aspect: crop to this width/height ratio (defaults to the image's own). */
  aspect?: number | undefined;
}

/**
 * What `<picture>` needs: one `<source>` per format (none when the image is not served as variants). Read-only:
 * one object serves every page that shows the image in the same layout.
 */
export interface ResponsiveImage {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly sizes: string;
  readonly sources: readonly { readonly type: string; readonly srcset: string }[];
}

/**
 * Pictures made so far, by everything they depend on (`rememberIn`): the pages of an event (four locales, its
 * page and its cart) show the same poster, line-up and product images, and a picture's addresses and srcsets
 * take a build more than the rest of the image's markup.
 */
const pictures = new Map<string, ResponsiveImage>();
const PICTURES_MAX = 4096;

/** The `<picture>` of an image: sources per format, a fallback `src`, and the dimensions that reserve its box. */
export function responsiveImage(spec: ImageSpec): ResponsiveImage {
  const { image, widths, sizes, aspect } = spec;
  const key = `${passBaseUrl()}\n${image.url}\n${image.width}x${image.height}\n${widths.join(",")}\n${sizes}\n${aspect ?? ""}`;
  return rememberIn(pictures, key, PICTURES_MAX, () => pictureOf(spec));
}

function pictureOf({ image, widths, sizes, aspect }: ImageSpec): ResponsiveImage {
  const width = Math.max(...widths);
  const height = Math.round(width / (aspect ?? image.width / image.height));
  // The service may answer with its public address (PASS_PUBLIC_URL); the endpoint reads the path from PASS_API_URL.
  const source = import.meta.env.DEV
    ? undefined
    : (imageSourcePath(image.url, passBaseUrl()) ?? imageSourcePath(image.url, publicPassUrl()));
  if (!source) return { src: serviceHref(image.url), width, height, sizes, sources: [] };
  const ratio = aspect === undefined ? undefined : aspectOf(aspect);
  const offered = usefulWidths(widths, ratio, image.width, image.height);
  const largest = offered[offered.length - 1] ?? width;
  return {
    src: imageVariantUrl({ source, width: largest, format: "webp", aspect: ratio }),
    width,
    height,
    sizes,
    sources: IMAGE_FORMATS.map((format) => ({
      type: IMAGE_CONTENT_TYPES[format],
      srcset: imageSrcset(source, offered, format, ratio),
    })),
  };
}
