/** Locally drawn catalog images: formats, sizes, determinism and storage keys. */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DRAWING_VERSION,
  drawImage,
  drawSvg,
  type GeneratedImage,
  imageFormatFor,
  MAX_DRAWN_SIZE,
  mediaKeyFor,
} from "../../src/pass-service/catalog/images.ts";

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("drawImage", () => {
  const cases: { desc: GeneratedImage; width: number; height: number; format: "jpeg" | "png" }[] = [
    { desc: { kind: "poster", seed: "lakomec", hue: 350 }, width: 1200, height: 1600, format: "jpeg" },
    { desc: { kind: "photo", seed: "arena-holesovice", hue: 220 }, width: 1600, height: 900, format: "jpeg" },
    {
      desc: { kind: "photo", seed: "louka-open-air-ohlednuti-1" },
      width: 1600,
      height: 1067,
      format: "jpeg",
    },
    { desc: { kind: "logo", seed: "agentura-vltava", hue: 210 }, width: 512, height: 512, format: "png" },
    { desc: { kind: "avatar", seed: "klara-horakova", hue: 330 }, width: 800, height: 800, format: "png" },
  ];

  for (const { desc, width, height, format } of cases) {
    it(`draws a ${desc.kind} ${width}×${height} as ${format.toUpperCase()}`, async () => {
      const image = await drawImage(desc, width, height);
      expect(startsWith(image.bytes, format === "jpeg" ? JPEG_MAGIC : PNG_MAGIC)).toBe(true);
      expect(image.contentType).toBe(`image/${format}`);
      expect(image.extension).toBe(format === "jpeg" ? "jpg" : "png");
      const meta = await sharp(image.bytes).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(height);
    });
  }

  it("keeps odd and tiny sizes exactly", async () => {
    for (const [width, height] of [
      [1, 1],
      [37, 91],
      [333, 20],
    ] as const) {
      const meta = await sharp(
        (await drawImage({ kind: "photo", seed: "odd" }, width, height)).bytes,
      ).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it("gives byte-identical output for the same descriptor", async () => {
    for (const kind of ["poster", "photo", "logo", "avatar"] as const) {
      const desc: GeneratedImage = { kind, seed: "same-seed", hue: 120, title: "Vstupio" };
      const a = await drawImage(desc, 240, 180);
      const b = await drawImage({ ...desc }, 240, 180);
      expect(sameBytes(a.bytes, b.bytes), kind).toBe(true);
    }
  });

  it("gives different output for different seeds, hues and titles", async () => {
    for (const kind of ["poster", "photo", "logo", "avatar"] as const) {
      const base = await drawImage({ kind, seed: "seed-a", hue: 40 }, 200, 200);
      const otherSeed = await drawImage({ kind, seed: "seed-b", hue: 40 }, 200, 200);
      const otherHue = await drawImage({ kind, seed: "seed-a", hue: 200 }, 200, 200);
      const titled = await drawImage({ kind, seed: "seed-a", hue: 40, title: "Louka" }, 200, 200);
      expect(sameBytes(base.bytes, otherSeed.bytes), `${kind} seed`).toBe(false);
      expect(sameBytes(base.bytes, otherHue.bytes), `${kind} hue`).toBe(false);
      expect(sameBytes(base.bytes, titled.bytes), `${kind} title`).toBe(false);
    }
  });

  it("refuses sizes that are not integers from 1 to the maximum", async () => {
    const desc: GeneratedImage = { kind: "poster", seed: "x" };
    for (const [w, h] of [
      [0, 10],
      [10, -1],
      [MAX_DRAWN_SIZE + 1, 10],
      [10.5, 10],
      [Number.NaN, 10],
    ] as const) {
      await expect(drawImage(desc, w, h)).rejects.toThrow(RangeError);
      expect(() => mediaKeyFor(desc, w, h)).toThrow(RangeError);
    }
  });
});

describe("drawSvg", () => {
  it("is deterministic, sized as asked and free of text", () => {
    const desc: GeneratedImage = { kind: "poster", seed: "svg", hue: 10, title: "Lakomec" };
    const svg = drawSvg(desc, 300, 400);
    expect(drawSvg({ ...desc }, 300, 400)).toBe(svg);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="400" viewBox="0 0 300 400">/,
    );
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("Lakomec");
    expect(drawSvg({ ...desc, seed: "svg-2" }, 300, 400)).not.toBe(svg);
  });
});

describe("imageFormatFor and mediaKeyFor", () => {
  it("stores posters and photos as JPEG, logos and avatars as PNG", () => {
    expect(imageFormatFor("poster")).toEqual({ contentType: "image/jpeg", extension: "jpg" });
    expect(imageFormatFor("photo")).toEqual({ contentType: "image/jpeg", extension: "jpg" });
    expect(imageFormatFor("logo")).toEqual({ contentType: "image/png", extension: "png" });
    expect(imageFormatFor("avatar")).toEqual({ contentType: "image/png", extension: "png" });
  });

  it("gives a stable key named by kind and format", () => {
    const desc: GeneratedImage = { kind: "poster", seed: "lakomec", hue: 350 };
    const key = mediaKeyFor(desc, 1200, 1600);
    expect(key).toMatch(/^generated\/poster-[0-9a-f]{20}\.jpg$/);
    expect(mediaKeyFor({ hue: 350, seed: "lakomec", kind: "poster" }, 1200, 1600)).toBe(key);
    expect(mediaKeyFor({ kind: "logo", seed: "a" }, 512, 512)).toMatch(/^generated\/logo-[0-9a-f]{20}\.png$/);
    expect(mediaKeyFor({ kind: "avatar", seed: "a" }, 800, 800)).toMatch(/\.png$/);
    expect(mediaKeyFor({ kind: "photo", seed: "a" }, 800, 800)).toMatch(/\.jpg$/);
    // The key is a hash of what is drawn and the drawing version, the same on every machine and run.
    const hash = createHash("sha1")
      .update(JSON.stringify([DRAWING_VERSION, "poster", "lakomec", null, 350, 1200, 1600]))
      .digest("hex")
      .slice(0, 20);
    expect(key).toBe(`generated/poster-${hash}.jpg`);
  });

  it("gives a new key when anything drawn changes", () => {
    const desc: GeneratedImage = { kind: "photo", seed: "gallery-1", hue: 90 };
    const key = mediaKeyFor(desc, 1600, 1067);
    const others = [
      mediaKeyFor({ ...desc, seed: "gallery-2" }, 1600, 1067),
      mediaKeyFor({ ...desc, hue: 91 }, 1600, 1067),
      mediaKeyFor({ kind: "photo", seed: "gallery-1" }, 1600, 1067),
      mediaKeyFor({ ...desc, title: "Louka" }, 1600, 1067),
      mediaKeyFor({ ...desc, kind: "poster" }, 1600, 1067),
      mediaKeyFor(desc, 1600, 1066),
      mediaKeyFor(desc, 1599, 1067),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});
