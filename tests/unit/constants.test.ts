import { describe, expect, it } from "vitest";
import { IMAGE_QUALITY, IMAGE_SMALL_SIZES, IMAGE_WIDTHS } from "../../src/lib/constants.ts";

describe("images", () => {
  it("lists the image widths, small sizes and quality of spec §9", () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_SMALL_SIZES).toEqual([16, 32, 48, 64, 96, 128, 256, 384]);
    expect(IMAGE_QUALITY).toBe(75);
  });
});
