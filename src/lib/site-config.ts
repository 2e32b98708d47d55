/**
 * What this build (or this server) is: which site of the sites configuration (`SITES_CONFIG`, by default
 * `sites.config.json` in the working directory; `SITE_HOST`), which stage and hosts (`STAGE` and the
 * stage configuration of `stage-config.ts`) and which public origin (`SITE_URL`). astro.config.mjs, the pages, the layout and the operator
 * scripts read these facts here, each from the process environment once; the functions that take an
 * environment are the pure parts. Browser code does not import this module: it reads the stage from
 * `<html data-stage>` (see `src/stores/page.ts`).
 */
import { readFileSync } from "node:fs";
import type { Stage } from "./config.ts";
import { createLogger, type Logger } from "./logger.ts";
import { parseSitesConfig, type SiteConfig, siteForHost } from "./sites.ts";
import { parseStageConfig, type StageConfig } from "./stage-config.ts";

/** Environment variables as the process has them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Port of the storefront when PORT is not set (Astro's default). */
export const DEFAULT_PORT = 4321;

/** Public origin of the site when SITE_URL is not set: the storefront on this machine. */
export const DEFAULT_SITE_URL = `http://localhost:${DEFAULT_PORT}`;

/** The process's environment (empty where there is no process). */
function processEnv(): Env {
  return typeof process === "undefined" ? {} : process.env;
}

/** The sites configuration file an environment names: `SITES_CONFIG`, else `sites.config.json`. */
export function sitesConfigPath(env: Env): string {
  return env.SITES_CONFIG || "sites.config.json";
}

/** The site an environment names: `SITE_HOST` looked up in the sites configuration, the main site when unset. */
export function siteFromEnv(env: Env): SiteConfig {
  const path = sitesConfigPath(env);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `Cannot read the sites configuration ${path}: ${error instanceof Error ? error.message : error}`,
    );
  }
  return siteForHost(parseSitesConfig(json), env.SITE_HOST || undefined);
}

/** The public origin an environment names for Astro's `site`: `SITE_URL`, else the local storefront. */
export function siteUrlFromEnv(env: Env): string {
  return env.SITE_URL ?? DEFAULT_SITE_URL;
}

/** The origin pages build absolute URLs on: Astro's `site` (set in astro.config.mjs), else the default. */
export function siteOrigin(site: URL | undefined): URL {
  return site ?? new URL(DEFAULT_SITE_URL);
}

let site: SiteConfig | undefined;

/** The site this build is for (read once). */
export function currentSite(): SiteConfig {
  site ??= siteFromEnv(processEnv());
  return site;
}

let stageConfig: StageConfig | undefined;

/** The stage configuration of this build or server (read once; throws when it is refused, see stage-config.ts). */
export function currentStageConfig(): StageConfig {
  stageConfig ??= parseStageConfig(processEnv());
  return stageConfig;
}

/** The stage this build or server runs in. */
export function currentStage(): Stage {
  return currentStageConfig().stage;
}

/** A logger of this build or server: its level follows the stage. */
export function siteLogger(scope: string): Logger {
  return createLogger(scope, { stage: currentStage() });
}
