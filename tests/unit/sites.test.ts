import { describe, expect, it } from "vitest";
import sitesJson from "../../sites.config.json" with { type: "json" };
import {
  BRAND_SHADES,
  brandCss,
  brandPalette,
  contrastRatio,
  isWhiteLabel,
  mixColors,
  parseSitesConfig,
  siteForHost,
  siteTracking,
} from "../../src/lib/sites.ts";

const config = parseSitesConfig(sitesJson);

describe("sites.config.json", () => {
  it("holds the main site and the two demo white-label sites, each with its logo", () => {
    expect(isWhiteLabel(config.main)).toBe(false);
    const louka = siteForHost(config, "vstupenky.louka-open-air.example");
    expect(louka.organizerSlug).toBe("louka-open-air");
    expect(louka.logo).toBe("/sites/louka-open-air/logo.svg");
    expect(siteForHost(config, "turne-na-sever.example").eventGroupSlug).toBe("turne-na-sever");
    expect(siteForHost(config, undefined)).toBe(config.main);
    expect(() => siteForHost(config, "unknown.example")).toThrow(/SITE_HOST=unknown.example/);
  });

  it("refuses brand colours that do not read on white", () => {
    const site = {
      host: "x.example",
      name: "X",
      organizerSlug: "x",
      colors: { brand: "#fde047", brandDark: "#14532d" },
    };
    expect(() => parseSitesConfig({ main: config.main, whiteLabel: [site] })).toThrow(
      /whiteLabel\.0\.colors\.brand: Contrast on white is 1\.\d\d:1/,
    );
  });

  it("takes an optional error-reporting DSN, an http(s) URL", () => {
    const dsn = "https://key@o1.ingest.sentry.example/42";
    const parsed = parseSitesConfig({ main: { ...config.main, errorReporting: { dsn } } });
    expect(parsed.main.errorReporting).toEqual({ dsn });
    expect(config.main.errorReporting).toBeUndefined();
    for (const bad of ["not a url", "javascript:alert(1)"]) {
      expect(() => parseSitesConfig({ main: { ...config.main, errorReporting: { dsn: bad } } })).toThrow(
        /main\.errorReporting\.dsn/,
      );
    }
  });
});

describe("brand colours", () => {
  it("computes contrast ratios and mixes colours", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#15803d", "#ffffff")).toBeGreaterThan(4.5);
    expect(mixColors("#000000", "#ffffff", 0.5)).toBe("#808080");
  });

  it("builds a palette from light to dark around the two colours", () => {
    const palette = brandPalette({ brand: "#15803D", brandDark: "#14532d" });
    expect(palette[600]).toBe("#15803d");
    expect(palette[800]).toBe("#14532d");
    const contrasts = BRAND_SHADES.map((shade) => contrastRatio(palette[shade], "#ffffff"));
    expect([...contrasts].sort((a, b) => a - b)).toEqual(contrasts);
  });

  it("overrides the CSS variables only for a site with colours", () => {
    const louka = siteForHost(config, "vstupenky.louka-open-air.example");
    expect(brandCss(louka)).toMatch(/^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand-600:#15803d;/);
    expect(brandCss(config.main)).toBe("");
  });

  it("exposes only the tracking ids that are set", () => {
    const site = { ...config.main, tracking: { gtag: "G-1", tagManager: "" } };
    expect(siteTracking(site)).toEqual({ gtag: "G-1" });
  });
});
