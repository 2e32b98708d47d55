/** The addresses of image variants: built from source, width, format and aspect; parsed back exactly; refusals. */
import { describe, expect, it } from "vitest";
import {
  aspectOf,
  imageSourcePath,
  imageSrcset,
  imageVariantUrl,
  parseImageVariantUrl,
  usefulWidths,
  VARIANT_WIDTHS,
  variantSize,
} from "../../src/lib/image-url.ts";

const SOURCE = "/media/generated/poster-%C5%BElutý-1200x1600.jpg";

describe("image variant addresses", () => {
  it("round-trips every width, format and aspect", () => {
    for (const width of VARIANT_WIDTHS) {
      for (const format of ["avif", "webp"] as const) {
        for (const aspect of [undefined, aspectOf(3 / 4), aspectOf(1), aspectOf(16 / 9)]) {
          const url = imageVariantUrl({ source: SOURCE, width, format, aspect });
          expect(url).toMatch(/^\/_img\/\d+(-\d+x\d+)?\/[A-Za-z0-9_-]+\.(avif|webp)$/);
          expect(parseImageVariantUrl(url)).toEqual({
            source: SOURCE,
            width,
            format,
            ...(aspect ? { aspect } : {}),
          });
        }
      }
    }
  });

  it("is the same address for the same variant and names width, aspect and format", () => {
    const url = imageVariantUrl({ source: "/media/a.jpg", width: 640, format: "avif", aspect: [3, 4] });
    expect(url).toBe("/_img/640-3x4/L21lZGlhL2EuanBn.avif");
    expect(imageVariantUrl({ source: "/media/a.jpg", width: 640, format: "avif", aspect: [3, 4] })).toBe(url);
  });

  it("names each of many sources by its own address, before and after the encoded sources are started anew", () => {
    const sources = Array.from({ length: 5000 }, (_, i) => `/media/generated/photo-${i}.jpg`);
    for (const round of [1, 2]) {
      for (const source of sources) {
        const url = imageVariantUrl({ source, width: 640, format: "webp" });
        expect(parseImageVariantUrl(url)?.source, `round ${round}`).toBe(source);
      }
    }
  });

  it("refuses to build a width, format, aspect or source the endpoint does not serve", () => {
    expect(() => imageVariantUrl({ source: SOURCE, width: 641, format: "avif" })).toThrow(/width/);
    // @ts-expect-error: not a format of the endpoint
    expect(() => imageVariantUrl({ source: SOURCE, width: 640, format: "png" })).toThrow(/format/);
    expect(() => imageVariantUrl({ source: SOURCE, width: 640, format: "avif", aspect: [2, 1] })).toThrow(
      /aspect/,
    );
    expect(() => imageVariantUrl({ source: "/api/v2/events", width: 640, format: "avif" })).toThrow(
      /pass service/,
    );
    expect(() => aspectOf(2)).toThrow(/aspect/);
  });

  it("parses nothing but the canonical address of an allowed variant", () => {
    const good = imageVariantUrl({ source: "/media/a.jpg", width: 640, format: "webp" });
    const encoded = (path: string) => Buffer.from(path).toString("base64url");
    const refused = [
      good.replace("/640/", "/641/"),
      good.replace("/640/", "/0640/"),
      good.replace(".webp", ".png"),
      good.replace(".webp", ".jpg"),
      good.replace("/640/", "/640-2x1/"),
      good.replace("/640/", "/640-6x8/"),
      `/_img/640/${encoded("/media/a.jpg")}=.webp`,
      `/_img/640/${encoded("/media/../api/v2/orders")}.webp`,
      `/_img/640/${encoded("/media/%2e%2e/secret")}.webp`,
      `/_img/640/${encoded("/media//evil.example/x.jpg")}.webp`,
      `/_img/640/${encoded("https://evil.example/media/a.jpg")}.webp`,
      `/_img/640/${encoded("//evil.example/media/a.jpg")}.webp`,
      `/_img/640/${encoded("/media/a.jpg?x=1")}.webp`,
      `/_img/640/${encoded("/api/v2/events")}.webp`,
      `/_img/640/${Buffer.from([0x2f, 0xff, 0xfe]).toString("base64url")}.webp`,
      "/_img/640/.webp",
      "/_img/640/a/b.webp",
      "/_img/640",
    ];
    for (const path of refused) expect(parseImageVariantUrl(path), path).toBeUndefined();
  });

  it("takes the source path of the service's media files only", () => {
    const base = "http://127.0.0.1:4000";
    expect(imageSourcePath("/media/a.jpg", base)).toBe("/media/a.jpg");
    expect(imageSourcePath("http://127.0.0.1:4000/media/a.jpg", base)).toBe("/media/a.jpg");
    expect(imageSourcePath("https://cdn.example/media/a.jpg", base)).toBeUndefined();
    expect(imageSourcePath("/media/a.jpg?v=2", base)).toBeUndefined();
    expect(imageSourcePath("/files/a.jpg", base)).toBeUndefined();
  });
});

describe("variant sizes", () => {
  it("crops to the aspect and never exceeds the source", () => {
    expect(variantSize(640, [3, 4], 1200, 1600)).toEqual({ width: 640, height: 853 });
    expect(variantSize(3840, [3, 4], 1200, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(variantSize(1920, [16, 9], 1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(variantSize(1920, [1, 1], 1600, 900)).toEqual({ width: 900, height: 900 });
    expect(variantSize(640, undefined, 1600, 900)).toEqual({ width: 640, height: 360 });
  });

  it("lists in a srcset only the widths the source can fill, at least one", () => {
    expect(usefulWidths([384, 640, 828, 1200], undefined, 900, 1200)).toEqual([384, 640, 828]);
    expect(usefulWidths([640, 384], [1, 1], 200, 200)).toEqual([384]);
    expect(imageSrcset("/media/a.jpg", [64, 128], "avif", [1, 1])).toBe(
      "/_img/64-1x1/L21lZGlhL2EuanBn.avif 64w, /_img/128-1x1/L21lZGlhL2EuanBn.avif 128w",
    );
  });
});
