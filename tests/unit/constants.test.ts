import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AUTH_MARKER_COOKIE_NAME,
  AUTH_TOKEN_COOKIE_NAME,
  CONSENT_BANNER_DELAY_MS,
  CONSENT_COOKIE_NAME,
  COOKIES,
  DESIGN_TOKENS,
  FIRING_LIMITS,
  IMAGE_QUALITY,
  IMAGE_SMALL_SIZES,
  IMAGE_WIDTHS,
  isReqSourceId,
  PARTNER_REQ_SOURCE_IDS,
  REQ_SOURCE,
  REQ_SOURCE_IDS,
  REQ_SOURCE_KEY,
  SESSION_QUERY,
  TOOLTIP,
} from "../../src/lib/constants.ts";
import { isValidCookieName } from "../../src/lib/validation/cookie.ts";

describe("cookies", () => {
  it("names the consent, marker and token cookies", () => {
    expect(CONSENT_COOKIE_NAME).toBe("cc_cookie_v4");
    expect(AUTH_MARKER_COOKIE_NAME).toBe("_hocid_marker");
    expect(AUTH_TOKEN_COOKIE_NAME).toBe("_hocid");
    for (const cookie of Object.values(COOKIES)) expect(isValidCookieName(cookie.name)).toBe(true);
  });

  it("keeps consent for 365 days and both auth cookies for the same time", () => {
    expect(COOKIES.consent.maxAgeDays).toBe(365);
    expect(COOKIES.consent.maxAgeSeconds).toBe(365 * 24 * 60 * 60);
    expect(COOKIES.authMarker.maxAgeSeconds).toBe(COOKIES.authToken.maxAgeSeconds);
    for (const cookie of Object.values(COOKIES))
      expect(cookie.maxAgeSeconds).toBe(cookie.maxAgeDays * 86_400);
  });

  it("hides the token from scripts but not the marker", () => {
    expect(COOKIES.authToken.httpOnly).toBe(true);
    expect(COOKIES.authMarker.httpOnly).toBe(false);
    expect(COOKIES.consent.httpOnly).toBe(false);
  });

  it("shows the consent banner after 2048 ms", () => {
    expect(CONSENT_BANNER_DELAY_MS).toBe(2048);
  });
});

describe("session query", () => {
  it("is fresh for 10 minutes, refetches every 10 minutes and on events, without retry", () => {
    expect(SESSION_QUERY).toEqual({
      freshMs: 600_000,
      refetchIntervalMs: 600_000,
      refetchOnFocus: true,
      refetchOnReconnect: true,
      refetchOnMount: true,
      retry: false,
    });
  });
});

describe("firing limits", () => {
  it("leaves checkout, purchase and cart events unlimited", () => {
    for (const event of ["initiateCheckout", "purchase", "addToCart", "removeFromCart"] as const) {
      expect(FIRING_LIMITS[event]).toBe(Number.POSITIVE_INFINITY);
      expect(1_000_000 < FIRING_LIMITS[event]).toBe(true);
    }
  });

  it("fires purchase success and fail at most twice per id", () => {
    expect(FIRING_LIMITS.purchaseSuccess).toBe(2);
    expect(FIRING_LIMITS.purchaseFail).toBe(2);
    expect(Object.keys(FIRING_LIMITS)).toHaveLength(6);
  });
});

describe("images and tooltip", () => {
  it("lists the image widths, small sizes and quality", () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_SMALL_SIZES).toEqual([16, 32, 48, 64, 96, 128, 256, 384]);
    expect(IMAGE_SMALL_SIZES[0]).toBe(16);
    expect(IMAGE_SMALL_SIZES.at(-1)).toBe(384);
    expect(IMAGE_QUALITY).toBe(75);
  });

  it("uses a 700 ms open delay, 300 ms skip delay and side offset 4", () => {
    expect(TOOLTIP).toEqual({ openDelayMs: 700, skipDelayMs: 300, sideOffset: 4 });
  });
});

describe("request sources", () => {
  it("numbers the channels 1 to 8 under reqSourceId", () => {
    expect(REQ_SOURCE_KEY).toBe("reqSourceId");
    expect(REQ_SOURCE).toEqual({ WEB: 1, MOBILE_ANDROID: 2, MOBILE_IOS: 3 });
    expect(PARTNER_REQ_SOURCE_IDS).toEqual([4, 5, 6, 7, 8]);
    expect(REQ_SOURCE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("checks request source ids", () => {
    expect(isReqSourceId(1)).toBe(true);
    expect(isReqSourceId(8)).toBe(true);
    expect(isReqSourceId(0)).toBe(false);
    expect(isReqSourceId(9)).toBe(false);
    expect(isReqSourceId("1")).toBe(false);
  });
});

describe("design tokens", () => {
  const theme = readFileSync(new URL("../../src/styles/theme.css", import.meta.url), "utf8");
  const themeVar = (name: string): string | undefined =>
    new RegExp(`--${name}:\\s*([^;]+);`).exec(theme)?.[1]?.trim();

  it("has the spec values", () => {
    expect(DESIGN_TOKENS.containerPadding).toBe("2rem");
    expect(DESIGN_TOKENS.largestBreakpointPx).toBe(1400);
    expect(Object.values(DESIGN_TOKENS.radiusPx)).toEqual([1, 2, 6, 8, 12]);
    expect(Object.values(DESIGN_TOKENS.fontWeights)).toEqual([200, 300, 400, 500, 600, 700]);
  });

  it("matches the Tailwind theme", () => {
    expect(themeVar("container-padding")).toBe(DESIGN_TOKENS.containerPadding);
    expect(themeVar("breakpoint-2xl")).toBe(`${DESIGN_TOKENS.largestBreakpointPx}px`);
    for (const [name, px] of Object.entries(DESIGN_TOKENS.radiusPx))
      expect(themeVar(`radius-${name}`)).toBe(`${px}px`);
    for (const [name, weight] of Object.entries(DESIGN_TOKENS.fontWeights)) {
      expect(themeVar(`font-weight-${name}`)).toBe(String(weight));
    }
    expect(themeVar("font-sans")?.startsWith('"Inter Variable"')).toBe(true);
  });

  it("declares all breakpoints in px so Tailwind orders them", () => {
    const breakpoints = [...theme.matchAll(/--breakpoint-[a-z0-9]+:\s*(\d+)px;/g)].map((m) => Number(m[1]));
    expect(breakpoints).toEqual([640, 768, 1024, 1280, 1400]);
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
});
