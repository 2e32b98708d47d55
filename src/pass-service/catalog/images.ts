/**
 * Locally drawn catalog images: an abstract picture (gradients, circles, waves, stripes) chosen from the
 * descriptor's seed and hue, written as SVG and rasterized with sharp. Pictures carry no text (fonts are not
 * guaranteed on every machine; titles are shown by the HTML). The same descriptor always gives the same bytes.
 * This module is the public face (formats, keys, SVG, raster); `drawing/` holds the canvas, the motifs and
 * one module per kind.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { z } from "zod/mini";
import { drawAvatar } from "./drawing/avatar.ts";
import { type Canvas, seededRandom } from "./drawing/canvas.ts";
import { drawLogo } from "./drawing/logo.ts";
import { drawPhoto } from "./drawing/photo.ts";
import { drawPoster } from "./drawing/poster.ts";
import type { GeneratedImage as GeneratedImageSchema } from "./schema.ts";

/** What the seed draws: a poster, logo, photo or avatar from a seed text (see `schema.ts`). */
export type GeneratedImage = z.infer<typeof GeneratedImageSchema>;

/** Kind of a generated image. */
export type GeneratedImageKind = GeneratedImage["kind"];

/** A rasterized image. */
export interface DrawnImage {
  contentType: string;
  bytes: Uint8Array;
  extension: string;
}

/** Version of the drawing; part of every media key, so a changed drawing is stored under new keys. */
export const DRAWING_VERSION = 1;

/** Largest width or height drawn. */
export const MAX_DRAWN_SIZE = 4096;

/** File format of each kind: posters and photos as JPEG, logos and avatars as PNG (they may be transparent). */
export function imageFormatFor(kind: GeneratedImageKind): { contentType: string; extension: string } {
  return kind === "poster" || kind === "photo"
    ? { contentType: "image/jpeg", extension: "jpg" }
    : { contentType: "image/png", extension: "png" };
}

/** Stable storage key of a drawn image, e.g. `generated/poster-3f2a…c1.jpg`; equal descriptors share a key. */
export function mediaKeyFor(desc: GeneratedImage, width: number, height: number): string {
  checkSize(width, height);
  const hash = createHash("sha1")
    .update(
      JSON.stringify([
        DRAWING_VERSION,
        desc.kind,
        desc.seed,
        desc.title ?? null,
        desc.hue ?? null,
        width,
        height,
      ]),
    )
    .digest("hex")
    .slice(0, 20);
  return `generated/${desc.kind}-${hash}.${imageFormatFor(desc.kind).extension}`;
}

/** Draws the descriptor and rasterizes it: posters and photos as progressive JPEG (quality 80), others as PNG. */
export async function drawImage(desc: GeneratedImage, width: number, height: number): Promise<DrawnImage> {
  const svg = drawSvg(desc, width, height);
  const format = imageFormatFor(desc.kind);
  const image = sharp(Buffer.from(svg, "utf8"), { density: 72 });
  const bytes =
    format.extension === "jpg"
      ? await image.flatten({ background: "#000000" }).jpeg({ quality: 80, progressive: true }).toBuffer()
      : await image.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
  return { ...format, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/**
 * The SVG of a descriptor at the given size. `title` is not drawn (no fonts are assumed); it only varies the
 * picture, like the seed.
 */
export function drawSvg(desc: GeneratedImage, width: number, height: number): string {
  checkSize(width, height);
  const random = seededRandom(
    desc.title ? `${desc.kind}\n${desc.seed}\n${desc.title}` : `${desc.kind}\n${desc.seed}`,
  );
  const hue = desc.hue ?? Math.floor(random() * 360);
  const c: Canvas = { w: width, h: height, random, hue, defs: [], body: [], ids: 0 };
  switch (desc.kind) {
    case "poster":
      drawPoster(c);
      break;
    case "photo":
      drawPhoto(c);
      break;
    case "logo":
      drawLogo(c);
      break;
    case "avatar":
      drawAvatar(c);
      break;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${c.defs.join("")}</defs>`,
    ...c.body,
    "</svg>",
  ].join("\n");
}

/** Refuses a width or height that is not an integer 1–`MAX_DRAWN_SIZE`. */
function checkSize(width: number, height: number): void {
  for (const [name, value] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_DRAWN_SIZE) {
      throw new RangeError(`Image ${name} must be an integer 1–${MAX_DRAWN_SIZE}, got ${value}`);
    }
  }
}
