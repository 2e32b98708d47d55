import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The design tokens of spec §9, written once in src/styles/theme.css. */
describe("design tokens", () => {
  const theme = readFileSync(new URL("../../src/styles/theme.css", import.meta.url), "utf8");
  const themeVar = (name: string): string | undefined =>
    new RegExp(`--${name}:\\s*([^;]+);`).exec(theme)?.[1]?.trim();

  it("has the spec values: container padding, largest breakpoint, radius sizes, font weights", () => {
    expect(themeVar("container-padding")).toBe("2rem");
    expect(themeVar("breakpoint-2xl")).toBe("1400px");
    const radius = { xs: 1, sm: 2, md: 6, lg: 8, xl: 12 };
    for (const [name, px] of Object.entries(radius)) expect(themeVar(`radius-${name}`)).toBe(`${px}px`);
    const weights = { extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700 };
    for (const [name, weight] of Object.entries(weights)) {
      expect(themeVar(`font-weight-${name}`)).toBe(String(weight));
    }
    expect(themeVar("font-sans")?.startsWith('"Inter Variable"')).toBe(true);
  });

  it("declares all breakpoints in px so Tailwind orders them", () => {
    const breakpoints = [...theme.matchAll(/--breakpoint-[a-z0-9]+:\s*(\d+)px;/g)].map((m) => Number(m[1]));
    expect(breakpoints).toEqual([352, 400, 640, 768, 1024, 1280, 1400]);
  });

  it("defines the brand palette with brand-700 readable on white (WCAG AA)", () => {
    const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
    const luminance = (hex: string): number => {
      const [r = 0, g = 0, b = 0] = [1, 3, 5]
        .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);
    const colors = steps.map((step) => themeVar(`color-brand-${step}`) ?? "");
    for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    // Darker with every step.
    for (let i = 1; i < colors.length; i++) {
      expect(luminance(colors[i] ?? "")).toBeLessThan(luminance(colors[i - 1] ?? ""));
    }
    expect(contrastOnWhite(themeVar("color-brand-700") ?? "")).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(themeVar("color-brand-600") ?? "")).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(themeVar("color-brand-500") ?? "")).toBeGreaterThanOrEqual(3);
  });

  it("loads Inter from Tailwind's lg breakpoint up (src/layouts/FontLoader.astro)", () => {
    const loader = readFileSync(new URL("../../src/layouts/FontLoader.astro", import.meta.url), "utf8");
    expect(/const FONT_MEDIA = "([^"]+)";/.exec(loader)?.[1]).toBe(
      `(min-width: ${themeVar("breakpoint-lg")})`,
    );
  });
});
