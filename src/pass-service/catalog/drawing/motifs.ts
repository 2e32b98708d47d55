/** Motifs shared by posters and photos: rings, stripes, dots, rays and bokeh. */
import { between, blur, type Canvas, circle, hsl, n, o, pick } from "./canvas.ts";

/** Concentric rings around a point. */
export function motifRings(c: Canvas, cx: number, cy: number, color: string): void {
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

/** Tilted translucent stripes across the canvas. */
export function motifStripes(c: Canvas, color: string): void {
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

/** A grid of dots whose sizes swell in waves, over the upper part of the canvas. */
export function motifDots(c: Canvas, color: string): void {
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

/** Light rays fanning out from a point. */
export function motifRays(c: Canvas, cx: number, cy: number, color: string): void {
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

/** Blurred out-of-focus light discs in the given hues, above `maxY`. */
export function bokeh(c: Canvas, count: number, hues: number[], maxY: number): void {
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
