/**
 * Benchmark of the JavaScript each page type loads, per kind of visitor: a first visit (no consent choice
 * yet: the banner loads after 2048 ms), a returning visitor who declined tracking, and one who accepted all
 * on a site that configures every tracking provider. The storefront (`node scripts/start.ts`, its own
 * ports, database folder and build) runs with the end-to-end tests' tracking ids; the providers' own
 * scripts are answered with an empty script and are not counted: the figures are the storefront's own
 * JavaScript, as transferred (compressed) and as decoded, and the number of script files.
 * Then it opens the cookie settings on the event page and prints what that adds.
 * Run: `npm run bench:page-js` (BENCH_PORT picks the storefront's port, default 4471).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { acceptAll, type Consent, declineAll, encodeConsent } from "../../src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "../../src/lib/constants.ts";
import { type PageType, responseBody, samplePath } from "../e2e/support/site.ts";
import { E2E_TRACKING_IDS } from "../e2e/support/trackers.ts";

const ROOT = join(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 4471);
const BASE = `http://127.0.0.1:${PORT}`;
const TYPES: readonly Exclude<PageType, "404">[] = ["index", "organizer", "tour", "event", "cart"];
const VISITORS: readonly { name: string; consent: Consent | null }[] = [
  { name: "first visit", consent: null },
  { name: "declined", consent: declineAll() },
  { name: "accepted all", consent: acceptAll() },
];
/** Longer than the banner's delay, so that everything a page schedules has loaded. */
const SETTLE_MS = 2_500;

/** The storefront with every tracking provider configured, built into its own folder. */
async function startStorefront(): Promise<ChildProcess> {
  const dir = join(ROOT, `.cache/bench-page-js-${PORT}`);
  mkdirSync(dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(ROOT, "sites.config.json"), "utf8"));
  config.main.tracking = E2E_TRACKING_IDS;
  writeFileSync(join(dir, "sites.config.json"), JSON.stringify(config));
  const child = spawn(process.execPath, [join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PASS_PORT: String(PORT + 1),
      PGLITE_DIR: join(dir, "pglite"),
      OUT_DIR: join(dir, "dist"),
      SITES_CONFIG: join(dir, "sites.config.json"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return child;
    } catch {
      if (child.exitCode !== null) throw new Error(`the storefront exited with ${child.exitCode}`);
      if (tries > 2400) throw new Error("the storefront did not start in 10 minutes");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What a page loaded of the storefront's own JavaScript. */
interface ScriptBytes {
  files: number;
  transferred: number;
  decoded: number;
}

/** Counts the storefront's own script responses of a page from now on. */
function countScripts(page: Page): () => Promise<ScriptBytes> {
  const pending: Promise<{ transferred: number; decoded: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script" || new URL(request.url()).origin !== BASE) return;
    pending.push(
      (async () => {
        // A stopped worker's script leaves no sizes behind: its decoded size stands for what it transferred.
        const [sizes, response] = await Promise.all([request.sizes().catch(() => null), request.response()]);
        const body = response ? await responseBody(page, response) : Buffer.alloc(0);
        return { transferred: sizes?.responseBodySize ?? body.length, decoded: body.length };
      })(),
    );
  });
  return async () => {
    const all = await Promise.all(pending);
    return {
      files: all.length,
      transferred: all.reduce((sum, s) => sum + s.transferred, 0),
      decoded: all.reduce((sum, s) => sum + s.decoded, 0),
    };
  };
}

/** A fresh visitor with an optional stored choice; every other origin (the trackers') answers an empty body. */
async function visitor(browser: Browser, consent: Consent | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (consent) {
    await context.addCookies([
      { name: CONSENT_COOKIE, value: encodeConsent(consent, new Date()), url: BASE },
    ]);
  }
  const own = new Set([BASE, `http://127.0.0.1:${PORT + 1}`]);
  await context.route(
    (url) => !own.has(url.origin),
    (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  return context.newPage();
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1).padStart(7);

const server = await startStorefront();
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  console.log(`\nStorefront JavaScript per page type (390 px, cs), ${BASE}`);
  console.log("page type   visitor        files  transferred KB  decoded KB");
  for (const type of TYPES) {
    const path = await samplePath(BASE, type, "cs");
    for (const { name, consent } of VISITORS) {
      const page = await visitor(browser, consent);
      const total = countScripts(page);
      await page.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(SETTLE_MS);
      const bytes = await total();
      console.log(
        `${type.padEnd(11)} ${name.padEnd(14)} ${String(bytes.files).padStart(5)}  ${kb(bytes.transferred)}        ${kb(bytes.decoded)}`,
      );
      await page.context().close();
    }
  }
  const page = await visitor(browser, declineAll());
  await page.goto(`${BASE}${await samplePath(BASE, "event", "cs")}`, { waitUntil: "networkidle" });
  const added = countScripts(page);
  await page.locator("[data-consent-settings]").first().click();
  await page.getByRole("dialog").first().waitFor();
  await page.waitForLoadState("networkidle");
  const settings = await added();
  console.log(
    `\nOpening the cookie settings (event page, declined visitor) loads ${settings.files} files, ` +
      `${kb(settings.transferred).trim()} KB transferred, ${kb(settings.decoded).trim()} KB decoded.`,
  );
  await page.context().close();
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
