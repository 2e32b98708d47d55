/**
 * `npm run build`: a full publish of the storefront (scripts/lib/publish/) into dist/releases/ and
 * dist/current (or, with SITE_HOST naming a white-label site of sites.config.json, into dist-sites/<host>/;
 * OUT_DIR overrides both). Pages are rendered from the pass service at PASS_API_URL; without it, the
 * embedded demo service (as `npm start` runs it) is started for the build and stopped after. A refused stage
 * configuration (src/lib/stage-config.ts) exits with code 1 before anything is built.
 */
import { startDemoService } from "./lib/demo-service.ts";
import { publish } from "./lib/publish/publish.ts";
import { publishOptions } from "./lib/publish/run.ts";
import { checkStageConfig } from "./lib/stage.ts";

checkStageConfig();

let passUrl = process.env.PASS_API_URL;
const service = passUrl ? undefined : await startDemoService({ port: 0, logLevel: "warn" });
passUrl ??= service?.url ?? "";
let failed = false;
try {
  // A build does no image work (it reads no image and writes none): the LCP image warm-up is for the
  // publishes of a serving site (`npm start`, `npm run rebuild`).
  failed = (await publish(publishOptions(passUrl, { full: true, warm: false }))).mode === "failed";
} finally {
  await service?.close();
}
process.exit(failed ? 1 : 0);
