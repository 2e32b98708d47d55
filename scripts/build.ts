/**
 * `npm run build`: builds the storefront into dist/ (or, with SITE_HOST naming a white-label site of
 * sites.config.json, into dist-sites/<host>/; OUT_DIR overrides both). Pages are pre-rendered from the pass
 * service at PASS_API_URL; without it, the embedded demo service (as `npm start` runs it) is started for the
 * build and stopped after.
 */
import { startDemoService } from "./lib/demo-service.ts";
import { buildSite, catalogFingerprint } from "./lib/site.ts";

let passUrl = process.env.PASS_API_URL;
const service = passUrl ? undefined : await startDemoService({ port: 0, logLevel: "warn" });
passUrl ??= service?.url ?? "";
try {
  await buildSite(
    { PASS_API_URL: passUrl, TICKETS_API_URL: process.env.TICKETS_API_URL ?? passUrl },
    { passApiUrl: passUrl, catalog: await catalogFingerprint(passUrl) },
  );
} finally {
  await service?.close();
}
