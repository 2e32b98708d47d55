/**
 * The public part of the stage configuration (spec §9): the stage, the release and the four public hosts a
 * page may show (the staff debugger, the app links). The layout writes it into the page's `#stage-config`
 * data block; browser code reads it back here. Parsing the environment lives in `stage-config.ts`; this module
 * stays small for the browser.
 */
import { isStage, type Stage } from "./config.ts";

/** The public hosts every stage has (spec §9). */
export const STAGE_HOSTS = ["api", "pass", "tickets", "hub"] as const;

/** One of a stage's public hosts. */
export type StageHost = (typeof STAGE_HOSTS)[number];

/** What a page may show of the stage configuration: nothing secret, nothing internal. */
export interface PublicStageConfig {
  /** The deployment stage. */
  readonly stage: Stage;
  /** The version the site was built from. */
  readonly release: string;
  /** The stage's public hosts as origins. */
  readonly hosts: Readonly<Record<StageHost, string>>;
}

/** Id of the page's data block that holds its public stage configuration. */
export const STAGE_CONFIG_ID = "stage-config";

/** True for an object whose `key` is a string. */
function hasString(value: object, key: string): boolean {
  return typeof (value as Record<string, unknown>)[key] === "string";
}

/** Reads a public stage configuration from a page's data block; undefined when it is missing or malformed. */
export function publicStageConfigFromJson(json: string | null | undefined): PublicStageConfig | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || !hasString(value, "release")) return undefined;
  const { stage, release, hosts } = value as Record<string, unknown>;
  if (!isStage(stage) || typeof hosts !== "object" || hosts === null) return undefined;
  if (!STAGE_HOSTS.every((host) => hasString(hosts, host))) return undefined;
  const picked = Object.fromEntries(
    STAGE_HOSTS.map((host) => [host, (hosts as Record<StageHost, string>)[host]]),
  );
  return { stage, release: release as string, hosts: picked as Record<StageHost, string> };
}
