/**
 * Storefront sites (spec §1): the main site holds every organizer and tour; a white-label site runs on its
 * own hostname with its own logo, brand colours and tracking ids, and serves one organizer or one tour.
 * The configuration lives in `sites.config.json`; `SITE_HOST` picks the site a build is for.
 */
import { z } from "zod";

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Must be a #rrggbb colour");
const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be a slug (a-z, 0-9, dashes)");

/** Tracking ids of a site (the consent-gated providers of spec §4). */
export const TrackingIds = z
  .object({
    tagManager: z.string().optional(),
    gtag: z.string().optional(),
    socialPixel: z.string().optional(),
    shortVideoPixel: z.string().optional(),
    sessionRecording: z.string().optional(),
    adNetwork: z.string().optional(),
    emailMarketing: z.string().optional(),
  })
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
    colors: z.object({ brand: HexColor, brandDark: HexColor }).strict().optional(),
    tracking: TrackingIds.default({}),
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
