/**
 * The canvas the catalog images are drawn on: an SVG text being built, a seeded random source, and the
 * primitives (colours, gradients, blur, waves, rectangles, circles, vignette) every kind of picture uses.
 */
import { createHash } from "node:crypto";

/** An SVG being drawn: its size, its seeded random source and hue, and the defs and body written so far. */
export interface Canvas {
  w: number;
  h: number;
  random: () => number;
  hue: number;
  defs: string[];
  body: string[];
  ids: number;
}

/** A small fast PRNG (sfc32) seeded from the SHA-1 of the text. */
export function seededRandom(text: string): () => number {
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
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** An opacity rounded to two decimals, as SVG text. */
export function o(value: number): string {
  return String(Math.round(Math.min(Math.max(value, 0), 1) * 100) / 100);
}

/** A random number from `min` to `max`. */
export function between(c: Canvas, min: number, max: number): number {
  return min + c.random() * (max - min);
}

/** A random item of the list. */
export function pick<T>(c: Canvas, items: readonly T[]): T {
  return items[Math.floor(c.random() * items.length)] as T;
}

/** A colour from hue, saturation and lightness (percent), as `#rrggbb`. */
export function hsl(hue: number, saturation: number, lightness: number): string {
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

/** A fresh id for a definition, unique within the canvas. */
function newId(c: Canvas, prefix: string): string {
  c.ids += 1;
  return `${prefix}${c.ids}`;
}

/** A gradient definition; stops are `[offset 0–1, colour, opacity]`. Returns its `url(#…)`. */
export function gradient(
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
export function blur(c: Canvas, deviation: number): string {
  const id = newId(c, "bl");
  c.defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
  );
  return `url(#${id})`;
}

/** A smooth closed shape under a wave running across the canvas at height `y` (Catmull-Rom through points). */
export function wavePath(c: Canvas, y: number, amplitude: number, segments: number): string {
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

/** A rectangle over the whole canvas. */
export function rect(c: Canvas, fill: string, extra = ""): void {
  c.body.push(`<rect x="0" y="0" width="${c.w}" height="${c.h}" fill="${fill}"${extra}/>`);
}

/** A circle with the given SVG attributes. */
export function circle(c: Canvas, cx: number, cy: number, r: number, attrs: string): void {
  c.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`);
}

/** Darkens the edges of the canvas; `strength` is the opacity at the corners. */
export function vignette(c: Canvas, strength: number): void {
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
