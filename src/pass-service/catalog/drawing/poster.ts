/** Posters: a gradient sky, a motif, a glowing disc and rolling hills of colour. */
import { between, type Canvas, circle, gradient, hsl, o, pick, rect, vignette, wavePath } from "./canvas.ts";
import { motifDots, motifRays, motifRings, motifStripes } from "./motifs.ts";

/** Draws a poster onto the canvas. */
export function drawPoster(c: Canvas): void {
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
