/**
 * Latency of the storefront's image endpoint: the first request of a variant nobody asked for before (the
 * pass service's file read, resize and encode, then the write to the cache) and the median of 20 repeats of
 * it (a file read). Used by `npm run bench:build`; alone: `node tests/bench/support/image-latency.ts
 * <storefront URL> <image URL>`.
 */
import {
  IMAGE_ASPECTS,
  IMAGE_FORMATS,
  type ImageVariant,
  imageVariantUrl,
  parseImageVariantUrl,
  VARIANT_WIDTHS,
} from "../../../src/lib/image-url.ts";
import { median } from "./stats.ts";

const REPEATS = 20;

/** Milliseconds of one GET, body read, and its `X-Cache` answer. */
async function timedGet(url: URL): Promise<{ ms: number; cache: string | null }> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - start, cache: response.headers.get("x-cache") };
}

/** The variants of the source, the widths most pages ask for first. */
function* variantsOf(source: string): Generator<ImageVariant> {
  const widths = [...VARIANT_WIDTHS].sort((a, b) => Math.abs(a - 640) - Math.abs(b - 640));
  for (const aspect of [undefined, ...IMAGE_ASPECTS]) {
    for (const format of IMAGE_FORMATS) for (const width of widths) yield { source, width, format, aspect };
  }
}

/**
 * Cold and cached latency of a variant of `imageUrl` (a `/_img/…` address or the pass service's image URL):
 * the first variant of that source the endpoint encodes for this call (`X-Cache: miss`), then 20 repeats.
 */
export async function measureImageLatency(
  storefrontUrl: string,
  imageUrl: string,
): Promise<{ coldMs: number; cachedMs: number }> {
  const path = new URL(imageUrl, storefrontUrl).pathname;
  const source = parseImageVariantUrl(path)?.source ?? path;
  for (const variant of variantsOf(source)) {
    const url = new URL(imageVariantUrl(variant), storefrontUrl);
    const cold = await timedGet(url);
    if (cold.cache !== "miss") continue;
    const repeats: number[] = [];
    for (let i = 0; i < REPEATS; i++) repeats.push((await timedGet(url)).ms);
    return { coldMs: cold.ms, cachedMs: median(repeats) };
  }
  throw new Error(`Every variant of ${source} is cached already`);
}

if (import.meta.main) {
  const [storefrontUrl, imageUrl] = process.argv.slice(2);
  if (!storefrontUrl || !imageUrl) throw new Error("Usage: image-latency.ts <storefront URL> <image URL>");
  const { coldMs, cachedMs } = await measureImageLatency(storefrontUrl, imageUrl);
  console.log(
    `image endpoint: cold ${coldMs.toFixed(0)} ms, cached ${cachedMs.toFixed(1)} ms (median of ${REPEATS})`,
  );
}
