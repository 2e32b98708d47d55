/** Avatars: a soft gradient backdrop with a head-and-shoulders silhouette. */
import { between, type Canvas, circle, gradient, hsl, n, o, rect } from "./canvas.ts";

/** Draws an avatar onto the canvas. */
export function drawAvatar(c: Canvas): void {
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
