/**
 * Warming the LCP images of published pages: after a release is published, the image variants its pages'
 * LCP preloads (`<link rel="preload" as="image" imagesrcset …>`, written by `BaseLayout.astro`) point to
 * are made through the image endpoint's own encoder and cache (`src/server/images.ts`), so the first
 * visitor of a page reads its main image from disk instead of waiting for sharp. Only the variants a phone
 * and a desktop pick (the viewports of {@link WARM_VIEWPORTS}) in the preload's format, one at a time, in
 * the background: publishing never waits for it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseImageVariantUrl } from "../../../src/lib/image-url.ts";
import { variantStore } from "../../../src/server/images.ts";

/** The viewports whose pick is warmed: Lighthouse's mobile (Moto G Power) and desktop screens. */
export const WARM_VIEWPORTS = [
  { width: 412, dpr: 1.75 },
  { width: 1350, dpr: 1 },
] as const;

/** A viewport: CSS pixels wide, device pixels per CSS pixel. */
type Viewport = { width: number; dpr: number };

/** What a warm-up did. */
export interface WarmReport {
  /** Distinct LCP variants the pages point to. */
  variants: number;
  /** Of them, encoded now. */
  encoded: number;
  /** Of them, already in the cache. */
  cached: number;
  /** Of them, that could not be made (their source is missing or no image). */
  failed: number;
  seconds: number;
}

/** A length of a `sizes` value (`24rem`, `320px`, `42vw`, `calc(100vw - 2rem)`) in CSS pixels. */
export function cssLength(text: string, viewport: Viewport): number | undefined {
  const value = text.trim();
  const calc = /^calc\((.*)\)$/.exec(value);
  if (calc?.[1]) {
    const terms = calc[1].split(/\s+([+-])\s+/);
    let total = cssLength(terms[0] ?? "", viewport);
    for (let i = 1; total !== undefined && i < terms.length; i += 2) {
      const term = cssLength(terms[i + 1] ?? "", viewport);
      if (term === undefined) return undefined;
      total += terms[i] === "-" ? -term : term;
    }
    return total;
  }
  const match = /^(-?\d*\.?\d+)(px|rem|em|vw)$/.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]);
  return match[2] === "vw" ? (n * viewport.width) / 100 : match[2] === "px" ? n : n * 16;
}

/** The slot width (CSS px) a `sizes` attribute gives at a viewport: the first entry whose media matches. */
export function slotWidth(sizes: string, viewport: Viewport): number {
  for (const entry of sizes.split(",")) {
    const match = /^\s*(\((?:min|max)-width:\s*[^)]+\))?\s*(.+?)\s*$/.exec(entry);
    if (!match?.[2]) continue;
    const [, media, length] = match;
    if (media) {
      const [, kind, bound] = /\((min|max)-width:\s*([^)]+)\)/.exec(media) ?? [];
      const limit = cssLength(bound ?? "", viewport);
      if (limit === undefined) continue;
      if (kind === "min" ? viewport.width < limit : viewport.width > limit) continue;
    }
    const px = cssLength(length, viewport);
    if (px !== undefined) return px;
  }
  return viewport.width;
}

/** The candidate of a `srcset` (`url 640w, …`) a browser picks for a slot: the narrowest wide enough, else the widest. */
export function pickCandidate(srcset: string, slot: number, dpr: number): string | undefined {
  const candidates = srcset
    .split(",")
    .map((c) => c.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? "", width: Number.parseInt(w ?? "", 10) }))
    .filter((c) => c.url && Number.isFinite(c.width))
    .sort((a, b) => a.width - b.width);
  return (candidates.find((c) => c.width >= slot * dpr) ?? candidates.at(-1))?.url;
}

/** The value of an attribute of a tag's source text. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1]?.replaceAll("&amp;", "&");
}

/** The addresses of the image variants a page's LCP preload points to at the warmed viewports. */
export function lcpPreloadUrls(html: string, viewports: readonly Viewport[] = WARM_VIEWPORTS): string[] {
  const end = html.indexOf("</head>");
  const head = end >= 0 ? html.slice(0, end) : html;
  const urls = new Set<string>();
  for (const [tag] of head.matchAll(/<link\s[^>]*rel="preload"[^>]*>/g)) {
    if (attribute(tag, "as") !== "image") continue;
    const srcset = attribute(tag, "imagesrcset");
    const href = attribute(tag, "href");
    for (const viewport of viewports) {
      const url = srcset
        ? pickCandidate(srcset, slotWidth(attribute(tag, "imagesizes") ?? "100vw", viewport), viewport.dpr)
        : href;
      if (url) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * Makes the LCP variants of the given published page files (under `clientDir`) through the endpoint's
 * cache in `cacheDir`, one at a time (sharp keeps the event loop free); never throws.
 */
export async function warmLcpImages(opts: {
  clientDir: string;
  files: readonly string[];
  passApiUrl: string;
  cacheDir: string;
}): Promise<WarmReport> {
  const started = performance.now();
  const store = variantStore({ passApiUrl: opts.passApiUrl, cacheDir: opts.cacheDir });
  const urls = new Set<string>();
  for (const file of opts.files) {
    if (!file.endsWith(".html")) continue;
    const html = await readFile(join(opts.clientDir, file), "utf8").catch(() => "");
    for (const url of lcpPreloadUrls(html)) urls.add(new URL(url, "http://site").pathname);
  }
  const report: WarmReport = { variants: 0, encoded: 0, cached: 0, failed: 0, seconds: 0 };
  for (const url of urls) {
    const variant = parseImageVariantUrl(url);
    if (!variant) continue;
    report.variants++;
    try {
      if (await store.has(variant)) {
        report.cached++;
        continue;
      }
      const stored = await store.get(variant);
      if ("refused" in stored) report.failed++;
      else if (stored.cache === "miss") report.encoded++;
      else report.cached++;
    } catch {
      report.failed++;
    }
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
