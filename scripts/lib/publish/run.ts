/**
 * The publisher as the commands use it: the options of a run against a pass service, rollback, and the
 * watch loop (`npm run rebuild:watch`, `npm start`): a run every REBUILD_INTERVAL seconds, never two at once.
 */
import { DIST } from "../site.ts";
import { type PublishOptions, type PublishReport, publish } from "./publish.ts";
import { currentRelease, previousRelease, switchCurrent } from "./release.ts";

/** Seconds between watch runs: REBUILD_INTERVAL (default 60; 0 turns the watch off). */
export function rebuildInterval(): number {
  const value = Number(process.env.REBUILD_INTERVAL ?? 60);
  return Number.isFinite(value) && value >= 0 ? value : 60;
}

/** The options of a run against the pass service at `passUrl`. */
export function publishOptions(passUrl: string, extra: Partial<PublishOptions> = {}): PublishOptions {
  return {
    env: { PASS_API_URL: passUrl },
    inputs: { passApiUrl: passUrl },
    ...extra,
  };
}

/** Switches `current` back to the release before it; returns it (undefined: there is none). */
export function rollback(): string | undefined {
  const previous = previousRelease(DIST);
  if (previous) switchCurrent(DIST, previous);
  return previous;
}

/** The release being served (for messages). */
export function servedRelease(): string | undefined {
  return currentRelease(DIST);
}

/** Runs the publisher every `seconds` (the next run starts when the last one ended); returns a stop function. */
export function watchPublish(
  opts: PublishOptions,
  seconds: number,
  onRun: (report: PublishReport) => void = () => {},
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = publish(opts)
        .then(onRun, () => {})
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, seconds * 1000);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
