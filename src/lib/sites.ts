/**
 * Storefront sites (spec §1): the main site holds every organizer and tour; a white-label site runs on its
 * own hostname with its own logo, brand colours and tracking ids, and serves one organizer or one tour.
 * The configuration lives in `sites.config.json`; `SITE_HOST` picks the site a build is for.
 */
import { z } from "zod";
import { TRACKING_PROVIDERS, type TrackingIdMap, type TrackingProviderKey } from "./consent/providers.ts";
import { PROVIDER_SOURCES } from "./consent/sources.ts";

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Must be a #rrggbb colour");
const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be a slug (a-z, 0-9, dashes)");

/** Tracking ids of a site: one per provider it uses (spec §7), each checked against the provider's id shape. */
export const TrackingIds = z
  .object(
    Object.fromEntries(
      TRACKING_PROVIDERS.map((key) => {
        const source = PROVIDER_SOURCES[key];
        return [key, z.string().regex(source.idPattern, `Must look like ${source.idExample}`).optional()];
      }),
    ) as Record<TrackingProviderKey, z.ZodOptional<z.ZodString>>,
  )
  .strict();

/** One site of the storefront. */
export const SiteConfig = z
  .object({
    host: z.string().min(1).meta({ description: "Hostname the site is served on, e.g. tickets.example.cz" }),
    name: z.string().min(1).meta({ description: "Shown next to the logo and in page titles" }),
    logo: z
      .string()
      .regex(/^\/[A-Za-z0-9_./-]+\.(svg|png|webp)$/, "Must be a path under public/, e.g. /sites/x/logo.svg")
      .optional(),
    colors: z
      .object({ brand: HexColor, brandDark: HexColor })
      .strict()
      .superRefine((colors, ctx) => {
        // Links, buttons with white text and the logo use these colours: they must read on white (WCAG AA).
        for (const key of ["brand", "brandDark"] as const) {
          const ratio = contrastRatio(colors[key], "#ffffff");
          if (ratio < 4.5) {
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: `Contrast on white is ${ratio.toFixed(2)}:1; links and buttons need at least 4.5:1`,
            });
          }
        }
      })
      .optional(),
    tracking: TrackingIds.default({}),
    errorReporting: z
      .object({
        dsn: z
          .url({ protocol: /^https?$/ })
          .meta({ description: "DSN of the error-reporting service (Sentry) tracking failures go to" }),
      })
      .strict()
      .optional(),
    organizerSlug: Slug.optional(),
    eventGroupSlug: Slug.optional(),
  })
  .strict()
  .refine((s) => !(s.organizerSlug && s.eventGroupSlug), "A site serves one organizer or one tour, not both");

/** One site of the storefront. */
export type SiteConfig = z.infer<typeof SiteConfig>;

/** The configuration file: the main site and the white-label sites. */
export const SitesConfig = z
  .object({ main: SiteConfig, whiteLabel: z.array(SiteConfig).default([]) })
  .strict()
  .superRefine((config, ctx) => {
    if (config.main.organizerSlug || config.main.eventGroupSlug) {
      ctx.addIssue({
        code: "custom",
        path: ["main"],
        message: "The main site holds every organizer and tour",
      });
    }
    config.whiteLabel.forEach((site, i) => {
      if (!site.organizerSlug && !site.eventGroupSlug) {
        ctx.addIssue({
          code: "custom",
          path: ["whiteLabel", i],
          message: "Needs an organizerSlug or an eventGroupSlug",
        });
      }
    });
    const hosts = [config.main, ...config.whiteLabel].map((s) => s.host);
    hosts.forEach((host, i) => {
      if (hosts.indexOf(host) !== i)
        ctx.addIssue({ code: "custom", path: ["whiteLabel"], message: `Host ${host} repeats` });
    });
  });

/** The configuration file. */
export type SitesConfig = z.infer<typeof SitesConfig>;

/** Parses the configuration; the error lists each bad field as `path: reason`. */
export function parseSitesConfig(json: unknown): SitesConfig {
  const result = SitesConfig.safeParse(json);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`Invalid sites.config.json:\n  ${lines.join("\n  ")}`);
}

/** The site for a host: a white-label site, else the main site (also for an empty host). */
export function siteForHost(config: SitesConfig, host: string | undefined): SiteConfig {
  if (!host) return config.main;
  const site = [config.main, ...config.whiteLabel].find((s) => s.host === host);
  if (!site) throw new Error(`SITE_HOST=${host} is not in sites.config.json`);
  return site;
}

/** True for a white-label site (one organizer or one tour). */
export function isWhiteLabel(site: SiteConfig): boolean {
  return Boolean(site.organizerSlug || site.eventGroupSlug);
}

/** The shades of the Tailwind brand palette (`--color-brand-<shade>`). */
export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes two #rrggbb colours: `amount` 0 gives `from`, 1 gives `to`. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex([0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * amount) as Rgb);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string): number => {
    const [r, g, b] = parseHex(hex).map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A site's brand palette from its two colours: tints of `brand` towards white for 50–500, `brand` at 600,
 * between the two at 700, `brandDark` at 800 and shades of it towards black for 900 and 950.
 */
export function brandPalette(colors: {
  brand: string;
  brandDark: string;
}): Record<(typeof BRAND_SHADES)[number], string> {
  const { brand, brandDark } = colors;
  const white = "#ffffff";
  const black = "#000000";
  return {
    50: mixColors(white, brand, 0.06),
    100: mixColors(white, brand, 0.12),
    200: mixColors(white, brand, 0.24),
    300: mixColors(white, brand, 0.42),
    400: mixColors(white, brand, 0.65),
    500: mixColors(white, brand, 0.85),
    600: brand.toLowerCase(),
    700: mixColors(brand, brandDark, 0.5),
    800: brandDark.toLowerCase(),
    900: mixColors(brandDark, black, 0.15),
    950: mixColors(brandDark, black, 0.4),
  };
}

/** The CSS that gives a page the site's brand colours (overrides `--color-brand-*`), or "" for the default palette. */
export function brandCss(site: SiteConfig): string {
  if (!site.colors) return "";
  const palette = brandPalette(site.colors);
  return `:root{${BRAND_SHADES.map((shade) => `--color-brand-${shade}:${palette[shade]}`).join(";")}}`;
}

/** The site's tracking ids that are set: the providers its pages may load once consent grants them. */
export function siteTracking(site: SiteConfig): TrackingIdMap {
  return Object.fromEntries(Object.entries(site.tracking).filter(([, id]) => typeof id === "string" && id));
}
