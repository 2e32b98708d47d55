/**
 * `npm start`: runs the reference pass service (embedded, PGlite under .data/, demo catalog on first start)
 * unless PASS_API_URL points at another one, publishes the storefront (scripts/lib/publish/: the pages that
 * changed, everything when the code changed), serves it, prints the URLs, republishes every REBUILD_INTERVAL
 * seconds (default 60, 0 turns it off) while serving, and stops everything cleanly on Ctrl-C. `--dev` runs Astro's dev server instead of the build.
 * SITE_HOST picks a white-label site of sites.config.json (built into dist-sites/<host>/). The stage
 * configuration (STAGE and its hosts, src/lib/stage-config.ts) is checked first: a refused one exits with
 * code 1 before anything starts.
 * The embedded service is the demo (scripts/lib/demo-service.ts): its payments go through the built-in TEST
 * gateway, unless the operator names the providers in PAYMENT_PROVIDERS.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { DEFAULT_LOCALE, LOCALES } from "../src/lib/i18n/config.ts";
import { localePrefix } from "../src/lib/routes.ts";
import { DEFAULT_PORT } from "../src/lib/site-config.ts";
import { DEFAULT_PASS_PORT } from "../src/lib/stage-config.ts";
import type { RunningService } from "../src/pass-service/server.ts";
import { startDemoService } from "./lib/demo-service.ts";
import { publish } from "./lib/publish/publish.ts";
import { publishOptions, rebuildInterval, servedRelease, watchPublish } from "./lib/publish/run.ts";
import { DIST, ROOT, SITE, serveSite } from "./lib/site.ts";
import { checkStageConfig } from "./lib/stage.ts";

const stage = checkStageConfig().stage;
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? DEFAULT_PORT);
const dev = process.argv.includes("--dev");

let service: RunningService | undefined;
let passUrl = process.env.PASS_API_URL;
if (!passUrl) {
  service = await startDemoService({
    host,
    port: Number(process.env.PASS_PORT || DEFAULT_PASS_PORT),
    settings: { corsOrigins: [`http://${host}:${port}`, `http://localhost:${port}`] },
  });
  passUrl = service.url;
}
const siteEnv = { PASS_API_URL: passUrl };

let stopping = false;
let stopWatch: () => Promise<void> = async () => {};
/** Stops the storefront child, the rebuild watch and the embedded service, then exits. */
async function shutdown(
  child: { kill(signal: NodeJS.Signals): boolean } | undefined,
  code: number,
): Promise<never> {
  stopping = true;
  child?.kill("SIGTERM");
  await stopWatch();
  await service?.close();
  process.exit(code);
}

const base = `http://${host}:${port}`;
/** "en: http://…/en/, de: …" for every prefixed locale. */
const otherLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)
  .map((locale) => `${locale}: ${base}${localePrefix(locale)}/`)
  .join(", ");
const banner = (): void =>
  console.log(
    `\nStorefront:    ${base}/   (${otherLocales})` +
      `\nSite:          ${SITE.name} (${SITE.host}), ${stage} stage${dev ? "" : `, built in ${DIST}`}` +
      `\nPass service:  ${passUrl}/   (OpenAPI: ${passUrl}/openapi.json)${service ? "" : "  [external]"}` +
      (service?.mailboxUrl ? `\nMailbox:       ${service.mailboxUrl}   (mail the service sent)` : "") +
      "\nPress Ctrl-C to stop.\n",
  );

if (dev) {
  const child = spawn(
    process.execPath,
    [join(ROOT, "node_modules/astro/bin/astro.mjs"), "dev", "--host", host, "--port", String(port)],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...siteEnv } },
  );
  banner();
  process.on("SIGINT", () => void shutdown(child, 0));
  process.on("SIGTERM", () => void shutdown(child, 0));
  child.on("exit", (code) => void (stopping ? undefined : shutdown(undefined, code ?? 0)));
} else {
  const options = publishOptions(passUrl);
  console.log("Publishing the storefront…");
  const first = await publish(options);
  if (first.mode === "failed" && !servedRelease()) await shutdown(undefined, 1);
  const server = await serveSite({ host, port, env: siteEnv });
  const interval = rebuildInterval();
  if (interval > 0) stopWatch = watchPublish(options, interval);
  banner();
  process.on("SIGINT", () => void shutdown(server, 0));
  process.on("SIGTERM", () => void shutdown(server, 0));
  server.on("exit", (code) => void (stopping ? undefined : shutdown(undefined, code ?? 1)));
}
