/**
 * `npm run rebuild`: publishes the site once (scripts/lib/publish/): only the pages whose data changed since
 * the current release, or everything when the code changed. `--full` forces a full run, `--rollback` switches
 * back to the previous release. `npm run rebuild:watch` (`--watch`) runs every REBUILD_INTERVAL seconds
 * (default 60). The pass service is PASS_API_URL, else the one `npm start` runs (PASS_PORT, default 4322).
 * SITE_HOST and OUT_DIR pick the site and its folder as for `npm run build`; REBUILD_REPORT=<file> writes
 * each run's summary as JSON (again with the LCP image warm-up when it ended: see lib/publish/warm.ts).
 */
import { publish, warmingDone } from "./lib/publish/publish.ts";
import { publishOptions, rebuildInterval, rollback, servedRelease, watchPublish } from "./lib/publish/run.ts";
import { checkStageConfig } from "./lib/stage.ts";

const { passApiUrl: passUrl } = checkStageConfig();

const args = process.argv.slice(2);
if (args.includes("--rollback")) {
  const release = rollback();
  console.log(
    release
      ? `Serving ${release} again.`
      : `No earlier release to go back to (serving ${servedRelease() ?? "nothing"}).`,
  );
  process.exit(release ? 0 : 1);
}

const options = publishOptions(passUrl, { full: args.includes("--full") });
if (args.includes("--watch")) {
  const seconds = rebuildInterval() || 60;
  console.log(`Publishing now and every ${seconds} s from ${passUrl} (Ctrl-C stops).`);
  await publish(options);
  const stop = watchPublish({ ...options, full: false }, seconds);
  const quit = (): void => void stop().then(() => process.exit(0));
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
} else {
  const report = await publish(options);
  // The new release already serves; the LCP images of its pages are made before the command ends.
  await warmingDone();
  process.exit(report.mode === "failed" ? 1 : 0);
}
