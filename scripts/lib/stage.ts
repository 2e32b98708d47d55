/**
 * The start-up check of the stage configuration (`src/lib/stage-config.ts`): every command that builds or
 * serves the storefront calls it first, so a refused configuration ends the process with its message and a
 * non-zero exit code before anything is started, built or served.
 */
import { currentStageConfig } from "../../src/lib/site-config.ts";
import type { StageConfig } from "../../src/lib/stage-config.ts";

/** What `read` returns; when it throws, its message is printed and the process exits with code 1. */
export function startupCheck<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** The stage configuration of this process; a refused one is printed and the process exits with code 1. */
export function checkStageConfig(): StageConfig {
  return startupCheck(currentStageConfig);
}
