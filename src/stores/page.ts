/**
 * What a page tells its islands on `<html>`: the pass service's public URL (`data-pass-url`) and the stage
 * the site was built for (`data-stage`), both written by BaseLayout, the logger that follows the stage, and
 * the tracking ids of the site (the `#site-tracking` data block), the error-reporting DSN and release
 * (`data-error-dsn`, `data-release`), and the public stage configuration (the `#stage-config` data block).
 */

import { DEFAULT_STAGE, isStage, type Stage } from "../lib/config.ts";
import { SITE_TRACKING_ID, type TrackingIdMap, trackingIdsFromJson } from "../lib/consent/providers.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { type PublicStageConfig, publicStageConfigFromJson, STAGE_CONFIG_ID } from "../lib/stage-public.ts";

/** The `<html>` data attributes, or none outside a browser. */
function pageData(): DOMStringMap {
  return typeof document === "undefined" ? {} : document.documentElement.dataset;
}

/** Base URL of the pass service for the browser, from `<html data-pass-url>`. */
export function passUrl(): string {
  const url = pageData().passUrl;
  if (!url) throw new Error("The page does not name the pass service (<html data-pass-url>)");
  return url.replace(/\/+$/, "");
}

/** The stage the page was built for, from `<html data-stage>` (development when the page does not say). */
export function pageStage(): Stage {
  const stage = pageData().stage;
  return isStage(stage) ? stage : DEFAULT_STAGE;
}

/** A logger of the browser for a scope (`[order] …`): errors only in production, every level elsewhere. */
export function pageLogger(scope: string): Logger {
  return createLogger(scope, { stage: pageStage() });
}

/** The error-reporting service's DSN of the site, from `<html data-error-dsn>` (none: nothing is reported). */
export function pageErrorDsn(): string | undefined {
  return pageData().errorDsn || undefined;
}

/** The release the page was built from, from `<html data-release>`. */
export function pageRelease(): string | undefined {
  return pageData().release || undefined;
}

/** The tracking ids the site configures, from the page's `#site-tracking` data block (none outside a browser). */
export function pageTrackingIds(): TrackingIdMap {
  if (typeof document === "undefined") return {};
  return trackingIdsFromJson(document.getElementById(SITE_TRACKING_ID)?.textContent);
}

/** The public stage configuration the page was built with (stage, release, the four hosts), from `#stage-config`. */
export function pageStageConfig(): PublicStageConfig | undefined {
  if (typeof document === "undefined") return undefined;
  return publicStageConfigFromJson(document.getElementById(STAGE_CONFIG_ID)?.textContent);
}
