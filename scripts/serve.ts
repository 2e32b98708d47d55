/**
 * `node scripts/serve.ts`: serves an already built storefront (OUT_DIR, else dist/ or dist-sites/<SITE_HOST>/)
 * on HOST:PORT with the production server of `src/server/`. `npm start` runs it after building; an operator
 * runs it alone where the site is deployed. The stage configuration (STAGE and the hosts, checked first: a
 * refused one exits with code 1 before serving), PASS_API_URL and CSP_EXTRA (extra Content-Security-Policy
 * sources) shape the CSP; TRUST_PROXY names the proxies whose
 * X-Forwarded-Proto is believed (HSTS) and X-Forwarded-For passed on to the pass service; with PASS_API_URL it
 * serves the session endpoints `/api/auth/*` and the image endpoint `/_img/…` (variants cached in IMAGE_CACHE_DIR,
 * default <dist>/image-cache); STAGE (development by default) sets how much the server logs and, with
 * DEBUG_ACCOUNT_IDS and DEBUG_EMAIL_DOMAIN, who may open the staff debugger (`src/lib/debug-access.ts`).
 * Stops cleanly on SIGTERM and SIGINT.
 */
import { debugAccessFromEnv } from "../src/lib/debug-access.ts";
import { currentStage, DEFAULT_PORT, siteLogger } from "../src/lib/site-config.ts";
import { parseTrustProxy } from "../src/lib/trust-proxy.ts";
import { parseCspExtra } from "../src/server/security.ts";
import { startStorefrontServer } from "../src/server/server.ts";
import { DIST, imageCacheDir } from "./lib/site.ts";
import { checkStageConfig, startupCheck } from "./lib/stage.ts";

const { hosts } = checkStageConfig();
const debugAccess = startupCheck(() => debugAccessFromEnv(process.env, currentStage()));
const server = await startStorefrontServer({
  distDir: DIST,
  host: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? DEFAULT_PORT),
  passApiUrl: process.env.PASS_API_URL,
  imageCacheDir: imageCacheDir(),
  serviceUrls: [process.env.PASS_API_URL, hosts.api, hosts.pass, hosts.tickets],
  cspExtra: parseCspExtra(process.env.CSP_EXTRA),
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  logger: siteLogger("storefront"),
  debugAccess,
});
if (!process.env.SERVE_PARENT_PID) console.log(`Serving ${DIST} at ${server.url}/`);

let stopping = false;
/** Stops the server (requests in flight finish) and exits. */
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

// Started by `npm start`: stop when that process is gone, even if it could not tell us.
const parent = Number(process.env.SERVE_PARENT_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop();
    }
  }, 1000).unref();
}
