/** Logos: a rounded gradient tile with a white mark (rings, star, bars, triangle or waves). */
import { between, type Canvas, circle, gradient, hsl, n, o, pick } from "./canvas.ts";

/** Draws a logo onto the canvas. */
export function drawLogo(c: Canvas): void {
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
