/**
 * Runtime configuration: the deployment stages of spec §9 (development, staging, beta, production). The stage
 * is read once at start from the `STAGE` variable (development when unset) with its hosts
 * (`stage-config.ts`) by the build and by the storefront's server, and handed to the browser on
 * `<html data-stage>`. It decides the logger's level
 * (`logger.ts`) and whether tracking may run (below); the reference service reads its own `STAGE` with
 * these names. `src/lib` runs in the browser too, so the environment is passed in here.
 */

/** The deployment stages, from local development to production (spec §9). */
export const STAGES = ["development", "staging", "beta", "production"] as const;

/** A deployment stage. */
export type Stage = (typeof STAGES)[number];

/** The stage when `STAGE` is not set. */
export const DEFAULT_STAGE: Stage = "development";

/** Stages that run as deployed environments (every stage except development). */
export const DEPLOYED_STAGES = ["staging", "beta", "production"] as const satisfies readonly Stage[];

/** True when `value` names a stage. */
export function isStage(value: unknown): value is Stage {
  return typeof value === "string" && (STAGES as readonly string[]).includes(value);
}

/** Parses a stage name (trimmed, case-insensitive); anything else throws an Error listing the stages. */
export function parseStage(value: unknown): Stage {
  const name = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (isStage(name)) return name;
  throw new Error(`Unknown stage ${JSON.stringify(value)}: expected one of ${STAGES.join(", ")}`);
}

/** The stage of an environment: its `STAGE` variable, or development when it is unset or blank. */
export function stageFromEnv(env: Readonly<Record<string, string | undefined>>): Stage {
  const value = env.STAGE;
  return value === undefined || value.trim() === "" ? DEFAULT_STAGE : parseStage(value);
}

/** True for a host name of this machine (localhost, 127.0.0.0/8, ::1): the storefront runs locally. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** Tracking runs only on deployed stages or locally, never in e.g. a CI or test build elsewhere (spec §9). */
export function isTrackingEnabled(stage: Stage, isLocal: boolean): boolean {
  return isLocal || (DEPLOYED_STAGES as readonly Stage[]).includes(parseStage(stage));
}
