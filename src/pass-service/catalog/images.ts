/**
 * Locally drawn catalog images: an abstract picture (gradients, circles, waves, stripes) chosen from the
 * descriptor's seed and hue, written as SVG and rasterized with sharp. Pictures carry no text (fonts are not
 * guaranteed on every machine; titles are shown by the HTML). The same descriptor always gives the same bytes.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { z } from "zod";
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

// ---------------------------------------------------------------------------------------------------------
// Drawing helpers

interface Canvas {
  w: number;
  h: number;
  random: () => number;
  hue: number;
  defs: string[];
  body: string[];
  ids: number;
}

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

/** A small fast PRNG (sfc32) seeded from the SHA-1 of the text. */
function seededRandom(text: string): () => number {
  const digest = createHash("sha1").update(text, "utf8").digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** A number rounded to one decimal, as SVG text. */
function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** An opacity rounded to two decimals, as SVG text. */
function o(value: number): string {
  return String(Math.round(Math.min(Math.max(value, 0), 1) * 100) / 100);
}

function between(c: Canvas, min: number, max: number): number {
  return min + c.random() * (max - min);
}

function pick<T>(c: Canvas, items: readonly T[]): T {
  return items[Math.floor(c.random() * items.length)] as T;
}

/** A colour from hue, saturation and lightness (percent), as `#rrggbb`. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(Math.max(saturation, 0), 100) / 100;
  const l = Math.min(Math.max(lightness, 0), 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    let v = p;
    if (t < 1 / 6) v = p + (q - p) * 6 * t;
    else if (t < 1 / 2) v = q;
    else if (t < 2 / 3) v = p + (q - p) * (2 / 3 - t) * 6;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

function newId(c: Canvas, prefix: string): string {
  c.ids += 1;
  return `${prefix}${c.ids}`;
}

/** A gradient definition; stops are `[offset 0–1, colour, opacity]`. Returns its `url(#…)`. */
function gradient(
  c: Canvas,
  type: "linear" | "radial",
  stops: [number, string, number][],
  attrs: Record<string, string | number>,
): string {
  const id = newId(c, type === "linear" ? "lg" : "rg");
  const attrText = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n(v) : v}"`)
    .join("");
  const stopText = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${n(offset * 100)}%" stop-color="${color}" stop-opacity="${o(opacity)}"/>`,
    )
    .join("");
  const tag = type === "linear" ? "linearGradient" : "radialGradient";
  c.defs.push(`<${tag} id="${id}"${attrText}>${stopText}</${tag}>`);
  return `url(#${id})`;
}

/** A Gaussian blur filter; returns its `url(#…)`. */
function blur(c: Canvas, deviation: number): string {
  const id = newId(c, "bl");
  c.defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
  );
  return `url(#${id})`;
}

/** A smooth closed shape under a wave running across the canvas at height `y` (Catmull-Rom through points). */
function wavePath(c: Canvas, y: number, amplitude: number, segments: number): string {
  const phase = between(c, 0, Math.PI * 2);
  const frequency = between(c, 0.7, 1.8);
  const points: [number, number][] = [];
  for (let i = 0; i <= segments; i++) {
    const x = (i / segments) * c.w;
    const wobble = Math.sin((i / segments) * Math.PI * 2 * frequency + phase);
    points.push([x, y + wobble * amplitude + between(c, -0.25, 0.25) * amplitude]);
  }
  const first = points[0] ?? [0, y];
  let d = `M0 ${n(c.h)} L0 ${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(i - 1, 0)] ?? first;
    const p1 = points[i] ?? first;
    const p2 = points[i + 1] ?? p1;
    const p3 = points[Math.min(i + 2, points.length - 1)] ?? p2;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += ` C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} L${n(c.w)} ${n(c.h)} Z`;
}

function rect(c: Canvas, fill: string, extra = ""): void {
  c.body.push(`<rect x="0" y="0" width="${c.w}" height="${c.h}" fill="${fill}"${extra}/>`);
}

function circle(c: Canvas, cx: number, cy: number, r: number, attrs: string): void {
  c.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`);
}

function vignette(c: Canvas, strength: number): void {
  const fill = gradient(
    c,
    "radial",
    [
      [0.55, "#000000", 0],
      [1, "#000000", strength],
    ],
    { cx: "50%", cy: "45%", r: "75%" },
  );
  rect(c, fill);
}

// ---------------------------------------------------------------------------------------------------------
// Motifs shared by posters and photos

function motifRings(c: Canvas, cx: number, cy: number, color: string): void {
  const count = 5 + Math.floor(c.random() * 5);
  const step = Math.min(c.w, c.h) * between(c, 0.05, 0.09);
  for (let i = 1; i <= count; i++) {
    circle(
      c,
      cx,
      cy,
      step * i * 1.4,
      `fill="none" stroke="${color}" stroke-width="${n(between(c, 1.5, 7) * (c.w / 1000))}" stroke-opacity="${o(between(c, 0.12, 0.4))}"`,
    );
  }
}

function motifStripes(c: Canvas, color: string): void {
  const angle = between(c, -40, 40);
  const count = 6 + Math.floor(c.random() * 8);
  const span = Math.hypot(c.w, c.h);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = -span / 2 + (i / count) * span * 2 + between(c, -20, 20);
    const width = span * between(c, 0.015, 0.07);
    parts.push(
      `<rect x="${n(x)}" y="${n(-span)}" width="${n(width)}" height="${n(span * 3)}" fill="${color}" fill-opacity="${o(between(c, 0.05, 0.18))}"/>`,
    );
  }
  c.body.push(`<g transform="rotate(${n(angle)} ${n(c.w / 2)} ${n(c.h / 2)})">${parts.join("")}</g>`);
}

function motifDots(c: Canvas, color: string): void {
  const gap = Math.min(c.w, c.h) * between(c, 0.045, 0.08);
  const phase = between(c, 0, Math.PI * 2);
  const parts: string[] = [];
  for (let y = gap / 2; y < c.h * 0.7; y += gap) {
    for (let x = gap / 2; x < c.w; x += gap) {
      const wave = (Math.sin(x / (gap * 3) + phase) + Math.cos(y / (gap * 4) - phase)) / 4 + 0.5;
      parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(gap * 0.08 + wave * gap * 0.22)}"/>`);
    }
  }
  c.body.push(`<g fill="${color}" fill-opacity="${o(between(c, 0.12, 0.25))}">${parts.join("")}</g>`);
}

function motifRays(c: Canvas, cx: number, cy: number, color: string): void {
  const count = 10 + Math.floor(c.random() * 10);
  const reach = Math.hypot(c.w, c.h);
  const offset = between(c, 0, Math.PI);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = offset + (i / count) * Math.PI * 2;
    const spread = (Math.PI / count) * between(c, 0.25, 0.6);
    parts.push(
      `<polygon points="${n(cx)},${n(cy)} ${n(cx + Math.cos(a - spread) * reach)},${n(cy + Math.sin(a - spread) * reach)} ${n(cx + Math.cos(a + spread) * reach)},${n(cy + Math.sin(a + spread) * reach)}"/>`,
    );
  }
  c.body.push(`<g fill="${color}" fill-opacity="${o(between(c, 0.06, 0.14))}">${parts.join("")}</g>`);
}

function bokeh(c: Canvas, count: number, hues: number[], maxY: number): void {
  const filter = blur(c, Math.min(c.w, c.h) * 0.006);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = Math.min(c.w, c.h) * between(c, 0.015, 0.075);
    parts.push(
      `<circle cx="${n(between(c, 0, c.w))}" cy="${n(between(c, 0, maxY))}" r="${n(r)}" fill="${hsl(pick(c, hues), 85, between(c, 60, 80))}" fill-opacity="${o(between(c, 0.15, 0.55))}"/>`,
    );
  }
  c.body.push(`<g filter="${filter}">${parts.join("")}</g>`);
}

// ---------------------------------------------------------------------------------------------------------
// Kinds

function drawPoster(c: Canvas): void {
  const h0 = c.hue;
  const h1 = h0 + between(c, 25, 70);
  const accent = h0 + between(c, 140, 220);
  rect(
    c,
    gradient(
      c,
      "linear",
      [
        [0, hsl(h0, 65, 16), 1],
        [0.55, hsl(h0 + 15, 65, 30), 1],
        [1, hsl(h1, 72, 46), 1],
      ],
      { x1: between(c, 0, 0.4), y1: 0, x2: between(c, 0.6, 1), y2: 1 },
    ),
  );
  const cx = c.w * between(c, 0.25, 0.75);
  const cy = c.h * between(c, 0.2, 0.45);
  const motif = pick(c, ["rings", "stripes", "dots", "rays"] as const);
  const motifColor = hsl(accent, 80, 72);
  if (motif === "rings") motifRings(c, cx, cy, motifColor);
  else if (motif === "stripes") motifStripes(c, motifColor);
  else if (motif === "dots") motifDots(c, motifColor);
  else motifRays(c, cx, cy, motifColor);

  const glow = gradient(
    c,
    "radial",
    [
      [0, hsl(accent, 95, 75), 0.9],
      [0.45, hsl(accent, 90, 60), 0.35],
      [1, hsl(accent, 90, 55), 0],
    ],
    { cx: "50%", cy: "50%", r: "50%" },
  );
  const radius = c.w * between(c, 0.14, 0.22);
  circle(c, cx, cy, radius * 3, `fill="${glow}"`);
  circle(
    c,
    cx,
    cy,
    radius,
    `fill="${gradient(
      c,
      "linear",
      [
        [0, hsl(accent + 20, 95, 78), 1],
        [1, hsl(accent - 10, 85, 55), 1],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  );
  if (c.random() < 0.6) {
    circle(
      c,
      cx + radius * between(c, -1.6, 1.6),
      cy + radius * between(c, 1.2, 2),
      radius * between(c, 0.2, 0.4),
      `fill="${hsl(h1 + 40, 70, 70)}" fill-opacity="0.8"`,
    );
  }

  const layers = 3 + Math.floor(c.random() * 2);
  for (let i = 0; i < layers; i++) {
    const y = c.h * (0.6 + (i / layers) * 0.3);
    c.body.push(
      `<path d="${wavePath(c, y, c.h * between(c, 0.015, 0.045), 10)}" fill="${hsl(h0 + i * 12, 60, 34 - i * 7)}" fill-opacity="${o(0.75 + i * 0.07)}"/>`,
    );
  }
  vignette(c, 0.45);
}

function drawPhoto(c: Canvas): void {
  const h0 = c.hue;
  const accent = h0 + between(c, 120, 240);
  const scene = pick(c, ["stage", "landscape", "bokeh"] as const);
  if (scene === "landscape") {
    rect(
      c,
      gradient(
        c,
        "linear",
        [
          [0, hsl(h0, 55, 28), 1],
          [0.6, hsl(h0 + 30, 70, 55), 1],
          [1, hsl(accent, 85, 74), 1],
        ],
        { x1: 0, y1: 0, x2: 0, y2: 1 },
      ),
    );
    const sunX = c.w * between(c, 0.2, 0.8);
    const sunY = c.h * between(c, 0.35, 0.55);
    const sunR = Math.min(c.w, c.h) * between(c, 0.08, 0.14);
    circle(
      c,
      sunX,
      sunY,
      sunR * 3,
      `fill="${gradient(
        c,
        "radial",
        [
          [0, hsl(accent, 100, 85), 0.8],
          [1, hsl(accent, 100, 70), 0],
        ],
        { cx: "50%", cy: "50%", r: "50%" },
      )}"`,
    );
    circle(c, sunX, sunY, sunR, `fill="${hsl(accent + 10, 100, 88)}"`);
    for (let i = 0; i < 4; i++) {
      const y = c.h * (0.55 + i * 0.1);
      c.body.push(
        `<path d="${wavePath(c, y, c.h * between(c, 0.03, 0.07), 8)}" fill="${hsl(h0 + 10 + i * 8, 45, 34 - i * 7)}"/>`,
      );
    }
    vignette(c, 0.35);
    return;
  }

  rect(
    c,
    gradient(
      c,
      "linear",
      [
        [0, hsl(h0, 55, 7), 1],
        [1, hsl(h0 + 20, 60, 24), 1],
      ],
      { x1: 0, y1: 0, x2: between(c, 0.2, 0.8), y2: 1 },
    ),
  );
  if (scene === "stage") {
    const beams = 3 + Math.floor(c.random() * 4);
    const beamBlur = blur(c, Math.min(c.w, c.h) * 0.01);
    const parts: string[] = [];
    for (let i = 0; i < beams; i++) {
      const top = c.w * ((i + 0.5) / beams) + between(c, -40, 40);
      const bottom = top + between(c, -0.35, 0.35) * c.w;
      const spread = c.w * between(c, 0.08, 0.18);
      const fill = gradient(
        c,
        "linear",
        [
          [0, hsl(i % 2 === 0 ? accent : h0 + 40, 95, 80), 0.6],
          [1, hsl(i % 2 === 0 ? accent : h0 + 40, 95, 70), 0],
        ],
        { x1: 0, y1: 0, x2: 0, y2: 1 },
      );
      parts.push(
        `<polygon points="${n(top - 6)},0 ${n(top + 6)},0 ${n(bottom + spread)},${n(c.h)} ${n(bottom - spread)},${n(c.h)}" fill="${fill}"/>`,
      );
    }
    c.body.push(`<g filter="${beamBlur}">${parts.join("")}</g>`);
    bokeh(c, 14, [h0, accent, h0 + 40], c.h * 0.6);
    // The crowd: heads and shoulders, a few raised hands, in near black.
    const crowd: string[] = [];
    const headR = c.w * 0.022;
    for (let row = 0; row < 2; row++) {
      const baseY = c.h * (0.86 + row * 0.07);
      for (let x = -headR; x < c.w + headR * 2; x += headR * between(c, 2.1, 3)) {
        const hx = x + between(c, -headR / 2, headR / 2);
        const hy = baseY + between(c, -headR * 0.6, headR * 0.6);
        const r = headR * between(c, 0.85, 1.15) * (1 + row * 0.15);
        crowd.push(`<circle cx="${n(hx)}" cy="${n(hy)}" r="${n(r)}"/>`);
        crowd.push(`<ellipse cx="${n(hx)}" cy="${n(hy + r * 2.6)}" rx="${n(r * 2)}" ry="${n(r * 1.9)}"/>`);
        if (row === 0 && c.random() < 0.12) {
          const tilt = between(c, -20, 20);
          crowd.push(
            `<rect x="${n(hx - r * 0.22)}" y="${n(hy - r * 4.2)}" width="${n(r * 0.44)}" height="${n(r * 3.4)}" rx="${n(r * 0.2)}" transform="rotate(${n(tilt)} ${n(hx)} ${n(hy)})"/>`,
          );
        }
      }
    }
    c.body.push(`<g fill="${hsl(h0, 40, 4)}">${crowd.join("")}</g>`);
  } else {
    bokeh(c, 26, [h0, accent, h0 + 30, accent + 30], c.h);
    motifRings(c, c.w * between(c, 0.2, 0.8), c.h * between(c, 0.3, 0.7), hsl(accent, 80, 75));
  }
  vignette(c, 0.5);
}

function drawLogo(c: Canvas): void {
  const h0 = c.hue;
  const h1 = h0 + between(c, 20, 60);
  const s = Math.min(c.w, c.h);
  const pad = s * 0.04;
  c.body.push(
    `<rect x="${n(pad)}" y="${n(pad)}" width="${n(c.w - pad * 2)}" height="${n(c.h - pad * 2)}" rx="${n(s * 0.22)}" fill="${gradient(
      c,
      "linear",
      [
        [0, hsl(h0, 72, 50), 1],
        [1, hsl(h1, 75, 32), 1],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    )}"/>`,
  );
  const cx = c.w / 2;
  const cy = c.h / 2;
  const white = `fill="#ffffff"`;
  const mark = pick(c, ["rings", "star", "bars", "triangle", "waves"] as const);
  if (mark === "rings") {
    for (let i = 0; i < 3; i++) {
      circle(
        c,
        cx - s * 0.05 * i,
        cy + s * 0.03 * i,
        s * (0.26 - i * 0.075),
        `fill="none" stroke="#ffffff" stroke-width="${n(s * 0.035)}" stroke-opacity="${o(1 - i * 0.25)}"`,
      );
    }
    circle(c, cx - s * 0.1, cy + s * 0.06, s * 0.05, white);
  } else if (mark === "star") {
    const points = 5 + Math.floor(c.random() * 4);
    const outer = s * 0.3;
    const inner = outer * between(c, 0.4, 0.55);
    const rotation = -Math.PI / 2;
    const coords: string[] = [];
    for (let i = 0; i < points * 2; i++) {
      const r = i % 2 === 0 ? outer : inner;
      const a = rotation + (i / (points * 2)) * Math.PI * 2;
      coords.push(`${n(cx + Math.cos(a) * r)},${n(cy + Math.sin(a) * r)}`);
    }
    c.body.push(`<polygon points="${coords.join(" ")}" ${white} stroke="#ffffff" stroke-linejoin="round"/>`);
    circle(c, cx, cy, inner * 0.45, `fill="${hsl(h0, 72, 45)}"`);
  } else if (mark === "bars") {
    const bars = 5;
    const barW = s * 0.07;
    const gap = s * 0.035;
    const total = bars * barW + (bars - 1) * gap;
    for (let i = 0; i < bars; i++) {
      const barH = s * between(c, 0.15, 0.5);
      c.body.push(
        `<rect x="${n(cx - total / 2 + i * (barW + gap))}" y="${n(cy + s * 0.25 - barH)}" width="${n(barW)}" height="${n(barH)}" rx="${n(barW / 2)}" ${white}/>`,
      );
    }
  } else if (mark === "triangle") {
    const r = s * 0.3;
    c.body.push(
      `<polygon points="${n(cx)},${n(cy - r)} ${n(cx + r * 0.9)},${n(cy + r * 0.6)} ${n(cx - r * 0.9)},${n(cy + r * 0.6)}" fill="none" stroke="#ffffff" stroke-width="${n(s * 0.045)}" stroke-linejoin="round"/>`,
    );
    circle(c, cx, cy + r * 0.15, r * 0.28, white);
  } else {
    for (let i = 0; i < 3; i++) {
      const y = cy - s * 0.12 + i * s * 0.12;
      const amp = s * 0.05;
      c.body.push(
        `<path d="M${n(cx - s * 0.28)} ${n(y)} C${n(cx - s * 0.14)} ${n(y - amp * 2)} ${n(cx - s * 0.04)} ${n(y + amp * 2)} ${n(cx + s * 0.1)} ${n(y)} S${n(cx + s * 0.24)} ${n(y - amp)} ${n(cx + s * 0.28)} ${n(y)}" fill="none" stroke="#ffffff" stroke-width="${n(s * 0.04)}" stroke-linecap="round" stroke-opacity="${o(1 - i * 0.2)}"/>`,
      );
    }
  }
}

function drawAvatar(c: Canvas): void {
  const h0 = c.hue;
  const h1 = h0 + between(c, 20, 60);
  const s = Math.min(c.w, c.h);
  rect(
    c,
    gradient(
      c,
      "radial",
      [
        [0, hsl(h1, 60, 66), 1],
        [1, hsl(h0, 55, 30), 1],
      ],
      { cx: "50%", cy: "40%", r: "75%" },
    ),
  );
  for (let i = 0; i < 3; i++) {
    circle(
      c,
      c.w * between(c, 0, 1),
      c.h * between(c, 0, 0.8),
      s * between(c, 0.15, 0.35),
      `fill="${hsl(h1 + between(c, -30, 30), 70, 75)}" fill-opacity="${o(between(c, 0.12, 0.3))}"`,
    );
  }
  const cx = c.w / 2 + between(c, -0.04, 0.04) * c.w;
  const headY = c.h * 0.4;
  const headR = s * between(c, 0.15, 0.18);
  const shoulderY = headY + headR * 1.55;
  const shoulderW = s * between(c, 0.3, 0.36);
  const skin = hsl(h0, 30, 94);
  c.body.push(
    `<path d="M${n(cx - shoulderW)} ${n(c.h)} C${n(cx - shoulderW)} ${n(shoulderY)} ${n(cx - shoulderW * 0.4)} ${n(shoulderY - headR * 0.3)} ${n(cx)} ${n(shoulderY - headR * 0.3)} C${n(cx + shoulderW * 0.4)} ${n(shoulderY - headR * 0.3)} ${n(cx + shoulderW)} ${n(shoulderY)} ${n(cx + shoulderW)} ${n(c.h)} Z" fill="${skin}" fill-opacity="0.92"/>`,
  );
  circle(c, cx, headY, headR, `fill="${skin}"`);
}
