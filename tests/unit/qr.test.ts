import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, qrMatrix, qrPath, qrSvg } from "../../src/lib/qr.ts";

/** Reads a matrix the way a phone's camera would: drawn 4 px a module with its quiet zone, then decoded. */
function scan(m: ReturnType<typeof qrMatrix>): string | undefined {
  const scale = 4;
  const side = (m.size + 2 * QR_QUIET_ZONE) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const dark = m.isDark(Math.floor(px / scale) - QR_QUIET_ZONE, Math.floor(py / scale) - QR_QUIET_ZONE);
      const i = (py * side + px) * 4;
      pixels.fill(dark ? 0 : 255, i, i + 3);
      pixels[i + 3] = 255;
    }
  }
  return jsQR(pixels, side, side)?.data;
}

/** Reads the dark modules back out of an SVG made by qrSvg: "x,y" of every module its path covers. */
function modulesOfSvg(svg: string): Set<string> {
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)?.[1] ?? "";
  const dark = new Set<string>();
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) dark.add(`${Number(x) + i},${y}`);
  }
  // Every command of the path is one of those runs: nothing else is drawn.
  expect(d.replace(/M(\d+) (\d+)h(\d+)v1h-\3z/g, "")).toBe("");
  return dark;
}

/** The 7×7 finder pattern: a dark ring, a light ring, a dark 3×3 centre. */
function isFinderModule(dx: number, dy: number): boolean {
  const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
  return ring !== 2;
}

describe("qrMatrix", () => {
  it("encodes a short text as version 1 (21 × 21) with the three finder patterns", () => {
    const m = qrMatrix("VST-8F3K-2Q9M", "M");
    expect(m.size).toBe(21);
    for (const [ox, oy] of [
      [0, 0],
      [14, 0],
      [0, 14],
    ] as const) {
      for (let dy = 0; dy < 7; dy++) {
        for (let dx = 0; dx < 7; dx++) expect(m.isDark(ox + dx, oy + dy)).toBe(isFinderModule(dx, dy));
      }
    }
    expect(m.isDark(-1, 0)).toBe(false);
    expect(m.isDark(21, 0)).toBe(false);
  });

  it("scans back to its text with an independent decoder, at every error correction level", () => {
    const text = "https://vstupio.example/t/ABCDEF0123456789";
    for (const level of ["L", "M", "Q", "H"] as const) {
      expect(scan(qrMatrix(text, level))).toBe(text);
    }
    expect(scan(qrMatrix("VST-8F3K-2Q9M-Ž"))).toBe("VST-8F3K-2Q9M-Ž");
  });

  it("grows with the error correction level", () => {
    const text = "x".repeat(40);
    expect(qrMatrix(text, "H").size).toBeGreaterThan(qrMatrix(text, "L").size);
  });

  it("refuses an empty text", () => {
    expect(() => qrMatrix("")).toThrow(RangeError);
  });
});

describe("qrSvg", () => {
  const text = "VST-8F3K-2Q9M";

  it("draws exactly the dark modules of the matrix, offset by the quiet zone", () => {
    const m = qrMatrix(text, "M");
    const expected = new Set<string>();
    for (let y = 0; y < m.size; y++) {
      for (let x = 0; x < m.size; x++) {
        if (m.isDark(x, y)) expected.add(`${x + QR_QUIET_ZONE},${y + QR_QUIET_ZONE}`);
      }
    }
    const svg = qrSvg(text);
    const drawn = modulesOfSvg(svg);
    expect(drawn.size).toBe(expected.size);
    expect(drawn).toEqual(expected);
    // A known input, a known count: version 1 with its three 7×7 finders (33 dark each) at least.
    expect(drawn.size).toBeGreaterThan(3 * 33);
    expect(svg).toContain('viewBox="0 0 29 29"');
  });

  it("is one standalone, crisp SVG with a single path for the dark modules", () => {
    const svg = qrSvg(text, { label: "Ticket" });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title>Ticket</title>");
  });

  it("is deterministic", () => {
    expect(qrSvg(text, { label: "A" })).toBe(qrSvg(text, { label: "A" }));
    expect(qrSvg(text)).not.toBe(qrSvg(`${text}X`));
  });

  it("escapes the title and the class", () => {
    const svg = qrSvg(text, { label: `<script>alert("x")</script> & 'more'`, className: `a" onload="x` });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain(
      "<title>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;more&#39;</title>",
    );
    expect(svg).toContain('class="a&#34; onload=&#34;x"');
  });

  it("is decorative (aria-hidden) without a label", () => {
    const svg = qrSvg(text);
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).not.toContain("<title>");
    expect(svg).not.toContain('role="img"');
  });

  it("honours the margin and size options", () => {
    const svg = qrSvg(text, { margin: 0, size: 160 });
    expect(svg).toContain('viewBox="0 0 21 21"');
    expect(svg).toContain('width="160" height="160"');
    expect(svg).toContain(`d="${qrPath(qrMatrix(text), 0)}"`);
    expect(() => qrSvg(text, { margin: -1 })).toThrow(RangeError);
  });

  it("makes a bigger code for a higher error correction level", () => {
    const long = "https://vstupio.example/ticket/0123456789abcdef";
    const side = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    expect(side(qrSvg(long, { errorCorrection: "H" }))).toBeGreaterThan(
      side(qrSvg(long, { errorCorrection: "L" })),
    );
  });
});
