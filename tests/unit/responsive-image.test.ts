/** The `<picture>` of a service image: variant srcsets per format, made once per image and layout. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { responsiveImage } from "../../src/components/responsive-image.ts";
import { imageSrcset, imageVariantUrl } from "../../src/lib/image-url.ts";

const SERVICE = "http://127.0.0.1:4322";
const POSTER = { url: `${SERVICE}/media/generated/poster-1200x1600.jpg`, width: 1200, height: 1600, alt: "" };

describe("responsiveImage", () => {
  beforeEach(() => {
    vi.stubEnv("DEV", false);
    vi.stubEnv("PASS_API_URL", SERVICE);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("offers AVIF and WebP variants of the widths the image has, and a WebP fallback", () => {
    const widths = [384, 640, 1200, 1920];
    const picture = responsiveImage({ image: POSTER, widths, sizes: "50vw", aspect: 3 / 4 });
    const source = "/media/generated/poster-1200x1600.jpg";
    expect(picture).toEqual({
      src: imageVariantUrl({ source, width: 1200, format: "webp", aspect: [3, 4] }),
      width: 1920,
      height: 2560,
      sizes: "50vw",
      sources: [
        { type: "image/avif", srcset: imageSrcset(source, [384, 640, 1200], "avif", [3, 4]) },
        { type: "image/webp", srcset: imageSrcset(source, [384, 640, 1200], "webp", [3, 4]) },
      ],
    });
  });

  it("makes the picture of an image and layout once, whatever its alt text, and another for another layout", () => {
    const spec = { image: POSTER, widths: [384, 640], sizes: "50vw", aspect: 3 / 4 };
    const first = responsiveImage(spec);
    expect(responsiveImage({ ...spec, image: { ...POSTER, alt: "Plakát" } })).toBe(first);
    const wider = responsiveImage({ ...spec, sizes: "100vw" });
    expect(wider).not.toBe(first);
    expect(wider.sizes).toBe("100vw");
    expect(responsiveImage({ ...spec, aspect: 1 }).sources[0]?.srcset).toContain("-1x1/");
  });

  it("answers for the pass service the build reads now", () => {
    const spec = { image: POSTER, widths: [640], sizes: "50vw" };
    expect(responsiveImage(spec).sources).toHaveLength(2);
    vi.stubEnv("PASS_API_URL", "http://10.0.0.5:4322");
    // Not an image of this service: its own address, no variants.
    expect(responsiveImage(spec)).toEqual({
      src: POSTER.url,
      width: 640,
      height: 853,
      sizes: "50vw",
      sources: [],
    });
  });
});
