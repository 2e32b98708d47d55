/** Photos: a landscape at sunset, a stage with beams and a crowd, or a field of bokeh. */
import {
  between,
  blur,
  type Canvas,
  circle,
  gradient,
  hsl,
  n,
  pick,
  rect,
  vignette,
  wavePath,
} from "./canvas.ts";
import { bokeh, motifRings } from "./motifs.ts";

/** Draws a photo onto the canvas. */
export function drawPhoto(c: Canvas): void {
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
